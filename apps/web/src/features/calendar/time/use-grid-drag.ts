import { type PointerEvent as ReactPointerEvent, type RefObject, useCallback, useRef, useState } from 'react';
import { snapMinutes } from './layout';

/** What a drag on the time grid is doing, drawn as a ghost while the pointer is down. */
export type GridDrag =
  | { kind: 'create'; column: number; startMin: number; endMin: number }
  | { kind: 'move'; key: string; column: number; startMin: number; endMin: number; moved: boolean }
  | { kind: 'resize'; key: string; column: number; startMin: number; endMin: number; moved: boolean };

export interface GridDragHandlers {
  /** A drag (or a click) over free hours: a new event from `startMin` to `endMin` of the column. */
  onCreate(column: number, startMin: number, endMin: number): void;
  /** An event dropped `dayDelta` columns and `minuteDelta` minutes from where it was. */
  onMove(key: string, dayDelta: number, minuteDelta: number): void;
  /** An event's end dragged to `endMin` of the column its edge was pressed in. */
  onResize(key: string, column: number, endMin: number): void;
  /** An event clicked (pressed and let go without moving). */
  onOpen(key: string): void;
}

interface Press {
  pointerId: number;
  kind: GridDrag['kind'];
  key: string;
  column: number;
  /** Minute of the press, and the event's own start and end when one was pressed. */
  atMin: number;
  startMin: number;
  endMin: number;
  x: number;
  y: number;
}

const SLOP_PX = 4;
const DEFAULT_LENGTH_MIN = 60;

/**
 * Pointer events over a time grid (mouse, pen and touch alike): a press on free hours drags out a
 * new event (a tap makes an hour), a press on an event moves it across hours and days, a press
 * on its bottom edge changes its length. The grid's element holds the day columns side by side,
 * `hourPx` tall per hour; the pointer is captured, so the drag follows it outside the grid.
 */
export function useGridDrag(
  grid: RefObject<HTMLElement | null>,
  columns: number,
  hourPx: number,
  handlers: GridDragHandlers,
) {
  const [drag, setDrag] = useState<GridDrag | null>(null);
  const press = useRef<Press | null>(null);
  const latest = useRef(handlers);
  latest.current = handlers;

  const where = useCallback(
    (e: { clientX: number; clientY: number }) => {
      const rect = grid.current?.getBoundingClientRect();
      if (!rect) return { column: 0, minute: 0 };
      const column = Math.min(
        columns - 1,
        Math.max(0, Math.floor(((e.clientX - rect.left) / rect.width) * columns)),
      );
      return { column, minute: snapMinutes(e.clientY - rect.top, hourPx) };
    },
    [grid, columns, hourPx],
  );

  const start = (e: ReactPointerEvent, kind: GridDrag['kind'], key = '', startMin = 0, endMin = 0) => {
    if (e.button !== 0) return;
    const at = where(e);
    // Free hours under a finger scroll the grid; a tap there still makes an event (on pointerup).
    if (kind !== 'create' || e.pointerType !== 'touch') {
      (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
    }
    e.stopPropagation();
    press.current = {
      pointerId: e.pointerId,
      kind,
      key,
      column: at.column,
      atMin: at.minute,
      startMin,
      endMin,
      x: e.clientX,
      y: e.clientY,
    };
  };

  const ghostFor = (p: Press, e: { clientX: number; clientY: number }) => ghost(p, where(e));

  const onPointerMove = (e: ReactPointerEvent) => {
    const p = press.current;
    if (!p || p.pointerId !== e.pointerId) return;
    const moved = Math.abs(e.clientX - p.x) > SLOP_PX || Math.abs(e.clientY - p.y) > SLOP_PX;
    if (!moved && !drag) return;
    // A finger on free hours scrolls the grid instead of dragging out an event.
    if (p.kind === 'create' && e.pointerType === 'touch') {
      press.current = null;
      return;
    }
    setDrag(ghostFor(p, e));
  };

  const onPointerUp = (e: ReactPointerEvent) => {
    const p = press.current;
    if (!p || p.pointerId !== e.pointerId) return;
    press.current = null;
    setDrag(null);
    finish(p, drag === null ? null : ghostFor(p, e), latest.current);
  };

  const onPointerCancel = () => {
    press.current = null;
    setDrag(null);
  };

  return {
    drag,
    /** On the grid's free hours. */
    pressFree: (e: ReactPointerEvent) => start(e, 'create'),
    /** On an event's body (`startMin`/`endMin`: where it is drawn in the pressed column). */
    pressEvent: (e: ReactPointerEvent, key: string, startMin: number, endMin: number) =>
      start(e, 'move', key, startMin, endMin),
    /** On an event's bottom edge. */
    pressEdge: (e: ReactPointerEvent, key: string, startMin: number, endMin: number) =>
      start(e, 'resize', key, startMin, endMin),
    /** On the grid's element: the moves and the release of whatever was pressed. */
    gridHandlers: { onPointerMove, onPointerUp, onPointerCancel },
  };
}

/** Where the pressed thing is drawn with the pointer at `at` (column and snapped minute). */
function ghost(p: Press, at: { column: number; minute: number }): GridDrag {
  if (p.kind === 'create') {
    const a = Math.min(p.atMin, at.minute);
    const b = Math.max(p.atMin, at.minute);
    return { kind: 'create', column: p.column, startMin: a, endMin: Math.max(b, a + 15) };
  }
  if (p.kind === 'resize') {
    const endMin = Math.max(at.minute, p.startMin + 15);
    return { kind: 'resize', key: p.key, column: p.column, startMin: p.startMin, endMin, moved: true };
  }
  const length = p.endMin - p.startMin;
  const startMin = Math.min(24 * 60 - 15, Math.max(0, p.startMin + at.minute - p.atMin));
  return { kind: 'move', key: p.key, column: at.column, startMin, endMin: startMin + length, moved: true };
}

/** What a release does: `last` is where the drag was drawn (null when the pointer never moved). */
function finish(p: Press, last: GridDrag | null, h: GridDragHandlers): void {
  if (p.kind === 'create') {
    if (last?.kind === 'create') h.onCreate(last.column, last.startMin, last.endMin);
    else {
      const startMin = Math.floor(p.atMin / 60) * 60;
      h.onCreate(p.column, startMin, Math.min(24 * 60, startMin + DEFAULT_LENGTH_MIN));
    }
    return;
  }
  if (!last) {
    h.onOpen(p.key);
    return;
  }
  if (last.kind === 'move') {
    const dayDelta = last.column - p.column;
    const minuteDelta = last.startMin - p.startMin;
    if (dayDelta !== 0 || minuteDelta !== 0) h.onMove(p.key, dayDelta, minuteDelta);
  } else if (last.kind === 'resize' && last.endMin !== p.endMin) {
    h.onResize(p.key, p.column, last.endMin);
  }
}
