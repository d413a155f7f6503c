import { SMS_DETAIL_SCROLL_PX, type SmsItem } from '@phonecloud/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Spin } from 'antd';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { dayLabel } from '../format/sms-date';
import { T } from '../texts';
import { Bubble } from './Bubble';
import { messageRows, rowOf } from './message-rows';

interface Props {
  /** Loaded messages, oldest first. */
  messages: readonly SmsItem[];
  /**
   * The message to scroll to and mark (full/{address}.{id}); detail.do answered it in the first
   * page (`anchor`). Null, or not among the messages (gone), opens at the newest.
   */
  anchor: string | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder(): void;
  onFavourite(sms: SmsItem, on: boolean): void;
}

// Rows this close to the top of what is rendered ask for the older page.
const OLDER_AT_ROW = 4;
// …and the view this close to the top.
const OLDER_AT_PX = 800;
// Before the box is measured: the spec's detail scroll height (spec 001 §9).
const FIRST_RECT = { width: 800, height: SMS_DETAIL_SCROLL_PX };
const HEAD_PX = 36;
// This close to the end counts as at the end.
const PINNED_SLACK_PX = 8;

/**
 * The conversation's bubbles, virtualised (@tanstack/react-virtual measures each row once drawn),
 * so a conversation of 10,000 messages costs the rows in view. It opens at the newest message (or
 * the anchor) and reads older pages as the user scrolls up, keeping the rows in view where they are.
 */
export function MessageList({ messages, anchor, hasOlder, loadingOlder, loadOlder, onFavourite }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => messageRows(messages), [messages]);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => (rows[i]?.kind === 'day' ? 40 : 64),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 6,
    initialRect: FIRST_RECT,
    // Room above the first message for "loading older" or "this is the start".
    paddingStart: HEAD_PX,
  });
  const items = virtual.getVirtualItems();
  // The message whose popup is open.
  const [menuFor, setMenuFor] = useState<string | null>(null);

  // Whether the view was placed: at the anchor, or at the newest message.
  const placed = useRef(false);
  // Whether the view follows the end (see below).
  const pinned = useRef(false);
  // The first message and where it sat at the last render (its day separator's key may change
  // when an older page ends on the same day, so the message is what is followed).
  const firstMessage = useRef<{ key: string; start: number } | null>(null);
  const anchorRow = anchor ? rowOf(rows, anchor) : -1;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || rows.length === 0) {
      placed.current = false;
      return;
    }
    if (!placed.current) {
      placed.current = true;
      if (anchorRow >= 0) virtual.scrollToIndex(anchorRow, { align: 'center' });
      else {
        pinned.current = true;
        virtual.scrollToIndex(rows.length - 1, { align: 'end' });
      }
      return;
    }
    // An older page arrived in front: move the view down by what was added, so it stays put.
    const previous = firstMessage.current;
    const firstNow = rows.find((r) => r.kind === 'sms')?.key;
    if (previous && firstNow !== previous.key) {
      const at = rows.findIndex((r) => r.key === previous.key);
      const start = at > 0 ? virtual.measurementsCache[at]?.start : undefined;
      if (start !== undefined) el.scrollTop += start - previous.start;
    }
  }, [rows, anchorRow, virtual]);
  // After every render (declared after the effect above, so it runs after it): where the first
  // message sits now.
  useLayoutEffect(() => {
    const at = rows.findIndex((r) => r.kind === 'sms');
    const row = rows[at];
    firstMessage.current = row ? { key: row.key, start: virtual.measurementsCache[at]?.start ?? 0 } : null;
  });

  // Opened at the newest message, the view stays at the end while rows below grow (a picture
  // that loads after its bubble was measured), until the user scrolls away from it.
  const total = virtual.getTotalSize();
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const follow = () => {
      pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < PINNED_SLACK_PX;
    };
    el.addEventListener('scroll', follow, { passive: true });
    return () => el.removeEventListener('scroll', follow);
  }, []);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && total && pinned.current) el.scrollTop = el.scrollHeight;
  }, [total]);

  // Scrolled near the top: the page before.
  const topIndex = items[0]?.index ?? 0;
  useEffect(() => {
    if (!hasOlder || loadingOlder) return;
    // The view's own position decides: the render before the placement still starts at the top.
    const el = scroller.current;
    if (placed.current && el && el.scrollTop < OLDER_AT_PX && topIndex <= OLDER_AT_ROW) loadOlder();
  }, [hasOlder, loadingOlder, topIndex, loadOlder]);

  return (
    <div ref={scroller} className="sms-messages" data-loaded={messages.length}>
      <div className="sms-messages__inner" style={{ height: virtual.getTotalSize() }}>
        <div className="sms-messages__head" style={{ height: HEAD_PX }}>
          {loadingOlder ? (
            <span role="status">
              <Spin size="small" /> {T.loadingOlder}
            </span>
          ) : (
            !hasOlder && rows.length > 0 && T.start
          )}
        </div>
        {items.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <div
              key={item.key}
              ref={virtual.measureElement}
              data-index={item.index}
              className="sms-messages__slot"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {row.kind === 'day' ? (
                <div className="sms-day">
                  <span>{dayLabel(row.date)}</span>
                </div>
              ) : (
                <Bubble
                  sms={row.sms}
                  anchored={row.sms.server_id === anchor}
                  menuOpen={row.sms.server_id === menuFor}
                  onMenu={setMenuFor}
                  onFavourite={onFavourite}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
