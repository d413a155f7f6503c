import { type Contact, ContactApi, type ContactBook, ContactMsg } from '@phonecloud/shared';
import { api } from '../../../api';
import { type BookHead, ListStreamParser } from './list-stream';

/** What has arrived of list.do: the head, and the contacts so far (all of them once `done`). */
export interface BookProgress {
  head: BookHead;
  contacts: ReadonlyMap<string, Contact>;
  done: boolean;
}

// While the book streams, the screens are told at most this often (each time costs a new view).
const PROGRESS_EVERY_MS = 250;

/**
 * One list.do download, read as it streams. Listeners hear of the first contacts at once, then
 * at most every PROGRESS_EVERY_MS, and of the whole book at the end. Kept apart from the area's
 * chunk: the portal starts it while that chunk is still loading (book-prefetch.ts).
 */
export class BookLoad {
  private latest: BookProgress | null = null;
  private readonly listeners = new Set<(p: BookProgress) => void>();
  private readonly abort = new AbortController();
  private lastTold = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The whole book; rejects as the call does (ApiError), a redirect included. */
  readonly done: Promise<BookProgress>;

  constructor() {
    const parser = new ListStreamParser();
    this.done = api
      .get<ContactBook>(ContactApi.list, {
        area: 'contact',
        netError: ContactMsg.NET_LIST,
        signal: this.abort.signal,
        readBody: (response) => this.read(response, parser),
      })
      .then((data) => {
        this.clearTimer();
        // An answer of another layout came whole: its contacts are in the envelope.
        for (const [id, c] of Object.entries(data.list ?? {})) parser.contacts.set(id, c);
        const { list: _, ...head } = data;
        const whole: BookProgress = { head, contacts: parser.contacts, done: true };
        this.tell(whole);
        return whole;
      });
    // A load nobody waits for (a prefetch the area did not take) must not be an unhandled rejection.
    this.done.catch(() => undefined);
  }

  /** Hears of every step from now on, starting with the latest one if there is one. */
  subscribe(listener: (p: BookProgress) => void): () => void {
    this.listeners.add(listener);
    if (this.latest) listener(this.latest);
    return () => this.listeners.delete(listener);
  }

  /** Stops the download (a newer load replaces this one). */
  cancel(): void {
    this.clearTimer();
    this.listeners.clear();
    this.abort.abort();
  }

  private async read(response: Response, parser: ListStreamParser): Promise<unknown> {
    const body = response.body;
    if (!body) return response.json();
    const decoder = new TextDecoder();
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (parser.push(decoder.decode(value, { stream: true }))) this.progress(parser);
    }
    parser.push(decoder.decode());
    return parser.finish();
  }

  private progress(parser: ListStreamParser): void {
    const head = parser.head;
    // Without the indexes the list cannot be laid out: wait for the whole answer.
    if (!head?.letter_index || parser.contacts.size === 0) return;
    const tell = () => {
      this.timer = null;
      this.lastTold = performance.now();
      // A copy: the parser's map keeps growing, and a view must not change under the screens.
      this.tell({ head, contacts: new Map(parser.contacts), done: false });
    };
    if (this.latest === null) tell();
    else if (this.timer === null) {
      this.timer = setTimeout(tell, Math.max(0, this.lastTold + PROGRESS_EVERY_MS - performance.now()));
    }
  }

  private tell(p: BookProgress): void {
    this.latest = p;
    for (const listener of this.listeners) listener(p);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
