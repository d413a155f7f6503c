import { type TouchEvent, useEffect, useRef, useState } from 'react';
import { clampZoom, NO_ZOOM, type Point, pan, pinch, toggleZoom, type Zoom } from './zoom';

const SWIPE_PX = 50;

type Gesture =
  | { kind: 'pinch'; start: Zoom; from: [Point, Point] }
  | { kind: 'one'; start: Zoom; from: Point }
  | null;

const points = (list: React.TouchList): Point[] => Array.from(list, (t) => ({ x: t.clientX, y: t.clientY }));

/**
 * The viewer's touch: two fingers pinch and pan the picture, one finger moves an enlarged one,
 * and a swipe on a picture at its own size goes to the next or previous; a double tap or click
 * zooms to 2× and back. The zoom starts again with every item.
 */
export function useViewerTouch(go: (step: 1 | -1) => void, itemId: number) {
  const [zoom, setZoom] = useState<Zoom>(NO_ZOOM);
  const [moving, setMoving] = useState(false);
  const current = useRef(zoom);
  current.current = zoom;
  const gesture = useRef<Gesture>(null);
  const media = useRef<HTMLElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new item starts unzoomed.
  useEffect(() => setZoom(NO_ZOOM), [itemId]);

  // The picture's size at scale 1 (a transform changes no offset size).
  const fit = (z: Zoom) => clampZoom(z, media.current?.offsetWidth ?? 0, media.current?.offsetHeight ?? 0);
  const begin = (touches: Point[]) => {
    const [a, b] = touches;
    if (a && b) gesture.current = { kind: 'pinch', start: current.current, from: [a, b] };
    else if (a) gesture.current = { kind: 'one', start: current.current, from: a };
    else gesture.current = null;
  };

  return {
    zoom,
    moving,
    media,
    toggle: () => setZoom((z) => toggleZoom(z)),
    handlers: {
      onTouchStart: (e: TouchEvent) => {
        setMoving(true);
        begin(points(e.touches));
      },
      onTouchMove: (e: TouchEvent) => {
        const g = gesture.current;
        const [a, b] = points(e.touches);
        if (g?.kind === 'pinch' && a && b) setZoom(fit(pinch(g.start, g.from, [a, b])));
        else if (g?.kind === 'one' && a && g.start.scale > 1) setZoom(fit(pan(g.start, g.from, a)));
      },
      onTouchEnd: (e: TouchEvent) => {
        const g = gesture.current;
        const x = e.changedTouches[0]?.clientX;
        if (g?.kind === 'one' && g.start.scale === 1 && e.touches.length === 0 && x !== undefined) {
          const dx = x - g.from.x;
          if (Math.abs(dx) > SWIPE_PX) go(dx < 0 ? 1 : -1);
        }
        // A finger left after a pinch goes on moving the picture from where the pinch left it.
        begin(points(e.touches));
        if (e.touches.length === 0) setMoving(false);
      },
    },
  };
}
