import { type Contact, ContactApi, type ContactBook, ContactMsg } from '@phonecloud/shared';
import { api } from '../../../api';
import { type BookHead, ListStreamParser } from './list-stream';

/** What has arrived of list.do: the head, and the contacts so far (all of them once `done`). */
export interface BookProgress {
  head: BookHead;
  contacts: ReadonlyMap<string, Contact>;
  done: boolean;
}

// While the rest of the book is parsed, the screens are told at most this often (each time
// costs a new view of the list).
const PROGRESS_EVERY_MS = 250;
// Parsing gives the page back after this long, so a frame or a keystroke never waits for it.
const SLICE_MS = 8;
// A screen says when it has drawn the first contacts (`shown`); should none, after this long
// with a listener the rest is read anyway.
const SHOWN_AT_LATEST_MS = 2000;

interface PostTaskScheduler {
  postTask(task: () => void, options: { priority: 'background' }): Promise<void>;
}

/**
 * Gives the page back before going on: as a background task where the browser has a scheduler
 * (it then runs after renders, input and timers), else as a timer.
 */
function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: PostTaskScheduler }).scheduler;
  if (scheduler?.postTask) return scheduler.postTask(() => undefined, { priority: 'background' });
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Resolves after the next frame has been painted. */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * One list.do download, read as it streams. The head and the first contacts (the first screen:
 * the server sends those first) are parsed at once and told to listeners; the rest is read and
 * parsed only once a screen is listening and has painted them, in slices between frames, so
 * the page's own first render never queues behind a large book (the screen that draws them says
 * so: until then the page may still be busy with its first render). Listeners then hear at most every
 * PROGRESS_EVERY_MS, and of the whole book at the end. Kept apart from the area's chunk: the
 * portal starts it while that chunk is still loading (book-prefetch.ts).
 */
export class BookLoad {
  private latest: BookProgress | null = null;
  private readonly listeners = new Set<(p: BookProgress) => void>();
  private readonly abort = new AbortController();
  private readonly parser = new ListStreamParser();
  private draining: Promise<void> | null = null;
  private toldAt = 0;
  private openGate: () => void = () => undefined;
  private shownTimer: ReturnType<typeof setTimeout> | null = null;
  /** Opens once a listener has painted the first contacts: then the rest may be parsed. */
  private readonly gate = new Promise<void>((resolve) => {
    this.openGate = resolve;
  });
  /** The whole book; rejects as the call does (ApiError), a redirect included. */
  readonly done: Promise<BookProgress>;
  /**
   * Settles once the first screen can be drawn from `first`, or once the download has ended
   * without one (a failure included): what the portal may wait for before its first render.
   */
  readonly firstScreen: Promise<void>;
  private settleFirst: () => void = () => undefined;

  constructor() {
    this.firstScreen = new Promise<void>((resolve) => {
      this.settleFirst = resolve;
    });
    this.done = api
      .get<ContactBook>(ContactApi.list, {
        area: 'contact',
        netError: ContactMsg.NET_LIST,
        signal: this.abort.signal,
        early: true,
        readBody: (response) => this.read(response),
      })
      .then((data) => {
        const contacts = this.parser.contacts;
        // An answer of another layout came whole: its contacts are in the envelope.
        for (const [id, c] of Object.entries(data.list ?? {})) contacts.set(id, c);
        const { list: _, ...head } = data;
        const whole: BookProgress = { head, contacts, done: true };
        this.tell(whole);
        return whole;
      });
    // A load nobody waits for (a prefetch the area did not take) must not be an unhandled rejection.
    this.done.catch(() => undefined).finally(() => this.settleFirst());
  }

  /** What has arrived so far (the head and the first screen at least), or null. */
  get first(): BookProgress | null {
    return this.latest;
  }

  /** Hears of every step from now on, starting with the latest one if there is one. */
  subscribe(listener: (p: BookProgress) => void): () => void {
    this.listeners.add(listener);
    if (this.latest) {
      listener(this.latest);
      this.awaitShown();
    }
    return () => this.listeners.delete(listener);
  }

  /** Told by the screen that drew the first contacts: once painted, the rest may follow. */
  shown(): void {
    void afterPaint().then(() => this.openGate());
  }

  /** Stops the download (a newer load replaces this one). */
  cancel(): void {
    if (this.shownTimer) clearTimeout(this.shownTimer);
    this.listeners.clear();
    this.openGate();
    this.abort.abort();
  }

  private async read(response: Response): Promise<unknown> {
    const body = response.body;
    if (!body) return response.json();
    const parser = this.parser;
    const decoder = new TextDecoder();
    const reader = body.getReader();
    for (;;) {
      // Once the first screen is in, reading waits for it to be painted: the rest of a large
      // book (and the server sending it) then does not compete with the page's first render.
      if (this.latest) await this.gate;
      // An answer the page asked for early is not tied to the abort signal: stop it here.
      if (this.abort.signal.aborted) {
        await reader.cancel().catch(() => undefined);
        throw new DOMException('list.do download cancelled', 'AbortError');
      }
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
      if (!this.latest && parser.head?.letter_index && parser.pending) {
        parser.parseNext();
        this.tell({ head: parser.head, contacts: new Map(parser.contacts), done: false });
        if (this.listeners.size > 0) this.awaitShown();
      }
      if (this.latest) void this.drain();
    }
    parser.push(decoder.decode());
    while (parser.pending) await this.drain();
    return parser.finish();
  }

  /** The first contacts were told to a listener: the rest follows `shown`, or after a while. */
  private awaitShown(): void {
    this.shownTimer ??= setTimeout(() => this.openGate(), SHOWN_AT_LATEST_MS);
  }

  /** Parses what has arrived, a slice at a time between frames, telling listeners as it goes. */
  private drain(): Promise<void> {
    this.draining ??= (async () => {
      await this.gate;
      const parser = this.parser;
      while (parser.pending) {
        const sliceStart = performance.now();
        while (parser.pending && performance.now() - sliceStart < SLICE_MS) parser.parseNext();
        const head = parser.head;
        if (head && performance.now() - this.toldAt >= PROGRESS_EVERY_MS) {
          // A copy: the parser's map keeps growing, and a view must not change under the screens.
          this.tell({ head, contacts: new Map(parser.contacts), done: false });
        }
        await yieldToPage();
      }
    })().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  private tell(p: BookProgress): void {
    this.latest = p;
    this.settleFirst();
    this.toldAt = performance.now();
    for (const listener of this.listeners) listener(p);
  }
}
