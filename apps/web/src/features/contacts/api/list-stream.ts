import type { Contact, ContactBook } from '@phonecloud/shared';

/** list.do without its contacts: what the list is laid out from. */
export type BookHead = Omit<ContactBook, 'list'>;

const QUOTE = 34; // "
const BACKSLASH = 92;
const COLON = 58;
const COMMA = 44;
const OPEN_OBJECT = 123; // {
const CLOSE_OBJECT = 125;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;

type Phase = 'head' | 'list' | 'tail';

/**
 * Reads list.do's JSON as it arrives. The server sends the indexes before the contacts
 * (`data.list` last), so the head is known from the first bytes and the contacts can be parsed a
 * batch at a time while the rest is still on its way: a large book paints its first rows without
 * waiting for the whole document.
 *
 * The scanner only tracks strings and nesting to find where `data.list` starts and where each of
 * its entries ends; every piece is then read by JSON.parse. An answer of another layout (an error
 * envelope, a server that puts `list` elsewhere) is simply parsed whole at the end.
 */
export class ListStreamParser {
  /** Text not yet consumed. In the head phase this is the whole document so far. */
  private text = '';
  private pos = 0;
  private depth = 0;
  private inString = false;
  private stringStart = 0;
  /** The last key read at each depth (object keys only). */
  private readonly keys: string[] = [];
  private pendingKey: string | null = null;
  private phase: Phase = 'head';
  /** In the list phase: where the next unparsed entry starts, and where the last complete one ends. */
  private entryStart = 0;
  private entryEnd = -1;
  private headText = '';
  private tailText = '';

  head: BookHead | null = null;
  /** Every contact parsed so far, by id. */
  readonly contacts = new Map<string, Contact>();

  /** Feeds the next piece of the document; answers whether new contacts (or the head) were read. */
  push(chunk: string): boolean {
    this.text += chunk;
    const before = this.contacts.size;
    const hadHead = this.head !== null;
    this.scan();
    if (this.phase === 'list') this.parseEntries();
    return this.contacts.size > before || (!hadHead && this.head !== null);
  }

  /** The whole answer once the document has ended: an envelope (list.do's or an error's). */
  finish(): unknown {
    if (this.phase === 'head') return JSON.parse(this.text);
    if (this.phase === 'list') throw new SyntaxError('list.do ended inside the list');
    // The contacts are in `contacts`; the envelope carries the rest with an empty list.
    return JSON.parse(`${this.headText}{}${this.tailText}${this.text}`);
  }

  private scan(): void {
    let t = this.text;
    let i = this.pos;
    while (i < t.length) {
      if (this.inString) {
        const q = t.indexOf('"', i);
        if (q < 0) {
          i = t.length;
          break;
        }
        let slashes = 0;
        for (let k = q - 1; k >= 0 && t.charCodeAt(k) === BACKSLASH; k--) slashes++;
        i = q + 1;
        if (slashes % 2 === 1) continue;
        this.inString = false;
        // Keys are only needed down to the list's own depth; the contacts' keys are skipped.
        if (this.phase === 'head' && this.depth <= 2) this.pendingKey = t.slice(this.stringStart, q);
        continue;
      }
      const c = t.charCodeAt(i);
      if (c === QUOTE) {
        this.inString = true;
        this.stringStart = i + 1;
      } else if (c === COLON) {
        if (this.pendingKey !== null) this.keys[this.depth] = this.pendingKey;
        this.pendingKey = null;
      } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        if (
          this.phase === 'head' &&
          c === OPEN_OBJECT &&
          this.depth === 2 &&
          this.keys[1] === 'data' &&
          this.keys[2] === 'list'
        ) {
          this.startList(i);
          t = this.text;
          i = this.pos;
          continue;
        }
        this.depth++;
        this.pendingKey = null;
      } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        this.depth--;
        if (this.phase === 'list') {
          if (this.depth === 3) this.entryEnd = i + 1;
          else if (this.depth === 2) {
            this.endList(i);
            t = this.text;
            i = this.pos;
            continue;
          }
        }
      } else if (c === COMMA) {
        this.pendingKey = null;
        // A primitive entry has no closing bracket to mark its end.
        if (this.phase === 'list' && this.depth === 3) this.entryEnd = i;
      }
      i++;
    }
    this.pos = i;
  }

  /** `i` is the `{` that opens data.list. */
  private startList(i: number): void {
    this.headText = this.text.slice(0, i);
    const data = JSON.parse(`${this.headText}{}}}`).data as BookHead & { list?: unknown };
    delete data.list;
    this.head = data;
    this.phase = 'list';
    this.depth = 3;
    this.text = this.text.slice(i + 1);
    this.pos = 0;
    this.entryStart = 0;
    this.entryEnd = -1;
  }

  /** `i` is the `}` that closes data.list. */
  private endList(i: number): void {
    const tail = this.text.slice(i + 1);
    this.entryEnd = i;
    this.parseEntries();
    this.tailText = tail;
    this.text = '';
    this.pos = 0;
    this.phase = 'tail';
  }

  private parseEntries(): void {
    if (this.entryEnd <= this.entryStart) return;
    let body = this.text.slice(this.entryStart, this.entryEnd);
    if (body.startsWith(',')) body = body.slice(1);
    const batch = JSON.parse(`{${body}}`) as Record<string, Contact>;
    for (const id in batch) this.contacts.set(id, batch[id] as Contact);
    // Drop what is read so the buffer stays the size of one network chunk.
    this.text = this.text.slice(this.entryEnd);
    this.pos -= this.entryEnd;
    this.entryStart = 0;
    this.entryEnd = -1;
  }
}
