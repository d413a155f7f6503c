import { GATED_AREAS } from '@phonecloud/shared';
import { lazy, Suspense } from 'react';
import { HashRouter, Navigate, Route, Routes } from 'react-router-dom';
import { inAntdScope } from '../components/antd-scope';
import { HomePage } from '../features/home/HomePage';
import { AREAS } from './areas';
import { PortalLayout } from './layout/PortalLayout';

const VerifyGate = lazy(inAntdScope(() => import('../features/verify/VerifyGate')));
// A share link's page: no account, so outside the portal's layout (its header signs in).
const SharePage = lazy(inAntdScope(() => import('../features/share/SharePage')));
const areaPages = AREAS.map((area) => ({ path: area.path, Page: area.page.Page }));

export function PortalRouter() {
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
        <Route element={<PortalLayout />}>
          <Route path="/home/index" element={<HomePage />} />
          {GATED_AREAS.map((area) => (
            <Route key={area} path={`/${area}.check`} element={<VerifyGate area={area} />} />
          ))}
          {areaPages.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="*" element={<Navigate to="/home/index" replace />} />
        </Route>
      </Routes>
    </HashRouter>
  );
}
