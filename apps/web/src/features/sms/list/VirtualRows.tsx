import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useRef } from 'react';

interface Props {
  count: number;
  rowPx: number;
  rowKey(index: number): string;
  renderRow(index: number): ReactNode;
  /** A new value starts the list at the top (another tab); the same value keeps the scroll. */
  resetKey: string;
  label: string;
}

// Before the first measurement: a typical column, so the first paint already has rows.
const FIRST_RECT = { width: 360, height: 720 };

/** A long list of fixed-height rows with only those in view in the DOM (@tanstack/react-virtual). */
export function VirtualRows({ count, rowPx, rowKey, renderRow, resetKey, label }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowPx,
    getItemKey: rowKey,
    overscan: 10,
    initialRect: FIRST_RECT,
  });
  useEffect(() => {
    if (resetKey) scroller.current?.scrollTo({ top: 0 });
  }, [resetKey]);
  return (
    <div ref={scroller} className="sms-rows">
      <ul className="sms-rows__inner" aria-label={label} style={{ height: virtual.getTotalSize() }}>
        {virtual.getVirtualItems().map((item) => (
          <li
            key={item.key}
            className="sms-rows__slot"
            style={{ height: item.size, transform: `translateY(${item.start}px)` }}
          >
            {renderRow(item.index)}
          </li>
        ))}
      </ul>
    </div>
  );
}
