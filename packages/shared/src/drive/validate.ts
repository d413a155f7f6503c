import { FILE_NAME_MAX, FOLDER_NAME_MAX } from './limits.js';
import { DriveMsg } from './messages.js';

/**
 * Characters no name may hold: the spec's * “ ? < > and the / and : its placeholder lists (both
 * widths), plus the ASCII quote, backslash and control characters that break paths and headers.
 */
const BAD_NAME_CHARS = /[/／:：*“”"?<>\\|]/u;
const hasControlChar = (s: string) => [...s].some((c) => (c.codePointAt(0) ?? 0) < 0x20 || c === '\u007f');

/** Names are compared and stored in NFC so that a name typed on two systems is one name. */
export function normalizeName(name: string): string {
  return name.normalize('NFC').trim();
}

/**
 * The text of the first broken rule of a name, or null when it is valid (spec 000 §5).
 * Length counts characters as the user sees them (code points), not UTF-16 units.
 */
export function nameError(raw: string, kind: 'folder' | 'file' = 'folder'): string | null {
  const name = normalizeName(raw);
  if (name.length === 0) return DriveMsg.FOLDER_NAME_EMPTY;
  if (BAD_NAME_CHARS.test(name) || hasControlChar(name)) return DriveMsg.NAME_BAD_CHARS;
  const length = [...name].length;
  if (kind === 'folder' && length > FOLDER_NAME_MAX) return DriveMsg.NAME_TOO_LONG;
  if (kind === 'file' && length > FILE_NAME_MAX) return DriveMsg.FILE_NAME_TOO_LONG;
  if (name === '.' || name === '..') return DriveMsg.NAME_RESERVED;
  return null;
}
