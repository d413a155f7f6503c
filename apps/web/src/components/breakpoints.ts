import { useSyncExternalStore } from 'react';

/**
 * Below this width the portal is laid out for a phone or a tablet held upright: one column, the
 * header's links behind a menu button, dialogs across the screen. The CSS media queries
 * `(max-width: 899px)` of every area are this number; from 900 px the desktop layout holds, and
 * from MIN_PAGE_WIDTH_PX (1374) it is the spec's layout unchanged.
 */
export const NARROW_MAX_PX = 899;
export const NARROW_QUERY = `(max-width: ${NARROW_MAX_PX}px)`;

function subscribe(onChange: () => void) {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the window is narrow (see NARROW_MAX_PX); follows rotation and resizing. */
export function useIsNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
}
