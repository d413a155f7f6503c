import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading';
import { SiteFooter } from '../../components/SiteFooter';
import { ToastHost } from '../../components/ToastHost';
import { PortalHeader } from './PortalHeader';
import { RouteFade } from './RouteFade';

export function PortalLayout() {
  return (
    <div className="portal">
      <PortalHeader />
      <main className="portal-main">
        <RouteFade>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteFade>
      </main>
      <SiteFooter />
      <ToastHost />
    </div>
  );
}
