import { lazy, Suspense, useEffect } from 'react';
import { HashRouter, Route, Routes } from 'react-router-dom';
import { inAntdScope } from '../components/antd-scope';

const SharePage = lazy(inAntdScope(() => import('../features/share/SharePage')));

/** Whether the page was opened on a share link (`/s/<id>` lands on `#/s/<id>`). */
export const isSharePage = (hash: string) => /^#\/s\/[^/]+/.test(hash);

/** Leaving the share page for the portal: a fresh load, so the portal starts as itself. */
function Reload() {
  useEffect(() => window.location.reload(), []);
  return null;
}

/** The share page alone, for a visitor who may have no account. */
export function ShareApp() {
  return (
    <HashRouter>
      <Routes>
        <Route
          path="/s/:shareId"
          element={
            <Suspense fallback={null}>
              <SharePage />
            </Suspense>
          }
        />
        <Route path="*" element={<Reload />} />
      </Routes>
    </HashRouter>
  );
}
