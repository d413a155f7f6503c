import { Code } from '@phonecloud/shared';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../../api';
import { BookLoad } from '../api/book-load';
import { takePrefetchedBook, takePrefetchedFirstScreen } from '../api/book-prefetch';
import { contactCalls } from '../api/contact-calls';
import { applyRefresh, type Book, bookOf, refreshChanges } from './book';

const BOOK_KEY = ['contacts', 'book'] as const;

// The download under way per cache: a newer one (1009, a reload) cancels it, and a sync waits
// for it, since a delta cannot apply to a book still arriving.
const loads = new WeakMap<QueryClient, { load: BookLoad; whole: Promise<unknown> }>();

/**
 * The query's answer is the first part of the book that can be shown (the indexes and the first
 * contacts, as list.do streams in); the rest reaches the cache as it arrives, then the whole.
 */
function streamBook(qc: QueryClient): Promise<Book> {
  return follow(qc, takePrefetchedBook() ?? new BookLoad());
}

/** Makes `load` the cache's download: its first step answers, the later ones update the cache. */
function follow(qc: QueryClient, load: BookLoad): Promise<Book> {
  loads.get(qc)?.load.cancel();
  const whole = load.done.catch(() => undefined);
  loads.set(qc, { load, whole });
  const current = () => loads.get(qc)?.load === load;
  return new Promise<Book>((resolve, reject) => {
    let answered = false;
    load.subscribe((p) => {
      const book = bookOf(p.head, p.contacts, p.done);
      if (!answered) {
        answered = true;
        resolve(book);
      } else if (current()) qc.setQueryData(BOOK_KEY, book);
    });
    load.done.catch((error: unknown) => {
      if (!answered) {
        answered = true;
        reject(error);
      } else if (current()) {
        // Cut off after the first rows: load it again (a failure then shows as the list's error).
        void qc.refetchQueries({ queryKey: BOOK_KEY });
      }
    });
  });
}

/**
 * The book from list.do. It never goes stale by age: the poll and the calls that change it bring
 * it up to date with refresh.do deltas.
 */
export const bookQuery = queryOptions({
  queryKey: BOOK_KEY,
  queryFn: ({ client }): Promise<Book> => streamBook(client),
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * A download the portal started with the page whose first screen is already in goes into the
 * cache before the area's first render, which then draws the rows at once instead of drawing
 * the area empty and again when the query answers.
 */
function seedFromPrefetch(qc: QueryClient): void {
  if (qc.getQueryData(BOOK_KEY)) return;
  const load = takePrefetchedFirstScreen();
  const first = load?.first;
  if (!load || !first) return;
  void follow(qc, load).catch(() => undefined);
  qc.setQueryData(BOOK_KEY, bookOf(first.head, first.contacts, first.done));
}

export function useBook() {
  const qc = useQueryClient();
  // Once per component, before its query subscribes: nothing observes the book yet the first time.
  useState(() => seedFromPrefetch(qc));
  return useQuery(bookQuery);
}

/**
 * For the screen that draws the book's first contacts: once they are painted, the rest of a
 * download under way is read (until then it waits, so that first render goes first).
 */
export function useBookShown(book: Book | undefined): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (book) loads.get(qc)?.load.shown();
  }, [book, qc]);
}

/** Reads the cached book outside render (handlers that need the current sync_version). */
export function currentBook(qc: QueryClient): Book | undefined {
  return qc.getQueryData(bookQuery.queryKey);
}

// One sync at a time per cache: a poll and a save answering at once must not apply a delta twice.
const running = new WeakMap<QueryClient, Promise<void>>();

async function syncOnce(qc: QueryClient): Promise<void> {
  await loads.get(qc)?.whole;
  const book = currentBook(qc);
  if (book && !book.loaded) return;
  if (!book) return;
  try {
    const delta = await contactCalls.refresh(book.syncVersion);
    // A full reload that landed meanwhile already holds everything.
    if (currentBook(qc) !== book) return;
    if (refreshChanges(book, delta)) qc.setQueryData(bookQuery.queryKey, applyRefresh(book, delta));
  } catch (error) {
    if (isApiError(error) && error.code === Code.FULL_RELOAD) {
      await qc.refetchQueries({ queryKey: bookQuery.queryKey });
      return;
    }
    throw error;
  }
}

/** Brings the cached book up to date with refresh.do (1009: list.do again). */
export function syncBook(qc: QueryClient): Promise<void> {
  const previous = running.get(qc) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => syncOnce(qc));
  running.set(qc, next);
  return next;
}

/** `sync()` for screens: after a change, fetch what it did to the book. Failures stay quiet. */
export function useBookSync(): () => Promise<void> {
  const qc = useQueryClient();
  return useCallback(() => syncBook(qc).catch(() => undefined), [qc]);
}

/** Throws away the book and loads it again (after a time machine restore or an import). */
export function useBookReload(): () => Promise<void> {
  const qc = useQueryClient();
  return useCallback(() => qc.refetchQueries({ queryKey: bookQuery.queryKey }), [qc]);
}
