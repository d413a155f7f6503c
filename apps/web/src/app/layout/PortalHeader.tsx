import { CloudOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { platformQueries } from '../../api/platform-queries';
import { ServiceNav } from './ServiceNav';
import { UserMenu } from './UserMenu';

export function PortalHeader() {
  const { data: info } = useQuery(platformQueries.info());
  return (
    <header className="portal-header">
      <div className="portal-header__inner">
        <Link to="/home/index" className="portal-header__brand">
          <CloudOutlined className="portal-header__logo" />
          <span className="portal-header__title">{info?.productName ?? ''}</span>
        </Link>
        <ServiceNav />
        <UserMenu />
      </div>
    </header>
  );
}
