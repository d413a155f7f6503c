import { previewKindOf } from '@phonecloud/shared';
import type { DriveItem } from '../types';

/** Zoom steps of the image viewer; 1 is the picture fitted to the screen. */
export const ZOOM_STEPS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 6] as const;

/** The next zoom step up (`dir` 1) or down (-1), staying within the steps. */
export function stepZoom(zoom: number, dir: 1 | -1): number {
  if (dir > 0) return ZOOM_STEPS.find((z) => z > zoom + 1e-9) ?? ZOOM_STEPS[ZOOM_STEPS.length - 1] ?? zoom;
  return [...ZOOM_STEPS].reverse().find((z) => z < zoom - 1e-9) ?? ZOOM_STEPS[0] ?? zoom;
}

/** A quarter turn clockwise (`dir` 1) or back (-1), in 0..270. */
export function turn(rotation: number, dir: 1 | -1 = 1): number {
  return (((rotation + dir * 90) % 360) + 360) % 360;
}

/**
 * What the viewer steps through from a file: the folder's images, in the list's order, when it is
 * an image; the file alone otherwise.
 */
export function viewerSet(items: readonly DriveItem[], start: DriveItem): DriveItem[] {
  if (start.type !== 'file' || previewKindOf(start.name) !== 'image') return [start];
  const images = items.filter((i) => i.type === 'file' && previewKindOf(i.name) === 'image');
  return images.some((i) => i.id === start.id) ? images : [start];
}

/** The index after a step, or the same when there is no further picture that way (no wrap). */
export function step(index: number, total: number, dir: 1 | -1): number {
  const next = index + dir;
  return next < 0 || next >= total ? index : next;
}

/** A viewer command from a key, or null for keys the viewer leaves alone. */
export type ViewerKey =
  | 'prev'
  | 'next'
  | 'zoom-in'
  | 'zoom-out'
  | 'rotate'
  | 'rotate-back'
  | 'reset'
  | 'close';
export function viewerKey(key: string): ViewerKey | null {
  switch (key) {
    case 'ArrowLeft':
    case 'PageUp':
      return 'prev';
    case 'ArrowRight':
    case 'PageDown':
      return 'next';
    case '+':
    case '=':
      return 'zoom-in';
    case '-':
    case '_':
      return 'zoom-out';
    case 'r':
    case 'R':
      return key === 'R' ? 'rotate-back' : 'rotate';
    case '0':
      return 'reset';
    case 'Escape':
      return 'close';
    default:
      return null;
  }
}
