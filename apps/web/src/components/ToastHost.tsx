import { lazy, Suspense, useEffect, useState } from 'react';
import { inAntdScope } from './antd-scope';
import { onToastHostWanted } from './toast';

const ToastScope = lazy(inAntdScope(() => Promise.resolve({ default: () => null })));

/**
 * The shell's place for a toast asked for while no antd scope is on the page (the home page):
 * it loads one then, and keeps it, so the toast is shown with the theme like any other.
 */
export function ToastHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    onToastHostWanted(() => setWanted(true));
    return () => onToastHostWanted(null);
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastScope />
    </Suspense>
  ) : null;
}
