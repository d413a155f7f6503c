import { useState } from 'react';

/**
 * Whether the user asked the system for less motion, as the page was opened. Read once: antd
 * wraps the whole page in a different element when motion is turned off, so following a change
 * live would remount every screen (and lose what was typed). CSS animations follow it live.
 */
export function useReducedMotion(): boolean {
  const [reduced] = useState(() => window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  return reduced;
}
