import { MIN_PAGE_WIDTH_PX } from '@phonecloud/shared';
import { Spin } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { SiteFooter } from '../../components/SiteFooter';
import { PortalHeader } from './PortalHeader';
import { RouteFade } from './RouteFade';

export function PortalLayout() {
  return (
    <div className="portal" style={{ minWidth: MIN_PAGE_WIDTH_PX }}>
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
