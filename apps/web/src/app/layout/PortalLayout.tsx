import { Spin } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { SiteFooter } from '../../components/SiteFooter';
import { PortalHeader } from './PortalHeader';
import { RouteFade } from './RouteFade';

export function PortalLayout() {
  return (
    <div className="portal">
      <PortalHeader />
      <main className="portal-main">
        <RouteFade>
          <Suspense fallback={<Spin className="page-loading" size="large" />}>
            <Outlet />
          </Suspense>
        </RouteFade>
      </main>
      <SiteFooter />
    </div>
  );
}
