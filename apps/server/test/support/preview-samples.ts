import sharp from 'sharp';

/** Sample files of the preview tests, made here (no binary fixtures needed). */

/** A JPEG photo-like picture (gradient and noise) of w × h. */
export async function jpegOf(w: number, h: number, quality = 85): Promise<Buffer> {
  const raw = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      raw[i] = (x * 255) / w;
      raw[i + 1] = (y * 255) / h;
      raw[i + 2] = ((x ^ y) * 7) & 255;
    }
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

/** A flat picture in a colour, any format sharp writes (png keeps an alpha channel). */
export function imageOf(
  format: 'png' | 'webp' | 'gif' | 'jpeg',
  w: number,
  h: number,
  colour = { r: 30, g: 120, b: 220, alpha: 0.6 },
): Promise<Buffer> {
  return sharp({ create: { width: w, height: h, channels: 4, background: colour } })
    .toFormat(format)
    .toBuffer();
}

/** A one-page PDF with a line of text, offsets computed (readers check the xref table). */
export function pdfOf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = `BT /F1 18 Tf 20 70 Td (${text}) Tj ET`;
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, n) => {
    offsets.push(out.length);
    out += `${n + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A mono 16-bit WAV tone of `seconds` (8 kHz). */
export function wavOf(seconds: number): Buffer {
  const rate = 8000;
  const n = Math.round(seconds * rate);
  const b = Buffer.alloc(44 + n * 2);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + n * 2, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i++)
    b.writeInt16LE(Math.round(Math.sin((i * 2 * Math.PI * 440) / rate) * 8000), 44 + i * 2);
  return b;
}

/** A Chinese text of three lines saved in GBK (the bytes as an editor on Windows writes them). */
export const GBK_TEXT =
  '这是一个用GBK编码保存的中文文本文件。\n第二行：云盘预览应当自动识别编码，并正确显示汉字、标点和数字123。\n第三行：春眠不觉晓，处处闻啼鸟。夜来风雨声，花落知多少。\n';
export const GBK_BYTES = Buffer.from(
  'd5e2cac7d2bbb8f6d3c347424bb1e0c2ebb1a3b4e6b5c4d6d0cec4cec4b1becec4bcfea1a30ab5dab6fed0d0a3bad4c6c5ccd4a4c0c0d3a6b5b1d7d4b6afcab6b1f0b1e0c2eba3acb2a2d5fdc8b7cfd4cabebabad7d6a1a2b1eab5e3bacdcafdd7d6313233a1a30ab5dac8fdd0d0a3bab4bac3dfb2bbbef5cffea3acb4a6b4a6cec5cce4c4f1a1a3d2b9c0b4b7e7d3eac9f9a3acbba8c2e4d6aab6e0c9d9a1a30a',
  'hex',
);
