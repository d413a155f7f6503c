import { PlusOutlined } from '@ant-design/icons';
import type { PhotoAlbum } from '@phonecloud/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { toast } from '../../../components/toast';
import { photoCalls, photoKeys } from '../photo-calls';
import { AlbumCover } from './AlbumCover';
import { NameDialog } from './NameDialog';

/**
 * 添加到相册: the albums to pick from, or a new one made on the spot; the photos are added to
 * the one picked and the dialog closes.
 */
export function AlbumPicker({
  ids,
  onDone,
  onClose,
}: {
  ids: readonly number[];
  onDone?: () => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const albums = useQuery({ queryKey: photoKeys.albums, queryFn: photoCalls.albums });
  const [creating, setCreating] = useState(false);
  const add = useMutation({
    mutationFn: (album: Pick<PhotoAlbum, 'id' | 'name'>) => photoCalls.albumAdd(album.id, [...ids]),
    onSuccess: (_, album) => {
      toast.success(`已添加到「${album.name}」`);
      onDone?.();
      onClose();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: photoKeys.all }),
  });
  return (
    <>
      <Modal
        open
        title={`添加到相册（${ids.length} 项）`}
        footer={null}
        onCancel={onClose}
        destroyOnHidden
        className="photo-dialog"
      >
        <Button icon={<PlusOutlined />} block onClick={() => setCreating(true)}>
          新建相册
        </Button>
        {albums.isPending ? (
          <Skeleton active />
        ) : albums.data?.length ? (
          <ul className="photo-album-pick" aria-label="相册列表">
            {albums.data.map((a) => (
              <li key={a.id}>
                <button type="button" disabled={add.isPending} onClick={() => add.mutate(a)}>
                  <AlbumCover album={a} />
                  <span className="photo-album-pick__name">{a.name}</span>
                  <span className="photo-album-pick__count">{a.count} 项</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <Empty description="还没有相册" />
        )}
      </Modal>
      {creating && (
        <NameDialog
          title="新建相册"
          submit={async (name) => {
            const album = await photoCalls.albumCreate(name);
            // The new album is there even if the add fails: the list shows it again.
            void queryClient.invalidateQueries({ queryKey: photoKeys.albums });
            add.mutate(album);
          }}
          onClose={() => setCreating(false)}
        />
      )}
    </>
  );
}
