import { type PointerEvent, useRef, useState } from 'react';
import { type Day, daysBetween } from '../dates/days';
import type { Occurrence } from '../state/model';

interface Held {
  o: Occurrence;
  from: Day;
  x: number;
  y: number;
  pointerId: number;
}

const SLOP_PX = 6;

function cellAt(x: number, y: number): Day | null {
  return (document.elementFromPoint(x, y)?.closest('[data-day]') as HTMLElement | null)?.dataset.day ?? null;
}

/**
 * An event of the month dragged onto another day (pointer events: mouse, pen and touch alike; the
 * pointer is captured, so the cell under it is found by its place). A press let go without moving
 * opens the event; read-only events only open.
 */
export function useMonthDrag(
  onOpen: (o: Occurrence) => void,
  onMove: (o: Occurrence, dayDelta: number) => void,
) {
  const held = useRef<Held | null>(null);
  const [over, setOver] = useState<{ key: string; day: Day } | null>(null);
  const handlers = (o: Occurrence, from: Day) => ({
    onPointerDown(e: PointerEvent) {
      e.stopPropagation();
      if (e.button !== 0) return;
      held.current = { o, from, x: e.clientX, y: e.clientY, pointerId: e.pointerId };
      if (!o.readOnly) (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
    },
    onPointerMove(e: PointerEvent) {
      const h = held.current;
      if (!h || h.o.readOnly || h.pointerId !== e.pointerId) return;
      if (Math.abs(e.clientX - h.x) + Math.abs(e.clientY - h.y) < SLOP_PX && !over) return;
      const target = cellAt(e.clientX, e.clientY);
      if (target) setOver({ key: h.o.key, day: target });
    },
    onPointerUp(e: PointerEvent) {
      const h = held.current;
      held.current = null;
      const target = over;
      setOver(null);
      if (!h || h.pointerId !== e.pointerId) return;
      if (!target) onOpen(h.o);
      else if (target.day !== h.from) onMove(h.o, daysBetween(h.from, target.day));
    },
    onPointerCancel() {
      held.current = null;
      setOver(null);
    },
  });
  return { over, handlers };
}
