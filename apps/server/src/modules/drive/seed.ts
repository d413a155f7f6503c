import { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import { DRIVE_ROOT_NUMERIC_ID } from '@phonecloud/shared';
import type { AppDeps } from '../../http/context.js';
import { DriveService } from './service.js';
import { Uploads } from './upload/uploads.js';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * A real PNG (gradient) so the demo drive has pictures that open.
 * @package
 */
export function makePng(width: number, height: number, hue: number): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const i = row + 1 + x * 3;
      raw[i] = (hue + (x * 255) / width) & 0xff;
      raw[i + 1] = ((y * 255) / height) & 0xff;
      raw[i + 2] = (255 - hue) & 0xff;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * One second of a tone as 16-bit mono WAV.
 * @package
 */
export function makeWav(seconds: number, hz: number): Buffer {
  const rate = 16000;
  const samples = Math.round(rate * seconds);
  const out = Buffer.alloc(44 + samples * 2);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    out.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 12000), 44 + i * 2);
  return out;
}

/**
 * A one-page PDF with a line of text.
 * @package
 */
export function makePdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Deterministic bytes (xorshift), so a demo "binary" compresses like real data and is the same on every start.
 * @package
 */
export function makeBytes(size: number, seed: number): Buffer {
  const out = Buffer.alloc(size);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/**
 * Folders and files of several kinds and sizes for the demo account.
 * @package
 */
export async function seedDrive(deps: AppDeps, userId: number): Promise<void> {
  const drive = new DriveService(deps);
  const uploads = new Uploads(drive);
  await drive.open(userId);
  const folder = async (parent: number, name: string) =>
    (await drive.createFolder(userId, parent, name, 'v2')).id;
  const file = async (parent: number, name: string, bytes: Buffer) => {
    await uploads.uploadStream(
      userId,
      { parentId: parent, name, size: bytes.length, face: 'v1', nameMode: 'auto_rename' },
      Readable.from([bytes]),
    );
  };
  const root = DRIVE_ROOT_NUMERIC_ID;
  const docs = await folder(root, '文档');
  const photos = await folder(root, '照片');
  const spring = await folder(photos, '2024春节');
  const music = await folder(root, '音乐');
  await folder(root, '视频');
  const apps = await folder(root, '安装包');

  await file(
    root,
    '欢迎使用云盘.txt',
    Buffer.from('欢迎使用云盘！\n您可以在这里上传、下载、移动和分享文件。\n', 'utf8'),
  );
  await file(docs, '会议纪要.md', Buffer.from('# 周例会\n\n- 进度：云盘上线\n- 下周：通讯录同步\n', 'utf8'));
  await file(
    docs,
    '通讯录备份.csv',
    Buffer.from('\ufeff姓名,电话\n张三,13800000001\n李四,13800000002\n', 'utf8'),
  );
  await file(docs, '设置.json', Buffer.from(JSON.stringify({ skin: '05', sync: true }, null, 2), 'utf8'));
  await file(docs, '年度报告.pdf', makePdf('Annual report 2024'));
  await file(photos, '日落.png', makePng(640, 400, 200));
  await file(photos, '海边.png', makePng(320, 240, 40));
  await file(spring, '团圆饭.png', makePng(800, 600, 10));
  await file(music, '提示音.wav', makeWav(1, 440));
  await file(apps, '数据包.bin', makeBytes(3 * 1024 * 1024 + 123, 7));
}
