import CloseOutlined from '@ant-design/icons/es/icons/CloseOutlined';
import CloudOutlined from '@ant-design/icons/es/icons/CloudOutlined';
import MenuOutlined from '@ant-design/icons/es/icons/MenuOutlined';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { platformQueries } from '../../api/platform-queries';
import { ServiceNav } from './ServiceNav';
import { UserMenu } from './UserMenu';

export function PortalHeader() {
  const { data: info } = useQuery(platformQueries.info());
  // On a narrow screen the service links fold behind a menu button; any navigation closes it.
  const [navOpen, setNavOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname) setNavOpen(false);
  }, [pathname]);
  return (
    <header className={`portal-header${navOpen ? ' is-nav-open' : ''}`}>
      <div className="portal-header__inner">
        <Link to="/home/index" className="portal-header__brand">
          <CloudOutlined className="portal-header__logo" />
          <span className="portal-header__title">{info?.productName ?? ''}</span>
        </Link>
        <button
          type="button"
          className="portal-header__nav-toggle"
          aria-label="服务菜单"
          aria-expanded={navOpen}
          onClick={() => setNavOpen((v) => !v)}
        >
          {navOpen ? <CloseOutlined /> : <MenuOutlined />}
        </button>
        <ServiceNav />
        <UserMenu />
      </div>
    </header>
  );
}
