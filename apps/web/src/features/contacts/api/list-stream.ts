import type { Contact, ContactBook } from '@phonecloud/shared';

/** list.do without its contacts: what the list is laid out from. */
export type BookHead = Omit<ContactBook, 'list'>;

const LIST_OPENING = '"list":{';
// About 1,200 contacts: a JSON.parse of a few milliseconds.
const PIECE_CHARS = 1 << 19;

/**
 * Reads list.do's JSON as it arrives. The server sends the indexes first and ends that head with
 * `"list":{` and a line break; then one contact per line, and the closing braces on a line of
 * their own (docs/contacts.md). A raw line break cannot occur inside a JSON string, so every line
 * break there is a boundary between whole contacts: the text up to the last one is handed to
 * JSON.parse while the rest is still on its way, and a large book paints its first rows without
 * waiting for the whole document. Any other answer (an error envelope, another layout) is kept
 * and parsed whole at the end.
 */
export class ListStreamParser {
  private phase: 'start' | 'list' | 'tail' | 'whole' = 'start';
  /** Text not yet used: the document so far until the head is read, then the unfinished line. */
  private text = '';
  private headText = '';
  /** Whole lines of contacts not parsed yet, in pieces of about PIECE_CHARS. */
  private readonly pieces: string[] = [];

  head: BookHead | null = null;
  /** Every contact parsed so far, by id. */
  readonly contacts = new Map<string, Contact>();

  /**
   * Feeds the next piece of the document. The head is read at once; whole lines of contacts are
   * only set aside, for `parseNext` to read when the page has time.
   */
  push(chunk: string): void {
    this.text += chunk;
    if (this.phase === 'start') this.readHead();
    else if (this.phase === 'list') this.takeLines();
  }

  /** Whether contacts are set aside, waiting for `parseNext`. */
  get pending(): boolean {
    return this.pieces.length > 0;
  }

  /** Parses the next set-aside piece of contacts (about PIECE_CHARS of text: a few ms). */
  parseNext(): void {
    const piece = this.pieces.shift();
    if (piece === undefined) return;
    const body = piece.trim().replace(/,$/, '');
    if (!body) return;
    const batch = JSON.parse(`{${body}}`) as Record<string, Contact>;
    for (const id in batch) this.contacts.set(id, batch[id] as Contact);
  }

  /** In the list, a line that starts with a closing brace ends it. */
  private closeIfEnded(): void {
    if (this.phase === 'list' && this.text.startsWith('}')) {
      this.text = this.text.slice(1);
      this.phase = 'tail';
    }
  }

  /** The whole answer once the document has ended and every piece is parsed. */
  finish(): unknown {
    while (this.pending) this.parseNext();
    if (this.phase === 'start' || this.phase === 'whole') return JSON.parse(this.text);
    if (this.phase === 'list') throw new SyntaxError('list.do ended inside the list');
    // The contacts are in `contacts`; the envelope carries the rest, with an empty list.
    return JSON.parse(`${this.headText}{}${this.text}`);
  }

  private readHead(): void {
    const lineEnd = this.text.indexOf('\n');
    if (lineEnd < 0) return;
    const line = this.text.slice(0, lineEnd);
    const head = line.endsWith(LIST_OPENING) ? this.parseHead(line) : null;
    if (!head) {
      this.phase = 'whole';
      return;
    }
    this.head = head;
    this.headText = line.slice(0, -1);
    this.phase = 'list';
    this.text = this.text.slice(lineEnd + 1);
    this.takeLines();
  }

  private parseHead(line: string): BookHead | null {
    try {
      const envelope = JSON.parse(`${line}}}}`) as { code?: unknown; data?: BookHead & { list?: unknown } };
      const data = envelope.data;
      if (envelope.code !== 0 || typeof data !== 'object' || data === null || !data.letter_index) return null;
      delete data.list;
      return data;
    } catch {
      return null;
    }
  }

  private takeLines(): void {
    const lastBreak = this.text.lastIndexOf('\n');
    if (lastBreak < 0) {
      this.closeIfEnded();
      return;
    }
    const lines = this.text.slice(0, lastBreak + 1);
    this.text = this.text.slice(lastBreak + 1);
    this.closeIfEnded();
    // Cut at line breaks into pieces small enough to parse between two frames.
    for (let at = 0; at < lines.length; ) {
      const cut = lines.indexOf('\n', at + PIECE_CHARS);
      const end = cut < 0 ? lines.length : cut + 1;
      this.pieces.push(lines.slice(at, end));
      at = end;
    }
  }
}
