import { type Note, NoteBlockType, type NoteList, splitNoteTitle } from '@phonecloud/shared';
import { boxNotes } from './board-model';

/** What a query is compared in: trimmed, Latin letters in one case (Chinese has none). */
export function searchKey(text: string): string {
  return text.trim().toLocaleLowerCase('zh-CN');
}

/** A note's title parts and every text line, in the form `searchKey` compares. */
function searchableText(note: Note): string {
  const parts: string[] = [...splitNoteTitle(note.title)];
  for (const b of note.content) if (b.type === NoteBlockType.TEXT) parts.push(b.content);
  // A separator no query holds: a hit never spans the title and the text.
  return searchKey(parts.join('\n'));
}

/** Whether the note's title or text holds the query (a substring: one Chinese character finds). */
export function noteMatches(note: Note, key: string): boolean {
  return key !== '' && searchableText(note).includes(key);
}

/**
 * The notes whose title or text holds the query, over every note list.do answered (the box and
 * the boards: list.do holds all of them, so nothing is missed by searching on the page): the box's
 * in its order first, then those on boards, the latest change first.
 */
export function searchNotes(list: NoteList, query: string): Note[] {
  const key = searchKey(query);
  if (!key) return [];
  const inBox = boxNotes(list);
  const boxIds = new Set(inBox.map((n) => n.server_id));
  const onBoards = Object.values(list.list)
    .filter((n) => !boxIds.has(n.server_id))
    .sort((a, b) => b.modified_date - a.modified_date);
  return [...inBox, ...onBoards].filter((n) => noteMatches(n, key));
}
