import type { SmsItem } from '@phonecloud/shared';
import { Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { dayLabel } from '../format/sms-date';
import { T } from '../texts';
import { Bubble } from './Bubble';
import { messageRows } from './message-rows';
import { HEAD_PX, useConversationView } from './use-conversation-view';

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
  onDelete(sms: SmsItem): void;
}

// Rows this close to the top of what is rendered ask for the older page.
const OLDER_AT_ROW = 4;
// …and the view this close to the top.
const OLDER_AT_PX = 800;

/**
 * The conversation's bubbles, virtualised (@tanstack/react-virtual measures each row once drawn),
 * so a conversation of 10,000 messages costs the rows in view. It opens at the newest message (or
 * the anchor) and reads older pages as the user scrolls up, keeping the rows in view where they are.
 */
export function MessageList({
  messages,
  anchor,
  hasOlder,
  loadingOlder,
  loadOlder,
  onFavourite,
  onDelete,
}: Props) {
  const rows = useMemo(() => messageRows(messages), [messages]);
  const { scroller, virtual, placed } = useConversationView(rows, anchor);
  const items = virtual.getVirtualItems();
  // The message whose popup is open.
  const [menuFor, setMenuFor] = useState<string | null>(null);

  // Scrolled near the top: the page before.
  const topIndex = items[0]?.index ?? 0;
  useEffect(() => {
    if (!hasOlder || loadingOlder) return;
    // The view's own position decides: the render before the placement still starts at the top.
    const el = scroller.current;
    if (placed.current && el && el.scrollTop < OLDER_AT_PX && topIndex <= OLDER_AT_ROW) loadOlder();
  }, [hasOlder, loadingOlder, topIndex, loadOlder, placed, scroller]);

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
                  onDelete={onDelete}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
