import { afterEach, describe, expect, it, vi } from 'vitest';

const book = { sync_version: 3, list: {}, group: {}, letter_index: {}, group_letter_index: {} };

async function freshModule(answer: () => Promise<Response>) {
  vi.resetModules();
  const fetch = vi.fn(answer);
  vi.stubGlobal('window', {
    fetch,
    location: { pathname: '/', hash: '#/contact/index', assign: vi.fn(), replace: vi.fn() },
  });
  vi.stubGlobal('document', { cookie: '' });
  return { fetch, mod: await import('./book-prefetch') };
}

afterEach(() => vi.unstubAllGlobals());

describe('list.do prefetch', () => {
  it('starts once and hands its answer over once', async () => {
    const { fetch, mod } = await freshModule(async () => Response.json({ code: 0, data: book }));
    expect(fetch).not.toHaveBeenCalled();
    mod.prefetchContactBook();
    mod.prefetchContactBook();
    expect(fetch).toHaveBeenCalledTimes(1);
    const { list: _, ...head } = book;
    await expect(mod.takePrefetchedBook()?.done).resolves.toEqual({ head, contacts: new Map(), done: true });
    expect(mod.takePrefetchedBook()).toBeNull();
  });

  it('never hands over a failed answer (6001 before the check), nor asks again', async () => {
    const { fetch, mod } = await freshModule(async () => Response.json({ code: 6001 }));
    mod.prefetchContactBook();
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    mod.prefetchContactBook();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(mod.takePrefetchedBook()).toBeNull();
  });
});
