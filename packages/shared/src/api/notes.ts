import { z } from 'zod';
import { NoteBlockType } from '../notes/codes.js';
import { NOTE_BLOCKS_MAX, NOTE_COLORS, NOTE_TITLE_MAX } from '../notes/limits.js';
import { NoteMsg } from '../notes/messages.js';
import { itemChange } from './sync-change.js';

const bad = { message: NoteMsg.BAD_REQUEST };
// Numbers may come as text (form fields, older phones): read as numbers, typed as numbers.
const num = () => z.coerce.number<number>(bad);
const Flag = num().int().min(0).max(1);

const TextBlock = z.object({
  type: z.literal(NoteBlockType.TEXT),
  content: z.string(bad),
  // A line from an older phone may carry only `checked`: it is a checklist line then.
  mode: num().int().min(0).max(2).optional(),
  checked: Flag.optional(),
});
const ImageBlock = z.object({ type: z.literal(NoteBlockType.IMAGE), content: z.string(bad) });
const RecordBlock = z.object({
  type: z.literal(NoteBlockType.RECORD),
  content: z.string(bad).default(''),
  link: z.string(bad),
  duration: num().min(0).optional(),
});
const Block = z.discriminatedUnion('type', [TextBlock, ImageBlock, RecordBlock], bad);

/** save.do's `data`. A field left out keeps the stored note's value (a new note's is empty or 0). */
export const NoteInputSchema = z.object({
  /** No server_id (or '') for a new note. */
  server_id: z.union([z.string(), z.number()]).optional(),
  /** The version the editor started from; required for an existing note. */
  version_code: num().int().min(0).optional(),
  title: z.string(bad).max(NOTE_TITLE_MAX, NoteMsg.TITLE_TOO_LONG).optional(),
  content: z.array(Block, bad).max(NOTE_BLOCKS_MAX, NoteMsg.TEXT_TOO_LONG).optional(),
  remindtime: num().int().min(0).optional(),
  classify: num()
    .int()
    .min(0)
    .max(NOTE_COLORS - 1)
    .optional(),
  remind: Flag.optional(),
  top: Flag.optional(),
});
/** What save.do takes in `data` (JSON). */
export type NoteInput = z.input<typeof NoteInputSchema>;

/** A note's fields as save.do takes them, without its id and version. */
export const SyncNoteFieldsSchema = NoteInputSchema.omit({ server_id: true, version_code: true });
export type SyncNoteFields = z.input<typeof SyncNoteFieldsSchema>;
/** A note's change in a sync push; an edit's fields left out stay as they are in the cloud. */
export const NoteChangeSchema = itemChange('note', SyncNoteFieldsSchema);
export type NoteChange = z.input<typeof NoteChangeSchema>;

// The portal's calls (`NoteApi`, spec 001 §7): form fields; `data` and `server_ids` carry JSON
// read by the server after the check.
export const NoteDetailQuery = z.object({ server_id: z.string(bad) });
export const NoteSaveBody = z.object({ data: z.unknown() });
export const NoteDeleteBody = z.object({ server_ids: z.unknown() });
export const NoteIdsBody = z.object({ server_ids: z.unknown().optional() });
export const NoteBoardBody = z.object({ blackboard_id: z.coerce.string<string | number>(bad) });
export const NoteBoardMoveBody = z.object({
  /** The note's id. */
  data: z.coerce.string<string | number>(bad),
  blackboard_id: z.coerce.string<string | number>().default(''),
  status: z.coerce.string<string | number>().optional(),
  member_id: z.coerce.string<string | number>().default(''),
  position: z.unknown(),
});
export const NoteMoveOutBody = z.object({ member_id: z.coerce.string<string | number>(bad) });
/** An image's or recording's key in the path. */
export const NoteFileParams = z.object({ key: z.string() });
export const NoteExportParams = z.object({ id: z.string(), name: z.string().optional() });
