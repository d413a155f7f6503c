import './home.css';
import { useQuery } from '@tanstack/react-query';
import { platformQueries } from '../../api/platform-queries';
import { ServiceTiles } from './ServiceTiles';
import { StorageCard } from './StorageCard';

export function HomePage() {
  const { data: user } = useQuery(platformQueries.user());
  return (
    <div className="home">
      <div className="home-welcome">
        <h1 className="home-welcome__title">{user ? `你好，${user.username}` : '\u00a0'}</h1>
        <p className="home-welcome__hint">手机同步到云端的数据都在这里，安全地查看和管理。</p>
      </div>
      <div className="home-grid">
        <StorageCard />
        <ServiceTiles />
      </div>
    </div>
  );
}
