import { useQuery } from '@tanstack/react-query';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { openDrive } from '../../api';
import { platformQueries } from '../../api/platform-queries';
import { inArea, serviceLinks } from '../../components/service-links';

/** 首页 plus one entry per service of the member navigation list. */
export function ServiceNav() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data } = useQuery(platformQueries.member());
  const { data: info } = useQuery(platformQueries.info());
  const links = serviceLinks(data?.member ?? [], Boolean(info?.find));
  return (
    <nav className="service-nav" aria-label="服务导航">
      <NavLink to="/home/index" className="service-nav__link">
        首页
      </NavLink>
      {links.map((link) => {
        // Lit on every screen of the area (editor, multi-select, check screen), not only its index.
        const current = inArea(link, pathname);
        const className = `service-nav__link${current ? ' active' : ''}`;
        return link.route ? (
          <Link
            key={link.id}
            to={link.route}
            className={className}
            aria-current={current ? 'page' : undefined}
          >
            {link.name}
          </Link>
        ) : (
          <button
            key={link.id}
            type="button"
            className={className}
            aria-current={current ? 'page' : undefined}
            onClick={() => void openDrive(navigate, 'alipan')}
          >
            {link.name}
          </button>
        );
      })}
    </nav>
  );
}
