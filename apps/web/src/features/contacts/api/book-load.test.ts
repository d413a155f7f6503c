import { ContactApi } from '@phonecloud/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_RESPONSES_GLOBAL } from '../../../api/early-responses';
import type { BookProgress } from './book-load';

const head = { sync_version: 4, group: {}, letter_index: { A: ['1', '2', '3'] }, group_letter_index: {} };
const contact = (id: string) => ({ server_id: id, content: { name: [{ display_name: `A${id}` }] } });

/** list.do as the server writes it, in two network chunks: the first screen, then the rest. */
function streamedBook(onCancel?: () => void): { body: ReadableStream<Uint8Array>; sendRest(): void } {
  const opening = JSON.stringify({ code: 0, data: { ...head, list: {} } }).slice(0, -3);
  const line = (id: string) => `"${id}":${JSON.stringify(contact(id))}`;
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      c.enqueue(encoder.encode(`${opening}\n${line('1')},\n`));
    },
    cancel: onCancel,
  });
  return {
    body,
    sendRest() {
      controller.enqueue(encoder.encode(`${line('2')},\n${line('3')}\n}}}`));
      controller.close();
    },
  };
}

async function freshLoad(body: ReadableStream<Uint8Array>, fetch = vi.fn(async () => new Response(body))) {
  vi.resetModules();
  vi.stubGlobal('window', {
    fetch,
    location: { pathname: '/', hash: '#/contact/index', assign: vi.fn(), replace: vi.fn() },
  });
  vi.stubGlobal('document', { cookie: '' });
  vi.stubGlobal('requestAnimationFrame', (cb: () => void) => setTimeout(cb, 0));
  const { BookLoad } = await import('./book-load');
  return new BookLoad();
}

const tick = () => new Promise((r) => setTimeout(r, 5));
/** Whether the promise has settled, asked later. */
function watch(promise: Promise<unknown>): () => boolean {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  return () => settled;
}
const ids = (p: BookProgress) => [...p.contacts.keys()].sort();

afterEach(() => vi.unstubAllGlobals());

describe('BookLoad', () => {
  it('tells the first screen at once, then the whole book', async () => {
    const { body, sendRest } = streamedBook();
    const load = await freshLoad(body);
    const heard: BookProgress[] = [];
    load.subscribe((p) => heard.push(p));
    await tick();
    expect(heard.map(ids)).toEqual([['1']]);
    expect(heard[0]?.head).toEqual(head);
    expect(heard[0]?.done).toBe(false);
    load.shown();
    sendRest();
    const whole = await load.done;
    expect(ids(whole)).toEqual(['1', '2', '3']);
    expect(heard.at(-1)).toBe(whole);
  });

  it('gives a listener that comes late the first screen at once, and the rest after that', async () => {
    const { body, sendRest } = streamedBook();
    const load = await freshLoad(body);
    await tick();
    sendRest();
    await tick();
    // Nobody has drawn the first screen yet: the rest is not read.
    const settled = watch(load.done);
    await tick();
    expect(settled()).toBe(false);

    const heard: BookProgress[] = [];
    load.subscribe((p) => heard.push(p));
    expect(heard.map(ids)).toEqual([['1']]);
    load.shown();
    expect(ids(await load.done)).toEqual(['1', '2', '3']);
  });

  it('reads the rest once the screen drew the first contacts, or after 2 s without a word', async () => {
    const { body, sendRest } = streamedBook();
    const load = await freshLoad(body);
    const heard: BookProgress[] = [];
    load.subscribe((p) => heard.push(p));
    await tick();
    sendRest();
    const settled = watch(load.done);
    // Listened to, but the page may still be busy with its first render: nothing more yet.
    await tick();
    await tick();
    expect(settled()).toBe(false);
    load.shown();
    expect(ids(await load.done)).toEqual(['1', '2', '3']);

    const other = streamedBook();
    const silent = await freshLoad(other.body);
    silent.subscribe(() => undefined);
    await tick();
    other.sendRest();
    const started = performance.now();
    expect(ids(await silent.done)).toEqual(['1', '2', '3']);
    expect(performance.now() - started).toBeGreaterThan(1500);
  });
});

describe('BookLoad: early answers and failures', () => {
  it("takes the answer the page's HTML asked for early, and says when its first screen is in", async () => {
    const { body, sendRest } = streamedBook();
    const fetch = vi.fn(async () => new Response('{}'));
    vi.stubGlobal(EARLY_RESPONSES_GLOBAL, { [ContactApi.list]: Promise.resolve(new Response(body)) });
    const load = await freshLoad(body, fetch);
    await load.firstScreen;
    expect(load.first && ids(load.first)).toEqual(['1']);
    expect(fetch).not.toHaveBeenCalled();
    load.subscribe(() => undefined);
    load.shown();
    sendRest();
    expect(ids(await load.done)).toEqual(['1', '2', '3']);
  });

  it('says the first screen is over when the download fails, and has none', async () => {
    const load = await freshLoad(
      new ReadableStream(),
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    await load.firstScreen;
    expect(load.first).toBeNull();
    await expect(load.done).rejects.toMatchObject({ kind: 'network' });
  });

  it('stops reading an early answer when cancelled (it is not tied to the abort signal)', async () => {
    let cancelled = false;
    const { body: early } = streamedBook(() => {
      cancelled = true;
    });
    const { body } = streamedBook();
    vi.stubGlobal(EARLY_RESPONSES_GLOBAL, { [ContactApi.list]: Promise.resolve(new Response(early)) });
    const load = await freshLoad(body);
    await load.firstScreen;
    load.subscribe(() => undefined);
    load.cancel();
    await expect(load.done).rejects.toBeDefined();
    expect(cancelled).toBe(true);
  });
});
