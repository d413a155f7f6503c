import { previewKindOf } from '@phonecloud/shared';
import { type TouchEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { DriveItem } from '../types';
import { step, stepZoom, turn, viewerKey, viewerSet } from './viewer-state';

/** A swipe shorter than this (px) is a tap, not a step to the next picture. */
const SWIPE_PX = 50;

export type Viewer = ReturnType<typeof useViewer>;

/**
 * Where the viewer is: the item shown (stepping through the folder's images in the list's order),
 * its kind, and the picture's zoom and rotation, which a step resets.
 */
export function useViewer(items: readonly DriveItem[], start: DriveItem) {
  const [set] = useState(() => viewerSet(items, start));
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      set.findIndex((i) => i.id === start.id),
    ),
  );
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const item = set[index] ?? start;
  const kind = item.type === 'file' ? previewKindOf(item.name) : 'none';
  const go = useCallback(
    (dir: 1 | -1) => {
      setIndex((i) => step(i, set.length, dir));
      setZoom(1);
      setRotation(0);
    },
    [set.length],
  );
  return {
    set,
    index,
    item,
    kind,
    zoom,
    rotation,
    go,
    zoomBy: (dir: 1 | -1) => setZoom((z) => stepZoom(z, dir)),
    turnBy: (dir: 1 | -1) => setRotation((r) => turn(r, dir)),
    reset: () => {
      setZoom(1);
      setRotation(0);
    },
  };
}

/** The viewer's keys (viewerKey): a picture's steps, zoom, rotation and reset; Escape closes any file. */
export function useViewerKeys(viewer: Viewer, onClose: () => void) {
  // The screen passes a new onClose on each render: the key handler reads the latest one.
  const latest = useRef({ viewer, onClose });
  latest.current = { viewer, onClose };
  const { kind } = viewer;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      // Keys typed into the player's own controls stay theirs, except Escape.
      const target = e.target as HTMLElement | null;
      const inMedia = target?.tagName === 'VIDEO' || target?.tagName === 'AUDIO';
      const command = viewerKey(e.key);
      if (!command || (inMedia && command !== 'close')) return;
      if (kind !== 'image' && command !== 'close') return;
      e.preventDefault();
      const { viewer: v, onClose: close } = latest.current;
      if (command === 'close') close();
      else if (command === 'prev') v.go(-1);
      else if (command === 'next') v.go(1);
      else if (command === 'zoom-in') v.zoomBy(1);
      else if (command === 'zoom-out') v.zoomBy(-1);
      else if (command === 'rotate') v.turnBy(1);
      else if (command === 'rotate-back') v.turnBy(-1);
      else v.reset();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [kind]);
}

/** A swipe across an unzoomed picture steps to the next or the previous one. */
export function useSwipe(viewer: Viewer) {
  const swipeFrom = useRef<number | null>(null);
  return {
    onTouchStart: (e: TouchEvent) => {
      swipeFrom.current =
        viewer.zoom === 1 && e.touches.length === 1 ? (e.touches[0]?.clientX ?? null) : null;
    },
    onTouchEnd: (e: TouchEvent) => {
      const from = swipeFrom.current;
      swipeFrom.current = null;
      const to = e.changedTouches[0]?.clientX;
      if (from === null || to === undefined || Math.abs(to - from) < SWIPE_PX) return;
      viewer.go(to < from ? 1 : -1);
    },
  };
}
