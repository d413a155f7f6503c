import { CloseOutlined, DownloadOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { PhotoItem } from '@phonecloud/shared';
import { useEffect } from 'react';
import { fileUrl, thumbUrl } from '../photo-calls';
import { DamagedNotice, OriginalDownload } from '../viewer/original';

/**
 * The map's own viewer: one photo of a place over the whole window (its 1024 px thumbnail, a
 * video played from its original), previous and next by the buttons or the arrow keys, Escape
 * closes, 下载原图 downloads the original.
 */
export function PlaceViewer({
  items,
  index,
  onIndex,
  onClose,
}: {
  items: PhotoItem[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const item = items[index];
  const go = (step: 1 | -1) => {
    const next = index + step;
    if (next >= 0 && next < items.length) onIndex(next);
  };
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      else if (e.key === 'ArrowRight' && index + 1 < items.length) onIndex(index + 1);
      else if (e.key === 'ArrowLeft' && index > 0) onIndex(index - 1);
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [index, items.length, onIndex, onClose]);
  if (!item) return null;
  return (
    <div className="photo-map-viewer" role="dialog" aria-modal="true" aria-label={item.name}>
      <div className="photo-map-viewer__bar">
        <span className="photo-map-viewer__title">
          {item.name} · {item.taken.replace('T', ' ')}
        </span>
        <OriginalDownload item={item}>
          <DownloadOutlined /> 下载原图
        </OriginalDownload>
        <button type="button" onClick={onClose} aria-label="关闭">
          <CloseOutlined />
        </button>
      </div>
      <div className="photo-map-viewer__stage">
        {item.kind === 'video' && !item.damaged ? (
          // biome-ignore lint/a11y/useMediaCaption: a phone's own video has no captions to offer.
          <video key={item.id} className="photo-map-viewer__media" src={fileUrl(item.id)} controls autoPlay />
        ) : (
          <img
            key={item.id}
            className="photo-map-viewer__media"
            src={thumbUrl(item.id, 1024)}
            alt={item.name}
          />
        )}
        <button
          type="button"
          className="photo-map-viewer__prev"
          aria-label="上一张"
          disabled={index === 0}
          onClick={() => go(-1)}
        >
          <LeftOutlined />
        </button>
        <DamagedNotice item={item} />
        <button
          type="button"
          className="photo-map-viewer__next"
          aria-label="下一张"
          disabled={index + 1 >= items.length}
          onClick={() => go(1)}
        >
          <RightOutlined />
        </button>
      </div>
    </div>
  );
}
