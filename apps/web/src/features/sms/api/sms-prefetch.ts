import type { SmsData, SmsDetail } from '@phonecloud/shared';
import { fullTarget } from '../state/routes';
import { smsCalls } from './sms-calls';

// A download older than this is not used: the area was left before its chunk arrived.
const FRESH_MS = 30_000;
const FULL_PREFIX = '/sms/full/';

let list: Promise<SmsData> | null = null;
let detail: { address: string; anchor: string | null; answer: Promise<SmsDetail> } | null = null;

/**
 * Starts the area's first calls while its chunk is still loading (the area's loader in
 * app/areas.ts calls this), so the downloads overlap instead of following each other: list.do
 * (taking the answer the page's HTML asked for, when it was opened on the area) and, opened on
 * `full/{id}`, the conversation's first page. One try per page load: after a 6001 the area makes
 * its own calls once it is on screen. Kept apart from the area's chunk: this file and what it
 * imports are small and part of the portal's main bundle.
 */
export function prefetchSmsOpening(): void {
  if (list) return;
  const mine = smsCalls.list();
  // A failed call (a 6001 before the check, which already led to the gate) is never handed on:
  // behind the gate the area asks anew.
  mine.catch(() => {
    if (list === mine) list = null;
    detail = null;
  });
  list = mine;
  const path = window.location.hash.replace(/^#/, '').split('?')[0] ?? '';
  if (path.startsWith(FULL_PREFIX)) {
    const { address, anchor } = fullTarget(path.slice(FULL_PREFIX.length));
    const answer = smsCalls.detail(address, null, anchor);
    const entry = { address, anchor, answer };
    answer.catch(() => {
      if (detail === entry) detail = null;
    });
    detail = entry;
  }
  setTimeout(() => {
    if (list === mine) {
      list = null;
      detail = null;
    }
  }, FRESH_MS);
}

/** The prefetched list.do, once. */
export function takePrefetchedList(): Promise<SmsData> | null {
  const taken = list;
  list = null;
  return taken;
}

/** The prefetched first page of the conversation, once, if it is the one asked for. */
export function takePrefetchedDetail(address: string, anchor: string | null): Promise<SmsDetail> | null {
  if (!detail || detail.address !== address || detail.anchor !== anchor) return null;
  const taken = detail.answer;
  detail = null;
  return taken;
}
