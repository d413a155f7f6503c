import { SMS_DETAIL_SCROLL_PX } from '@phonecloud/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { type MessageRow, rowOf } from './message-rows';

// Before the box is measured: the spec's detail scroll height (spec 001 §9).
const FIRST_RECT = { width: 800, height: SMS_DETAIL_SCROLL_PX };
/** Room above the first message for "loading older" or "this is the start". */
export const HEAD_PX = 36;

// This close to the end counts as at the end.
const PINNED_SLACK_PX = 8;

/**
 * The conversation's scroll box and its virtualiser (rows measured once drawn). Places the view
 * once its rows are there, at the anchor (in the middle of the box) or at the newest message, and
 * keeps it there while rows are measured and pictures load, until the user scrolls; an older page
 * arriving in front leaves the rows in view where they are. `placed`: whether the view was placed
 * (the older page is asked for only after that).
 */
export function useConversationView(rows: readonly MessageRow[], anchor: string | null) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => (rows[i]?.kind === 'day' ? 40 : 64),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 6,
    initialRect: FIRST_RECT,
    paddingStart: HEAD_PX,
  });
  const anchorRow = anchor ? rowOf(rows, anchor) : -1;
  // Whether the view was placed: at the anchor, or at the newest message.
  const placed = useRef(false);
  // What the view holds on to until the user scrolls: the anchor in the middle of the box, or the
  // end. Rows are measured (and pictures load) after the first placement, so the view is put back
  // on every render that moves them, not scrolled once and left to drift.
  const hold: Hold = useRef<'anchor' | 'end' | null>(null);
  // Where the view was last put (or found on its target) while holding.
  const heldAt = useRef(0);
  // The first message and where it sat at the last render (its day separator's key may change
  // when an older page ends on the same day, so the message is what is followed).
  const firstMessage = useRef<{ key: string; start: number } | null>(null);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || rows.length === 0) {
      placed.current = false;
      return;
    }
    if (!placed.current) {
      placed.current = true;
      hold.current = anchorRow >= 0 ? 'anchor' : 'end';
      return;
    }
    // An older page arrived in front: move the view down by what was added, so it stays put.
    const previous = firstMessage.current;
    const firstNow = rows.find((r) => r.kind === 'sms')?.key;
    if (previous && firstNow !== previous.key) {
      const at = rows.findIndex((r) => r.key === previous.key);
      const start = at > 0 ? virtual.measurementsCache[at]?.start : undefined;
      if (start !== undefined) {
        el.scrollTop += start - previous.start;
        heldAt.current += start - previous.start;
      }
    }
  }, [rows, anchorRow, virtual]);
  // After every render (declared after the effect above, so it runs after it): the view back on
  // what it holds, and where the first message sits now.
  useLayoutEffect(() => {
    const el = scroller.current;
    // The marked message deleted here: the view stays where it is.
    if (hold.current === 'anchor' && anchorRow < 0) hold.current = null;
    if (el && hold.current) {
      const target =
        hold.current === 'anchor'
          ? virtual.getOffsetForIndex(anchorRow, 'center')?.[0]
          : el.scrollHeight - el.clientHeight;
      if (target !== undefined && Math.abs(el.scrollTop - target) > 1) el.scrollTop = target;
      heldAt.current = el.scrollTop;
    }
    const at = rows.findIndex((r) => r.kind === 'sms');
    const row = rows[at];
    firstMessage.current = row ? { key: row.key, start: virtual.measurementsCache[at]?.start ?? 0 } : null;
  });

  useEffect(() => {
    const el = scroller.current;
    return el ? followTheUser(el, hold, heldAt) : undefined;
  }, []);

  return { scroller, virtual, placed };
}

type Hold = { current: 'anchor' | 'end' | null };

/**
 * The user's own scrolling (wheel, touch, keys, the scroll bar) lets go of the hold, and so does
 * a jump of more than the box's height (the browser's find, a script); scrolled back to the end,
 * the view follows the end again (a picture that loads below, a new message). A scroll event is
 * not read as "no longer at the end": the event of the view's own move can arrive after a picture
 * has grown the box, and rows re-measured above move it by a little. Answers the cleanup.
 */
function followTheUser(el: HTMLDivElement, hold: Hold, heldAt: { current: number }): () => void {
  const release = () => {
    hold.current = null;
  };
  const onPointer = (e: PointerEvent) => {
    if (e.target === el) release();
  };
  const follow = () => {
    if (hold.current) {
      if (Math.abs(el.scrollTop - heldAt.current) > el.clientHeight) release();
    } else if (el.scrollHeight - el.scrollTop - el.clientHeight < PINNED_SLACK_PX) hold.current = 'end';
  };
  const inputs = ['wheel', 'touchstart', 'keydown'] as const;
  for (const type of inputs) el.addEventListener(type, release, { passive: true });
  el.addEventListener('pointerdown', onPointer, { passive: true });
  // Captured: heard before the virtualiser's own listener, which draws the new rows at once (and
  // the hold would put the view back before it was let go). Not in the render: the virtualiser
  // itself moves the box when it takes it up again (React's StrictMode does that at mount).
  el.addEventListener('scroll', follow, { passive: true, capture: true });
  return () => {
    for (const type of inputs) el.removeEventListener(type, release);
    el.removeEventListener('pointerdown', onPointer);
    el.removeEventListener('scroll', follow, { capture: true });
  };
}
