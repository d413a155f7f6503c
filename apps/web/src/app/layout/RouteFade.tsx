import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { fadeKey } from '../areas';

/**
 * Fades each page in when the route changes. Keyed by path so React mounts the new page fresh
 * and the CSS animation runs again; the CSS turns it off for prefers-reduced-motion. Inside a
 * one-page area (see AREAS) the key stays the same, so its panes change without a remount.
 */
export function RouteFade({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div key={fadeKey(pathname)} className="route-fade">
      {children}
    </div>
  );
}
