import {
  CloseOutlined,
  DeleteOutlined,
  DownloadOutlined,
  HeartFilled,
  HeartOutlined,
  InfoCircleOutlined,
  LeftOutlined,
  RightOutlined,
} from '@ant-design/icons';
import type { PhotoDetail, PhotoItem } from '@phonecloud/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { confirm } from '../../components/confirm';
import { toast } from '../../components/toast';
import { fileUrl, photoCalls, thumbUrl } from './photo-calls';

const SWIPE_PX = 50;

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

/** Swipe left and right (touch), arrow keys, Escape; double tap or click zooms in and out. */
function useGestures(go: (step: 1 | -1) => void, onClose: () => void) {
  const start = useRef<number | null>(null);
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') go(1);
      else if (e.key === 'ArrowLeft') go(-1);
      else if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [go, onClose]);
  return {
    onTouchStart: (e: React.TouchEvent) => {
      start.current = e.touches.length === 1 ? (e.touches[0]?.clientX ?? null) : null;
    },
    onTouchEnd: (e: React.TouchEvent) => {
      const x = e.changedTouches[0]?.clientX;
      if (start.current === null || x === undefined) return;
      const dx = x - start.current;
      start.current = null;
      if (Math.abs(dx) > SWIPE_PX) go(dx < 0 ? 1 : -1);
    },
  };
}

function Media({ item, live }: { item: PhotoItem; live: boolean }) {
  const [zoomed, setZoomed] = useState(false);
  if (item.kind === 'video' || (live && item.live_video_id !== null)) {
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
      className={`photo-viewer__media${zoomed ? ' photo-viewer__media--zoomed' : ''}`}
      src={thumbUrl(item.id, 1024)}
      alt={item.name}
      onDoubleClick={() => setZoomed((z) => !z)}
      draggable={false}
    />
  );
}

/** The full-screen viewer: one photo or video, its neighbours by swipe, its details and actions. */
export function Viewer({
  id,
  items,
  onClose,
  onMove,
}: {
  id: number;
  items: () => PhotoItem[];
  onClose: () => void;
  onMove: (id: number) => void;
}) {
  const queryClient = useQueryClient();
  const list = items();
  const index = list.findIndex((i) => i.id === id);
  const item = list[index];
  const [info, setInfo] = useState(false);
  const [live, setLive] = useState(false);
  const { data: detail } = useQuery({
    queryKey: ['photos', 'detail', id],
    queryFn: () => photoCalls.detail(id),
  });
  const go = (step: 1 | -1) => {
    const next = list[index + step];
    if (next) {
      setLive(false);
      onMove(next.id);
    }
  };
  const gestures = useGestures(go, onClose);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['photos'] });
  const favourite = useMutation({
    mutationFn: (on: boolean) => photoCalls.favourite([id], on),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => photoCalls.remove([id]),
    onSuccess: () => {
      toast.success('已移入回收站，30 天内可恢复');
      onClose();
      void refresh();
    },
  });
  if (!item) return null;
  return (
    <div className="photo-viewer" role="dialog" aria-modal="true" aria-label="查看照片" {...gestures}>
      <div className="photo-viewer__bar">
        <button type="button" aria-label="关闭" onClick={onClose}>
          <CloseOutlined />
        </button>
        <span className="photo-viewer__title">{item.taken.replace('T', ' ')}</span>
        {item.live_video_id !== null && (
          <button type="button" onClick={() => setLive((l) => !l)} aria-pressed={live}>
            实况
          </button>
        )}
        <button
          type="button"
          aria-label={item.favourite ? '取消收藏' : '收藏'}
          onClick={() => favourite.mutate(!item.favourite)}
        >
          {item.favourite ? <HeartFilled /> : <HeartOutlined />}
        </button>
        <button type="button" aria-label="详情" aria-pressed={info} onClick={() => setInfo((v) => !v)}>
          <InfoCircleOutlined />
        </button>
        <a aria-label="下载原图" href={fileUrl(item.id)} download={item.name}>
          <DownloadOutlined />
        </a>
        <button
          type="button"
          aria-label="删除"
          onClick={() =>
            confirm({
              title: '删除这张照片？',
              content: '将移入回收站，30 天内可恢复',
              onOk: () => remove.mutate(),
            })
          }
        >
          <DeleteOutlined />
        </button>
      </div>
      <div className="photo-viewer__stage">
        <Media item={item} live={live} />
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
      </div>
      {info && detail && (
        <aside className="photo-viewer__info" aria-label="照片详情">
          <Details d={detail} />
        </aside>
      )}
    </div>
  );
}
