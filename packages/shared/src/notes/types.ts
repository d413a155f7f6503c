/** Shapes of the notes calls (spec 001 §3, §7). Times are milliseconds since the epoch. */
import type { NoteBlockType } from './codes.js';

/** A line of text; a checklist line has mode 0/1 and `checked` to match (plain: mode 2, checked 0). */
export interface NoteTextBlock {
  type: typeof NoteBlockType.TEXT;
  content: string;
  /** 2 plain, 0 checklist unchecked, 1 checklist checked. */
  mode: number;
  /** 1 for a checked checklist line, else 0. */
  checked: number;
}
/** An image: `content` is the `cloud_path` upload.do answered. */
export interface NoteImageBlock {
  type: typeof NoteBlockType.IMAGE;
  content: string;
}
/** A recording: `link` is the `cloud_path` upload.do answered, `content` its file name. */
export interface NoteRecordBlock {
  type: typeof NoteBlockType.RECORD;
  content: string;
  link: string;
  // Not in the spec: the recording's length in seconds when the phone or browser knew it (0 unknown).
  duration?: number;
}
export type NoteBlock = NoteTextBlock | NoteImageBlock | NoteRecordBlock;

export interface Note {
  server_id: string;
  version_code: number;
  /** 0 while the note is not in the recycle bin. */
  delete_time: number;
  /** May carry NOTE_TITLE_SEPARATOR between two parts. */
  title: string;
  content: NoteBlock[];
  remindtime: number;
  /** Colour mark 0-3. */
  classify: number;
  /** 1 when a reminder is set. */
  remind: number;
  /** Derived from the checklist lines (see NoteMode). */
  mode: number;
  /** 1 pinned to the top of the box. */
  top: number;
  create_date: number;
  modified_date: number;
  /** NoteStatus: 0 in the box, 1 on a blackboard. */
  status: number;
}

/** What save.do takes in `data` (JSON): inferred from its schema (api/notes.ts). */
export type { NoteInput } from '../api/notes.js';

export interface BoardPosition {
  x: number;
  y: number;
  z_index: number;
}
export interface BoardMember {
  member_id: string;
  position: BoardPosition;
}
export interface Blackboard {
  blackboard_id: string;
  /** Creation order, 0 first; the tabs and paging follow it. */
  sort: number;
  /** Note id to its place on this board. */
  member_list: Record<string, BoardMember>;
}

/** list.do (spec: note list). */
export interface NoteList {
  sync_version: number;
  /** The notes in the box (not on a board): pinned first, then the newest change first. */
  notebox: { note_ids: string[] };
  /** Every note not in the recycle bin (box and boards), by server_id. */
  list: Record<string, Note>;
  /** Every board by blackboard_id; iterate `Object.values` sorted by `sort`. */
  viewBlackBoard: Record<string, Blackboard>;
}

/** recycle_bin/list.do: `note_ids` newest deletion first. */
export interface NoteRecycleList {
  sync_version: number;
  note_ids: string[];
  list: Record<string, Note>;
}

/** save.do (spec: sync_version, optime, data.server_id, data.version_code). */
export interface NoteSaveResult {
  sync_version: number;
  optime: number;
  /** The saved note's id: the conflict copy's when `conflict` is set. */
  server_id: string;
  version_code: number;
  note: Note;
  /**
   * Not in the spec: set when the save carried a stale version_code. The stored note (changed
   * elsewhere) was left as it is and the user's text became the new note `server_id`, next to it.
   */
  conflict?: { server_id: string; version_code: number };
}

/** Answer of the calls that change notes without one of their own to return. */
export interface NoteChangeResult {
  sync_version: number;
  server_ids: string[];
}

/** upload.do. */
export interface NoteUploadResult {
  /** Same-origin path of the stored file (NoteApi.file + '/' + key). */
  cloud_path: string;
  /** 'image' or 'record'. */
  type: string;
  /** The file name as uploaded (recordings show it). */
  name: string;
}

/** blackboard/add.do. */
export interface BlackboardAddResult {
  sync_version: number;
  blackboard: Blackboard;
}
/** blackboard/move.do and moveout.do. */
export interface BoardMoveResult {
  sync_version: number;
  /** The note's place after the call; null after moveout.do (back in the box). */
  blackboard_id: string | null;
  member: BoardMember | null;
}

export interface NoteExportResult {
  /** Same-origin download URL of the zip. */
  filePath: string;
  count: number;
}
