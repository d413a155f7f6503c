import { NOTE_COLOR_NAMES, NoteBlockType, NoteMode, splitNoteTitle } from '@phonecloud/shared';
import type { NoteDoc } from './doc.js';

export interface MarkdownNote {
  doc: NoteDoc;
  classify: number;
  top: number;
  created: number;
  modified: number;
}

/** A front-matter value: JSON strings are YAML double-quoted scalars, so any text stays exact. */
const yaml = (v: string | number | boolean) => (typeof v === 'string' ? JSON.stringify(v) : String(v));
const iso = (ms: number) => new Date(ms).toISOString();

/** A line that Markdown would read as a heading, list, quote or rule gets its first mark escaped. */
function escapeLine(line: string): string {
  return /^\s*(#|>|[-*+]\s|\d+[.)]\s|={3,}|-{3,}|`{3,})/.test(line)
    ? line.replace(/^(\s*)(.)/, '$1\\$2')
    : line;
}

/**
 * One note as a Markdown file a person can read without this product: front matter (title,
 * colour, times), the title as a heading, text, checklists as `- [ ]` / `- [x]`, images
 * inline and recordings as links to the files beside it. `fileOf` maps a blob key to its path
 * in the archive.
 */
export function noteMarkdown(note: MarkdownNote, fileOf: (key: string) => string | null): string {
  const [main, sub] = splitNoteTitle(note.doc.title);
  const front = [
    '---',
    `title: ${yaml(main)}`,
    ...(sub ? [`subtitle: ${yaml(sub)}`] : []),
    `colour: ${note.classify}`,
    `colour_name: ${yaml(NOTE_COLOR_NAMES[note.classify] ?? '')}`,
    `created: ${yaml(iso(note.created))}`,
    `modified: ${yaml(iso(note.modified))}`,
    `pinned: ${yaml(note.top === 1)}`,
    ...(note.doc.remind && note.doc.remindtime ? [`remind: ${yaml(iso(note.doc.remindtime))}`] : []),
    '---',
    '',
  ];
  const body: string[] = [];
  if (main.trim()) body.push(`# ${main.trim()}`, '');
  if (sub.trim()) body.push(`## ${sub.trim()}`, '');
  let inList = false;
  for (const b of note.doc.content) {
    const isItem = b.type === NoteBlockType.TEXT && b.mode !== NoteMode.PLAIN;
    if (inList && !isItem) body.push('');
    inList = isItem;
    if (b.type === NoteBlockType.TEXT) {
      if (isItem) {
        const mark = b.mode === NoteMode.CHECKED ? 'x' : ' ';
        body.push(`- [${mark}] ${b.content.replace(/\r?\n/g, ' ')}`);
      } else {
        // Each line of a text block is a line of its own in the reader (a hard break).
        body.push(b.content.split(/\r?\n/).map(escapeLine).join('  \n'), '');
      }
    } else {
      const key = (b.type === NoteBlockType.IMAGE ? b.content : b.link).split('/').pop() ?? '';
      const path = fileOf(key);
      if (!path) continue;
      const target = encodeURI(path);
      body.push(
        b.type === NoteBlockType.IMAGE ? `![图片](${target})` : `[录音：${b.content || path}](${target})`,
        '',
      );
    }
  }
  if (inList) body.push('');
  return `${[...front, ...body].join('\n').trimEnd()}\n`;
}

/** A file name for a note: its position, then its title or first line, cut and made safe. */
export function noteFileName(position: number, title: string, total: number): string {
  const [main] = splitNoteTitle(title);
  const safe = main
    .replace(/[\\/:*?"<>|]/g, '')
    // Control characters (the title separator among them) are no part of a file name.
    .replace(/\p{Cc}/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 40);
  const n = String(position).padStart(Math.max(4, String(total).length), '0');
  return `${n}${safe ? `-${safe}` : ''}.md`;
}
