import type { DraggableSyntheticListeners } from '@dnd-kit/core';
import { type MouseEvent, type TouchEvent, useMemo, useRef } from 'react';

type PointerListeners = {
  onMouseDown: ((e: MouseEvent) => void) | undefined;
  onTouchStart: ((e: TouchEvent) => void) | undefined;
};

/**
 * The mouse and touch listeners of a draggable, without the keyboard's: a note's body drags by
 * mouse or a held finger, while Enter and Space on it keep opening it (its handle takes the
 * keyboard drag). dnd-kit types its listeners loosely, as Function.
 */
export function pointerOnly(listeners: DraggableSyntheticListeners): PointerListeners {
  const mouse = listeners?.onMouseDown as ((e: MouseEvent) => void) | undefined;
  const touch = listeners?.onTouchStart as ((e: TouchEvent) => void) | undefined;
  return { onMouseDown: mouse, onTouchStart: touch };
}

/**
 * `pointerOnly` as the same object for the note's whole life: dnd-kit hands out new listeners
 * when a drag starts and ends, and the note's memoised body (its face) would otherwise be drawn
 * again for it, a hundred times on a full board, in the drag's first frame.
 */
export function useStablePointer(listeners: DraggableSyntheticListeners): PointerListeners {
  const latest = useRef(listeners);
  latest.current = listeners;
  return useMemo(
    () => ({
      onMouseDown: (e: MouseEvent) => pointerOnly(latest.current).onMouseDown?.(e),
      onTouchStart: (e: TouchEvent) => pointerOnly(latest.current).onTouchStart?.(e),
    }),
    [],
  );
}
