import { DeleteOutlined, EditOutlined, LeftOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { confirm } from '../../../components/confirm';
import { toast } from '../../../components/toast';
import { photoCalls, photoKeys } from '../photo-calls';
import { Timeline } from '../timeline/Timeline';
import { NameDialog } from './NameDialog';

/**
 * One album: its photos as a timeline (filtered by the album), with 重命名 and 删除相册 (the
 * photos stay), and for its photos 移出相册 and 设为封面.
 */
export function AlbumPage() {
  const albumId = Number(useParams().albumId);
  const albums = useQuery({ queryKey: photoKeys.albums, queryFn: photoCalls.albums });
  const album = albums.data?.find((a) => a.id === albumId);
  const filter = useMemo(() => ({ album_id: albumId }), [albumId]);
  const [renaming, setRenaming] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => photoCalls.albumDelete(albumId),
    onSuccess: () => {
      toast.success('相册已删除');
      navigate('/photo/albums');
      void queryClient.invalidateQueries({ queryKey: photoKeys.all });
    },
  });
  if (albums.isPending) return <Skeleton active />;
  if (!album) return <Empty description="相册不存在" />;
  return (
    <section className="photo-album" aria-label={`相册 ${album.name}`}>
      <div className="photo-toolbar">
        <Link to="/photo/albums" className="photo-back" aria-label="返回相册">
          <LeftOutlined />
        </Link>
        <h2 className="photo-album__name">{album.name}</h2>
        <span className="photo-album__count">{album.count} 项</span>
        <span className="photo-toolbar__gap" />
        <Button icon={<EditOutlined />} onClick={() => setRenaming(true)}>
          重命名
        </Button>
        <Button
          danger
          icon={<DeleteOutlined />}
          onClick={() =>
            confirm({
              title: `删除相册「${album.name}」？`,
              content: '相册中的照片不会被删除',
              okText: '删除',
              okButtonProps: { danger: true },
              cancelText: '取消',
              onOk: () => remove.mutateAsync().catch(() => undefined),
            })
          }
        >
          删除相册
        </Button>
      </div>
      <Timeline filter={filter} album={album} empty="相册中还没有照片：在时间线中选择照片，添加到相册" />
      {renaming && (
        <NameDialog
          title="重命名相册"
          initial={album.name}
          submit={async (name) => {
            await photoCalls.albumRename(album.id, name);
            await queryClient.invalidateQueries({ queryKey: photoKeys.albums });
          }}
          onClose={() => setRenaming(false)}
        />
      )}
    </section>
  );
}
