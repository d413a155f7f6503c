import { type MouseEvent, type PointerEvent, useEffect, useRef } from 'react';

/** How long a finger rests on an item before it counts as a long press (as on Android). */
export const LONG_PRESS_MS = 500;

/**
 * A touch held still on an element runs `onLong`, where a desktop uses hover or right-click (a
 * row's checkbox, its action menu). The click that ends such a press is swallowed, so the item
 * does not also open. Mouse and pen are left alone: they have hover.
 */
export function useLongPress(onLong: () => void) {
  const timer = useRef<number | undefined>(undefined);
  const fired = useRef(false);
  const cancel = () => window.clearTimeout(timer.current);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return {
    onPointerDown(e: PointerEvent) {
      if (e.pointerType !== 'touch') return;
      fired.current = false;
      cancel();
      timer.current = window.setTimeout(() => {
        fired.current = true;
        onLong();
      }, LONG_PRESS_MS);
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    onClickCapture(e: MouseEvent) {
      if (!fired.current) return;
      fired.current = false;
      e.stopPropagation();
      e.preventDefault();
    },
    onContextMenu(e: MouseEvent) {
      // A long press also raises the browser's own context menu on Android.
      if (fired.current) e.preventDefault();
    },
  };
}
