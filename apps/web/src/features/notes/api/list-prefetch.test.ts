import type { NoteList } from '@phonecloud/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchNoteList, takeArrivedNoteList, takePrefetchedNoteList } from './list-prefetch';
import { noteCalls } from './note-calls';

vi.mock('./note-calls', () => ({ noteCalls: { list: vi.fn() } }));
const calls = vi.mocked(noteCalls);
const list = { sync_version: 3, list: {}, viewBlackBoard: {} } as unknown as NoteList;

afterEach(() => {
  takePrefetchedNoteList();
  vi.useRealTimers();
  vi.resetAllMocks();
});

describe('the prefetched note list', () => {
  it('is the first render’s data once it has arrived, and only once', async () => {
    calls.list.mockResolvedValue(list);
    const pending = prefetchNoteList();
    // Not arrived yet: nothing to start with (the query takes the promise instead).
    expect(takeArrivedNoteList()).toBeUndefined();
    await pending;
    expect(takeArrivedNoteList()?.list).toBe(list);
    expect(takeArrivedNoteList()).toBeUndefined();
    expect(takePrefetchedNoteList()).toBeNull();
  });

  it('is not used when it is old or failed', async () => {
    vi.useFakeTimers();
    calls.list.mockResolvedValue(list);
    await prefetchNoteList();
    vi.advanceTimersByTime(31_000);
    expect(takeArrivedNoteList()).toBeUndefined();
    calls.list.mockRejectedValue(new Error('6001'));
    await prefetchNoteList();
    expect(takeArrivedNoteList()).toBeUndefined();
    expect(takePrefetchedNoteList()).toBeNull();
  });
});
