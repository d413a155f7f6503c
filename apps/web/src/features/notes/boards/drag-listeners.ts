import type { DraggableSyntheticListeners } from '@dnd-kit/core';
import type { MouseEvent, TouchEvent } from 'react';

/**
 * The mouse and touch listeners of a draggable, without the keyboard's: a note's body drags by
 * mouse or a held finger, while Enter and Space on it keep opening it (its handle takes the
 * keyboard drag). dnd-kit types its listeners loosely, as Function.
 */
export function pointerOnly(listeners: DraggableSyntheticListeners) {
  const mouse = listeners?.onMouseDown as ((e: MouseEvent) => void) | undefined;
  const touch = listeners?.onTouchStart as ((e: TouchEvent) => void) | undefined;
  return { onMouseDown: mouse, onTouchStart: touch };
}
