import {
  CloseOutlined,
  DeleteOutlined,
  DownloadOutlined,
  FolderAddOutlined,
  HeartFilled,
  HeartOutlined,
  InfoCircleOutlined,
  LeftOutlined,
  MinusCircleOutlined,
  PictureOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { PHOTO_BIN_DAYS, type PhotoAlbum, type PhotoDetail, type PhotoItem } from '@phonecloud/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useState } from 'react';
import { confirm } from '../../../components/confirm';
import { toast } from '../../../components/toast';
import { AlbumPicker } from '../albums/AlbumPicker';
import { fileUrl, photoCalls, photoKeys, thumbUrl } from '../photo-calls';
import { DamagedNotice, OriginalDownload } from './original';
import { useViewerTouch } from './use-viewer-touch';
import type { Zoom } from './zoom';

function when(d: PhotoDetail): string {
  return `${d.taken.replace('T', ' ')}${d.offset ? `（UTC${d.offset}）` : ''}`;
}
function where(d: PhotoDetail): string | null {
  if (d.place) return d.place;
  if (d.latitude === null || d.longitude === null) return null;
  return `${d.latitude.toFixed(5)}, ${d.longitude.toFixed(5)}`;
}
function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

function Details({ d }: { d: PhotoDetail }) {
  const rows: [string, string | null][] = [
    ['拍摄时间', when(d)],
    ['地点', where(d)],
    ['相机', [d.make, d.model].filter(Boolean).join(' ') || null],
    ['镜头', d.lens],
    ['尺寸', d.width && d.height ? `${d.width} × ${d.height}` : null],
    ['时长', d.duration_ms !== null ? `${(d.duration_ms / 1000).toFixed(1)} 秒` : null],
    ['文件', `${d.name}（${sizeText(d.size)}）`],
  ];
  return (
    <dl className="photo-details">
      {rows
        .filter((r): r is [string, string] => r[1] !== null)
        .map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
    </dl>
  );
}

/** Arrow keys go to the neighbours, Escape closes. */
function useKeys(go: (step: 1 | -1) => void, onClose: () => void) {
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') go(1);
      else if (e.key === 'ArrowLeft') go(-1);
      else if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [go, onClose]);
}

function Media({
  item,
  live,
  zoom,
  moving,
  media,
  onToggleZoom,
}: {
  item: PhotoItem;
  live: boolean;
  zoom: Zoom;
  moving: boolean;
  media: RefObject<HTMLElement | null>;
  onToggleZoom: () => void;
}) {
  // A damaged video (its original's bytes changed) cannot play: its still, made earlier, shows.
  if (!item.damaged && (item.kind === 'video' || (live && item.live_video_id !== null))) {
    const id = item.kind === 'video' ? item.id : (item.live_video_id as number);
    return (
      // biome-ignore lint/a11y/useMediaCaption: a phone's own video has no captions to offer.
      <video
        key={id}
        className="photo-viewer__media"
        src={fileUrl(id)}
        controls
        autoPlay={live}
        playsInline
      />
    );
  }
  return (
    <img
      key={item.id}
      ref={(el) => {
        media.current = el;
      }}
      className={`photo-viewer__media${zoom.scale > 1 ? ' photo-viewer__media--zoomed' : ''}${moving ? ' photo-viewer__media--moving' : ''}`}
      style={{ transform: `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})` }}
      src={thumbUrl(item.id, 1024)}
      alt={item.name}
      onDoubleClick={onToggleZoom}
      draggable={false}
    />
  );
}

/** The viewer's calls on the photo shown; each refreshes the area once done. */
function useItemCalls(id: number, album: PhotoAlbum | undefined, onClose: () => void) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: photoKeys.all });
  return {
    favourite: useMutation({
      mutationFn: (on: boolean) => photoCalls.favourite([id], on),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: () => photoCalls.remove([id]),
      onSuccess: () => {
        toast.success(`已移入最近删除，${PHOTO_BIN_DAYS} 天内可恢复`);
        onClose();
        void refresh();
      },
    }),
    cover: useMutation({
      mutationFn: () => photoCalls.albumCover(album?.id ?? 0, id),
      onSuccess: () => {
        toast.success('已设为封面');
        void refresh();
      },
    }),
    // The photo leaves the album it is shown in: the viewer closes with it.
    removeFromAlbum: useMutation({
      mutationFn: () => photoCalls.albumRemove(album?.id ?? 0, [id]),
      onSuccess: () => {
        toast.success('已移出相册');
        onClose();
        void refresh();
      },
    }),
  };
}

function ViewerBar({
  item,
  album,
  info,
  live,
  onInfo,
  onLive,
  onClose,
}: {
  item: PhotoItem;
  album: PhotoAlbum | undefined;
  info: boolean;
  live: boolean;
  onInfo: () => void;
  onLive: () => void;
  onClose: () => void;
}) {
  const calls = useItemCalls(item.id, album, onClose);
  const [picking, setPicking] = useState(false);
  return (
    <div className="photo-viewer__bar">
      <button type="button" aria-label="关闭" onClick={onClose}>
        <CloseOutlined />
      </button>
      <span className="photo-viewer__title">{item.taken.replace('T', ' ')}</span>
      {item.live_video_id !== null && (
        <button type="button" onClick={onLive} aria-pressed={live}>
          实况
        </button>
      )}
      <button
        type="button"
        aria-label={item.favourite ? '取消收藏' : '收藏'}
        onClick={() => calls.favourite.mutate(!item.favourite)}
      >
        {item.favourite ? <HeartFilled /> : <HeartOutlined />}
      </button>
      <button type="button" aria-label="详情" aria-pressed={info} onClick={onInfo}>
        <InfoCircleOutlined />
      </button>
      <OriginalDownload item={item} label="下载原图">
        <DownloadOutlined />
      </OriginalDownload>
      <button type="button" aria-label="添加到相册" onClick={() => setPicking(true)}>
        <FolderAddOutlined />
      </button>
      {album && (
        <>
          <button type="button" aria-label="设为封面" onClick={() => calls.cover.mutate()}>
            <PictureOutlined />
          </button>
          <button type="button" aria-label="移出相册" onClick={() => calls.removeFromAlbum.mutate()}>
            <MinusCircleOutlined />
          </button>
        </>
      )}
      <button
        type="button"
        aria-label="删除"
        onClick={() =>
          confirm({
            title: '删除这张照片？',
            content: `将移入最近删除，${PHOTO_BIN_DAYS} 天内可恢复`,
            okText: '删除',
            okButtonProps: { danger: true },
            cancelText: '取消',
            onOk: () => calls.remove.mutate(),
          })
        }
      >
        <DeleteOutlined />
      </button>
      {picking && <AlbumPicker ids={[item.id]} onClose={() => setPicking(false)} />}
    </div>
  );
}

/**
 * The full-screen viewer: one photo or video, its neighbours by swipe, arrow keys or the side
 * buttons, pinch zoom and pan on touch, its details, and its actions (inside an album, 设为封面
 * and 移出相册 as well).
 */
export function Viewer({
  id,
  items,
  album,
  onClose,
  onMove,
}: {
  id: number;
  items: () => PhotoItem[];
  album?: PhotoAlbum;
  onClose: () => void;
  onMove: (id: number) => void;
}) {
  const list = items();
  const index = list.findIndex((i) => i.id === id);
  const item = list[index];
  const [info, setInfo] = useState(false);
  const [live, setLive] = useState(false);
  const { data: detail } = useQuery({ queryKey: photoKeys.detail(id), queryFn: () => photoCalls.detail(id) });
  const go = (step: 1 | -1) => {
    const next = list[index + step];
    if (next) {
      setLive(false);
      onMove(next.id);
    }
  };
  useKeys(go, onClose);
  const touch = useViewerTouch(go, id);
  if (!item) return null;
  return (
    <div className="photo-viewer" role="dialog" aria-modal="true" aria-label="查看照片" {...touch.handlers}>
      <ViewerBar
        item={item}
        album={album}
        info={info}
        live={live}
        onInfo={() => setInfo((v) => !v)}
        onLive={() => setLive((l) => !l)}
        onClose={onClose}
      />
      <div className="photo-viewer__stage">
        <Media
          item={item}
          live={live}
          zoom={touch.zoom}
          moving={touch.moving}
          media={touch.media}
          onToggleZoom={touch.toggle}
        />
        {index > 0 && (
          <button type="button" className="photo-viewer__prev" aria-label="上一张" onClick={() => go(-1)}>
            <LeftOutlined />
          </button>
        )}
        {index < list.length - 1 && (
          <button type="button" className="photo-viewer__next" aria-label="下一张" onClick={() => go(1)}>
            <RightOutlined />
          </button>
        )}
        <DamagedNotice item={item} />
      </div>
      {info && detail && (
        <aside className="photo-viewer__info" aria-label="照片详情">
          <Details d={detail} />
        </aside>
      )}
    </div>
  );
}
