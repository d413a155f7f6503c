import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { photoCalls, photoKeys } from '../photo-calls';
import { AlbumCover } from './AlbumCover';
import { NameDialog } from './NameDialog';

/** 相册: every album as its cover, name and count; 新建相册 opens the new one. */
export function AlbumsPage() {
  const albums = useQuery({ queryKey: photoKeys.albums, queryFn: photoCalls.albums });
  const [creating, setCreating] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <section className="photo-albums" aria-label="相册">
      <div className="photo-toolbar">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          新建相册
        </Button>
      </div>
      {albums.isPending ? (
        <Skeleton active />
      ) : albums.data?.length ? (
        <ul className="photo-album-grid">
          {albums.data.map((a) => (
            <li key={a.id}>
              <Link to={`/photo/albums/${a.id}`} className="photo-album-card" aria-label={`相册 ${a.name}`}>
                <AlbumCover album={a} />
                <span className="photo-album-card__name">{a.name}</span>
                <span className="photo-album-card__count">{a.count} 项</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <Empty description="还没有相册：新建一个，再把照片添加进去" />
      )}
      {creating && (
        <NameDialog
          title="新建相册"
          submit={async (name) => {
            const album = await photoCalls.albumCreate(name);
            await queryClient.invalidateQueries({ queryKey: photoKeys.albums });
            navigate(`/photo/albums/${album.id}`);
          }}
          onClose={() => setCreating(false)}
        />
      )}
    </section>
  );
}
