import {
  joinNoteTitle,
  type Note,
  type NoteBlock,
  NoteBlockType,
  type NoteInput,
  NoteMode,
  type NoteSaveResult,
  splitNoteTitle,
} from '@phonecloud/shared';

/** A block being edited, with a key that stays the same while its text changes. */
export type DraftBlock = NoteBlock & { key: string };

export interface Draft {
  /** '' until the first save of a new note. */
  serverId: string;
  versionCode: number;
  main: string;
  sub: string;
  blocks: DraftBlock[];
  classify: number;
}

let keys = 0;
export const blockKey = () => {
  keys += 1;
  return `b${keys}`;
};

export function textBlock(content = '', mode: number = NoteMode.PLAIN): DraftBlock {
  return {
    key: blockKey(),
    type: NoteBlockType.TEXT,
    content,
    mode,
    checked: mode === NoteMode.CHECKED ? 1 : 0,
  };
}

export function draftOf(note: Note | null, classify = 0): Draft {
  if (!note) return { serverId: '', versionCode: 0, main: '', sub: '', blocks: [textBlock()], classify };
  const [main, sub] = splitNoteTitle(note.title);
  const blocks = note.content.map((b) => ({ ...b, key: blockKey() }));
  return {
    serverId: note.server_id,
    versionCode: note.version_code,
    main,
    sub,
    blocks: blocks.length ? blocks : [textBlock()],
    classify: note.classify,
  };
}

/**
 * Whether the note has anything worth keeping (spec 001 §4: a new note is saved only with text,
 * an image or a recording; the title's text counts as text, as the server counts it).
 */
export function hasSubstance(d: Draft): boolean {
  if (d.main.trim() || d.sub.trim()) return true;
  return d.blocks.some((b) => b.type !== NoteBlockType.TEXT || b.content.trim() !== '');
}

/** What save.do takes: the blocks without their keys, blank lines (plain or checklist) left out. */
export function inputOf(d: Draft): NoteInput {
  const content: NoteBlock[] = [];
  for (const { key: _key, ...b } of d.blocks) {
    if (b.type === NoteBlockType.TEXT) {
      if (!b.content.trim()) continue;
      content.push({ ...b, checked: b.mode === NoteMode.CHECKED ? 1 : 0 });
    } else content.push(b);
  }
  return {
    ...(d.serverId ? { server_id: d.serverId, version_code: d.versionCode } : {}),
    title: joinNoteTitle(d.main, d.sub),
    content,
    classify: d.classify,
  };
}

export function fileExtension(name: string): string {
  const at = name.lastIndexOf('.');
  return at < 0 ? '' : name.slice(at + 1).toLowerCase();
}

const AUDIO_TYPES: Record<string, string> = {
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
};
/** The MIME type to ask the browser about for a recording's file name ('' when unknown). */
export function audioType(name: string): string {
  return AUDIO_TYPES[fileExtension(name)] ?? '';
}

/**
 * The draft once a save of `sent` is answered: the note's id and version; after a conflict, also
 * the copy's title, which says it is one (the next save would otherwise put the original's title
 * back and the two notes could not be told apart), unless the title was typed since.
 */
export function afterSave(now: Draft, sent: Draft, r: NoteSaveResult): Draft {
  const ids = { serverId: r.server_id, versionCode: r.version_code };
  if (!r.conflict || now.main !== sent.main || now.sub !== sent.sub) return { ...now, ...ids };
  const [main, sub] = splitNoteTitle(r.note.title);
  return { ...now, ...ids, main, sub };
}
