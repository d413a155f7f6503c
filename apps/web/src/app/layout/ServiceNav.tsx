import { useQuery } from '@tanstack/react-query';
import { NavLink, useNavigate } from 'react-router-dom';
import { openDrive } from '../../api';
import { platformQueries } from '../../api/platform-queries';
import { serviceLinks } from '../../components/service-links';

/** 首页 plus one entry per service of the member navigation list. */
export function ServiceNav() {
  const navigate = useNavigate();
  const { data } = useQuery(platformQueries.member());
  const links = serviceLinks(data?.member ?? []);
  return (
    <nav className="service-nav" aria-label="服务导航">
      <NavLink to="/home/index" className="service-nav__link">
        首页
      </NavLink>
      {links.map((link) =>
        link.route ? (
          <NavLink key={link.id} to={link.route} className="service-nav__link">
            {link.name}
          </NavLink>
        ) : (
          <button
            key={link.id}
            type="button"
            className="service-nav__link"
            onClick={() => void openDrive(navigate, 'alipan')}
          >
            {link.name}
          </button>
        ),
      )}
    </nav>
  );
}
