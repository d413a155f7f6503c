import {
  NOTE_TEXT_MAX,
  type Note,
  NoteApi,
  type NoteBlock,
  NoteBlockType,
  NoteMode,
  NoteMsg,
  NoteStatus,
} from '@phonecloud/shared';
import type { NoteInputSchema } from '@phonecloud/shared/api';
import type { z } from 'zod';
import { invalid } from '../../http/errors.js';
import type { NoteRow } from './repo.js';

export type ParsedNote = z.output<typeof NoteInputSchema>;

/** What the notes row keeps in `doc`. */
export interface NoteDoc {
  title: string;
  content: NoteBlock[];
  remindtime: number;
  remind: number;
}

const FILE_PREFIX = `${NoteApi.file}/`;
const KEY_RE = /^[0-9a-f]{64}$/;

/** The blob key of a `cloud_path` this server answered, or null. */
export function fileKeyOf(cloudPath: string): string | null {
  if (!cloudPath.startsWith(FILE_PREFIX)) return null;
  const key = cloudPath.slice(FILE_PREFIX.length);
  return KEY_RE.test(key) ? key : null;
}
export function filePath(key: string): string {
  return `${FILE_PREFIX}${key}`;
}

/**
 * The blocks as stored: a text line's `checked` follows its `mode` (a line with only `checked`
 * is a checklist line), and file blocks must name files this server answered.
 */
export function normaliseBlocks(blocks: NonNullable<ParsedNote['content']>): {
  content: NoteBlock[];
  files: string[];
} {
  const content: NoteBlock[] = [];
  const files: string[] = [];
  let chars = 0;
  for (const b of blocks) {
    if (b.type === NoteBlockType.TEXT) {
      const mode =
        b.mode ??
        (b.checked === undefined ? NoteMode.PLAIN : b.checked ? NoteMode.CHECKED : NoteMode.UNCHECKED);
      chars += b.content.length;
      content.push({
        type: NoteBlockType.TEXT,
        content: b.content,
        mode,
        checked: mode === NoteMode.CHECKED ? 1 : 0,
      });
      continue;
    }
    const path = b.type === NoteBlockType.IMAGE ? b.content : b.link;
    const key = fileKeyOf(path);
    if (!key) throw invalid(NoteMsg.FILE_MISSING);
    files.push(key);
    content.push(
      b.type === NoteBlockType.IMAGE
        ? { type: NoteBlockType.IMAGE, content: filePath(key) }
        : {
            type: NoteBlockType.RECORD,
            content: b.content.slice(0, 255),
            link: filePath(key),
            ...(b.duration !== undefined ? { duration: b.duration } : {}),
          },
    );
  }
  if (chars > NOTE_TEXT_MAX) throw invalid(NoteMsg.TEXT_TOO_LONG);
  return { content, files: [...new Set(files)] };
}

/** Spec 001 §4: a note is worth keeping with text (the title's too), an image or a recording. */
export function hasSubstance(title: string, content: readonly NoteBlock[]): boolean {
  if (title.trim()) return true;
  return content.some((b) => b.type !== NoteBlockType.TEXT || b.content.trim() !== '');
}

/** The note's `mode`: 2 without checklist lines, 1 when every one is checked, 0 otherwise. */
export function noteMode(content: readonly NoteBlock[]): number {
  const lines = content.filter((b) => b.type === NoteBlockType.TEXT && b.mode !== NoteMode.PLAIN);
  if (lines.length === 0) return NoteMode.PLAIN;
  return lines.every((b) => b.type === NoteBlockType.TEXT && b.mode === NoteMode.CHECKED)
    ? NoteMode.CHECKED
    : NoteMode.UNCHECKED;
}

export function parseDoc(doc: string): NoteDoc {
  return JSON.parse(doc) as NoteDoc;
}

/** A row as the calls answer it. */
export function noteOfRow(row: NoteRow, onBoard: boolean): Note {
  const doc = parseDoc(row.doc);
  return {
    server_id: String(row.id),
    version_code: Number(row.version_code),
    delete_time: row.deleted_at === null ? 0 : Number(row.deleted_at),
    title: doc.title,
    content: doc.content,
    remindtime: doc.remindtime,
    classify: Number(row.classify),
    remind: doc.remind,
    mode: Number(row.mode),
    top: Number(row.top),
    create_date: Number(row.created_at),
    modified_date: Number(row.updated_at),
    status: onBoard ? NoteStatus.BOARD : NoteStatus.BOX,
  };
}

/**
 * A row as JSON text, equal to `JSON.stringify(noteOfRow(row, onBoard))` up to key order: the
 * stored doc (`{title, content, remindtime, remind}`) closes the object as written.
 */
export function noteJson(row: NoteRow, onBoard: boolean): string {
  const deleted = row.deleted_at === null ? 0 : Number(row.deleted_at);
  return (
    `{"server_id":"${row.id}","version_code":${Number(row.version_code)},"delete_time":${deleted},` +
    `"classify":${Number(row.classify)},"mode":${Number(row.mode)},"top":${Number(row.top)},` +
    `"create_date":${Number(row.created_at)},"modified_date":${Number(row.updated_at)},` +
    `"status":${onBoard ? NoteStatus.BOARD : NoteStatus.BOX},${row.doc.slice(1)}`
  );
}
