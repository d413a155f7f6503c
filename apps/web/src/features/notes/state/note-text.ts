import { type Note, type NoteBlock, NoteBlockType, NoteMode, noteTitleText } from '@phonecloud/shared';

/** One line of a card's preview: plain text, or a checklist line with its box. */
export interface PreviewLine {
  text: string;
  check: 'none' | 'open' | 'done';
}

const textOf = (b: NoteBlock) => (b.type === NoteBlockType.TEXT ? b.content.trim() : '');

/** What a card shows as its title: the title, else the first line of text. */
export function cardTitle(note: Note, untitled: string): string {
  const title = noteTitleText(note.title).trim();
  if (title) return title;
  for (const b of note.content) {
    const first = textOf(b).split('\n')[0];
    if (first) return first;
  }
  return untitled;
}

/** The first lines of a note's text, checklist lines marked, for a card or the preview. */
export function previewLines(note: Note, max: number): PreviewLine[] {
  const out: PreviewLine[] = [];
  for (const b of note.content) {
    if (b.type !== NoteBlockType.TEXT) continue;
    const check = b.mode === NoteMode.PLAIN ? 'none' : b.checked ? 'done' : 'open';
    for (const line of b.content.split('\n')) {
      if (!line.trim()) continue;
      out.push({ text: line, check });
      if (out.length >= max) return out;
    }
  }
  return out;
}

export function imagesOf(note: Note): string[] {
  return note.content.flatMap((b) => (b.type === NoteBlockType.IMAGE ? [b.content] : []));
}

export function recordCount(note: Note): number {
  return note.content.filter((b) => b.type === NoteBlockType.RECORD).length;
}
