import {
  NOTE_BLOCKS_MAX,
  NOTE_COLORS,
  NOTE_TEXT_MAX,
  NOTE_TITLE_MAX,
  type Note,
  NoteApi,
  type NoteBlock,
  NoteBlockType,
  NoteMode,
  NoteMsg,
  NoteStatus,
} from '@phonecloud/shared';
import { z } from 'zod';
import { invalid } from '../../http/errors.js';
import type { NoteRow } from './repo.js';

const bad = { message: NoteMsg.BAD_REQUEST };
const Flag = z.coerce.number(bad).int().min(0).max(1);

const TextBlock = z.object({
  type: z.literal(NoteBlockType.TEXT),
  content: z.string(bad),
  // A line from an older phone may carry only `checked`: it is a checklist line then.
  mode: z.coerce.number(bad).int().min(0).max(2).optional(),
  checked: Flag.optional(),
});
const ImageBlock = z.object({ type: z.literal(NoteBlockType.IMAGE), content: z.string(bad) });
const RecordBlock = z.object({
  type: z.literal(NoteBlockType.RECORD),
  content: z.string(bad).default(''),
  link: z.string(bad),
  duration: z.coerce.number(bad).min(0).optional(),
});
const Block = z.discriminatedUnion('type', [TextBlock, ImageBlock, RecordBlock], bad);

/** save.do's `data`. A field left out keeps the stored note's value (a new note's is empty or 0). */
export const NoteInputSchema = z.object({
  server_id: z.union([z.string(), z.number()]).optional(),
  version_code: z.coerce.number(bad).int().min(0).optional(),
  title: z.string(bad).max(NOTE_TITLE_MAX, NoteMsg.TITLE_TOO_LONG).optional(),
  content: z.array(Block, bad).max(NOTE_BLOCKS_MAX, NoteMsg.TEXT_TOO_LONG).optional(),
  remindtime: z.coerce.number(bad).int().min(0).optional(),
  classify: z.coerce
    .number(bad)
    .int()
    .min(0)
    .max(NOTE_COLORS - 1)
    .optional(),
  remind: Flag.optional(),
  top: Flag.optional(),
});
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
