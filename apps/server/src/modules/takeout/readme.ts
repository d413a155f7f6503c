import type { TakeoutPart } from '../../platform/takeout-part.js';

/**
 * The zip's README.txt: what each folder and file is and which app opens it, from the parts'
 * own lines. CRLF, UTF-8 with a BOM, so Windows' Notepad shows the Chinese right.
 */
export function readmeText(productName: string, parts: readonly TakeoutPart[], createdAt: string): Buffer {
  const lines = [
    `${productName} · 导出全部数据`,
    `生成时间（北京时间）：${createdAt}`,
    '',
    '本压缩包包含您账号中的全部数据，每类数据一个文件夹：',
    '',
  ];
  for (const part of parts) {
    lines.push(`【${part.folder}/】`);
    for (const line of part.readme) {
      lines.push(line.path === '' ? `  ${line.text}` : `  ${part.folder}/${line.path}：${line.text}`);
    }
    lines.push('');
  }
  lines.push(
    '没有数据的类别不会出现文件夹。',
    '文本文件均为 UTF-8 编码。压缩包较大（超过 4 GB）时使用 ZIP64 格式，请用 7-Zip、WinRAR、Windows 自带的解压或 unzip 6.0 以上版本解压。',
    '',
  );
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\r\n'), 'utf8')]);
}
