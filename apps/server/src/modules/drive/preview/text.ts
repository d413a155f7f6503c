import jschardet from 'jschardet';

/** A text preview: the decoded text and the encoding it was read in. */
export interface DecodedText {
  text: string;
  /** What the viewer shows, e.g. 'UTF-8', 'GBK', 'Big5'. */
  encoding: string;
}

/** The detector's names to a WHATWG TextDecoder label and the name shown. */
const LABELS: Record<string, [label: string, shown: string]> = {
  'utf-8': ['utf-8', 'UTF-8'],
  ascii: ['utf-8', 'UTF-8'],
  gb2312: ['gb18030', 'GBK'],
  gbk: ['gb18030', 'GBK'],
  gb18030: ['gb18030', 'GBK'],
  big5: ['big5', 'Big5'],
  shift_jis: ['shift_jis', 'Shift_JIS'],
  'euc-jp': ['euc-jp', 'EUC-JP'],
  'euc-kr': ['euc-kr', 'EUC-KR'],
  'iso-2022-jp': ['iso-2022-jp', 'ISO-2022-JP'],
  'utf-16le': ['utf-16le', 'UTF-16LE'],
  'utf-16be': ['utf-16be', 'UTF-16BE'],
  'windows-1252': ['windows-1252', 'Windows-1252'],
  'iso-8859-1': ['windows-1252', 'Windows-1252'],
  'iso-8859-2': ['iso-8859-2', 'ISO-8859-2'],
  'iso-8859-5': ['iso-8859-5', 'ISO-8859-5'],
  'iso-8859-7': ['iso-8859-7', 'ISO-8859-7'],
  'windows-1251': ['windows-1251', 'Windows-1251'],
  'koi8-r': ['koi8-r', 'KOI8-R'],
};

function isUtf8(bytes: Uint8Array, truncated: boolean): boolean {
  try {
    // A file cut at 1 MB may end inside a character: `stream` lets that last one wait.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: truncated });
    return true;
  } catch {
    return false;
  }
}

/**
 * Decodes the first bytes of a text file: byte-order marks first, then UTF-8 when the bytes are
 * valid UTF-8, else the encoding the detector names (GBK for the GB2312 / GBK / GB18030 family,
 * read as GB18030, its superset); a guess it cannot make is read as GBK, the most common
 * non-UTF-8 encoding of Chinese files. A character cut by the 1 MB limit is dropped.
 */
export function decodeText(bytes: Uint8Array, truncated: boolean): DecodedText {
  let label: string;
  let shown: string;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) [label, shown] = ['utf-8', 'UTF-8'];
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) [label, shown] = ['utf-16le', 'UTF-16LE'];
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) [label, shown] = ['utf-16be', 'UTF-16BE'];
  else if (isUtf8(bytes, truncated)) [label, shown] = ['utf-8', 'UTF-8'];
  else {
    // The detector reads a sample; 64 KiB is plenty to tell the common encodings apart.
    const guess = jschardet.detect(Buffer.from(bytes.subarray(0, 64 * 1024)), { minimumThreshold: 0.1 });
    [label, shown] = LABELS[(guess.encoding ?? '').toLowerCase()] ?? ['gb18030', 'GBK'];
  }
  const decoder = new TextDecoder(label, { ignoreBOM: false });
  let text = decoder.decode(bytes, { stream: truncated });
  if (truncated && text.endsWith('\uFFFD')) text = text.slice(0, -1);
  return { text, encoding: shown };
}
