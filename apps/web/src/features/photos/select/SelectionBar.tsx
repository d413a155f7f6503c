import {
  CloseOutlined,
  DeleteOutlined,
  DownloadOutlined,
  FolderAddOutlined,
  HeartFilled,
  HeartOutlined,
  MinusCircleOutlined,
  PictureOutlined,
} from '@ant-design/icons';
import { PHOTO_BIN_DAYS, type PhotoAlbum, type PhotoItem } from '@phonecloud/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { confirm } from '../../../components/confirm';
import { toast } from '../../../components/toast';
import { AlbumPicker } from '../albums/AlbumPicker';
import { photoCalls, photoKeys } from '../photo-calls';
import { downloadZip } from './zip';

export const DELETED_TEXT = `已移入最近删除，${PHOTO_BIN_DAYS} 天内可恢复`;

/** The calls a selection's toolbar makes, each refreshing the area once done. */
function useSelectionCalls(ids: number[], onDone: () => void) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: photoKeys.all });
  const done = (text: string) => {
    toast.success(text);
    onDone();
    void refresh();
  };
  return {
    zip: useMutation({ mutationFn: () => downloadZip(ids) }),
    favourite: useMutation({
      mutationFn: (on: boolean) => photoCalls.favourite(ids, on),
      onSuccess: (_, on) => done(on ? '已收藏' : '已取消收藏'),
    }),
    remove: useMutation({ mutationFn: () => photoCalls.remove(ids), onSuccess: () => done(DELETED_TEXT) }),
    removeFromAlbum: useMutation({
      mutationFn: (albumId: number) => photoCalls.albumRemove(albumId, ids),
      onSuccess: () => done('已移出相册'),
    }),
    cover: useMutation({
      mutationFn: ({ albumId, photoId }: { albumId: number; photoId: number }) =>
        photoCalls.albumCover(albumId, photoId),
      onSuccess: () => done('已设为封面'),
    }),
  };
}

/**
 * The toolbar of a selection: 下载 (one zip), 添加到相册, 收藏 or 取消收藏, 删除 (to the bin),
 * and inside an album 移出相册 and 设为封面. It wraps on a phone, so no button lies off screen.
 */
export function SelectionBar({
  ids,
  items,
  album,
  onSelectAll,
  onDone,
}: {
  ids: number[];
  items: () => PhotoItem[];
  album?: PhotoAlbum;
  onSelectAll: () => void;
  onDone: () => void;
}) {
  const calls = useSelectionCalls(ids, onDone);
  const [picking, setPicking] = useState(false);
  const picked = new Set(ids);
  const allFavourite = ids.length > 0 && items().every((i) => !picked.has(i.id) || i.favourite);
  const none = ids.length === 0;
  return (
    <div className="photo-select-bar" role="toolbar" aria-label="选择的照片">
      <span className="photo-select-bar__count" aria-live="polite">
        已选 {ids.length} 项
      </span>
      <Button onClick={onSelectAll}>全选</Button>
      <Button
        icon={<DownloadOutlined />}
        disabled={none}
        loading={calls.zip.isPending}
        onClick={() => calls.zip.mutate()}
      >
        下载
      </Button>
      <Button icon={<FolderAddOutlined />} disabled={none} onClick={() => setPicking(true)}>
        添加到相册
      </Button>
      <Button
        icon={allFavourite ? <HeartFilled /> : <HeartOutlined />}
        disabled={none}
        onClick={() => calls.favourite.mutate(!allFavourite)}
      >
        {allFavourite ? '取消收藏' : '收藏'}
      </Button>
      {album && (
        <>
          <Button
            icon={<MinusCircleOutlined />}
            disabled={none}
            onClick={() => calls.removeFromAlbum.mutate(album.id)}
          >
            移出相册
          </Button>
          <Button
            icon={<PictureOutlined />}
            disabled={ids.length !== 1}
            onClick={() => ids[0] !== undefined && calls.cover.mutate({ albumId: album.id, photoId: ids[0] })}
          >
            设为封面
          </Button>
        </>
      )}
      <Button
        danger
        icon={<DeleteOutlined />}
        disabled={none}
        onClick={() =>
          confirm({
            title: `删除选中的 ${ids.length} 项？`,
            content: `将移入最近删除，${PHOTO_BIN_DAYS} 天内可恢复`,
            okText: '删除',
            okButtonProps: { danger: true },
            cancelText: '取消',
            // A refusal is shown by the query cache; the confirm closes either way.
            onOk: () => calls.remove.mutateAsync().catch(() => undefined),
          })
        }
      >
        删除
      </Button>
      <Button icon={<CloseOutlined />} onClick={onDone}>
        取消
      </Button>
      {picking && <AlbumPicker ids={ids} onDone={onDone} onClose={() => setPicking(false)} />}
    </div>
  );
}
