/**
 * Business codes of the notes area that the spec does not number (1012 nothing to export is the
 * spec's, in `Code`). Validation failures and the board rules answer `Code.INVALID` with the
 * spec's text.
 */
export const NoteCode = {
  /** delete.do carried a version_code that is no longer the note's (the phone changed it). */
  STALE_VERSION: 1010,
  /** No such note, board, board member or file in this account (another account's answer the same). */
  NOT_FOUND: 1011,
} as const;

/** `classify`: the four colour marks (spec 001 §3, §9: classes 0-3). */
export const NoteColor = { YELLOW: 0, GREEN: 1, BLUE: 2, RED: 3 } as const;
export type NoteColorValue = (typeof NoteColor)[keyof typeof NoteColor];

/**
 * `mode` (spec 001 §3): 2 plain text, 0 checklist unchecked, 1 checklist checked. A text block
 * carries its own mode (and `checked` 0/1 to match); the note's `mode` is derived by the server:
 * 2 when it has no checklist line, 1 when every checklist line is checked, 0 otherwise.
 */
export const NoteMode = { UNCHECKED: 0, CHECKED: 1, PLAIN: 2 } as const;
export type NoteModeValue = (typeof NoteMode)[keyof typeof NoteMode];

/** `status` of a note (not shown in the spec): in the note box, or placed on a blackboard. */
export const NoteStatus = { BOX: 0, BOARD: 1 } as const;
export type NoteStatusValue = (typeof NoteStatus)[keyof typeof NoteStatus];

/** `type` of a content block (spec 001 §3). */
export const NoteBlockType = { TEXT: 'text', IMAGE: 'image', RECORD: 'record' } as const;
export type NoteBlockTypeValue = (typeof NoteBlockType)[keyof typeof NoteBlockType];
