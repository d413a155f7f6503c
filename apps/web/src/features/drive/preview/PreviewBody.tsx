import { DownloadOutlined } from '@ant-design/icons';
import { browserShowsImage } from '@phonecloud/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { type ReactNode, useState } from 'react';
import { fetchPreviewText } from '../../../api';
import { FileIcon } from '../listing/FileIcon';
import type { DriveItem, PreviewInfo } from '../types';
import { PreviewText } from './texts';

export function Loading() {
  return (
    <div className="drive-preview__spin">
      <Spin />
      <span>{PreviewText.LOADING}</span>
    </div>
  );
}

export function CannotPreview({ item, onDownload }: { item: DriveItem; onDownload(item: DriveItem): void }) {
  return (
    <Result
      className="drive-preview__none"
      icon={<FileIcon name={item.name} folder={false} />}
      title={PreviewText.CANNOT_PREVIEW}
      subTitle={PreviewText.CANNOT_PREVIEW_HINT}
      extra={
        <Button type="primary" icon={<DownloadOutlined />} onClick={() => onDownload(item)}>
          {PreviewText.DOWNLOAD}
        </Button>
      }
    />
  );
}

/** A file the server offers a preview of, or the download when the browser cannot show it. */
export function PreviewBody({
  item,
  info,
  zoom,
  rotation,
  onDownload,
}: {
  item: DriveItem;
  info: PreviewInfo;
  zoom: number;
  rotation: number;
  onDownload(item: DriveItem): void;
}) {
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <Result
        status="warning"
        title={info.kind === 'image' ? PreviewText.IMAGE_FAILED : PreviewText.MEDIA_FAILED}
        extra={
          <Button type="primary" icon={<DownloadOutlined />} onClick={() => onDownload(item)}>
            {PreviewText.DOWNLOAD}
          </Button>
        }
      />
    );
  }
  if (info.kind === 'text') return <TextPreview key={item.id} url={info.url} />;
  const media = mediaOf({ item, info, zoom, rotation, onBroken: () => setBroken(true) });
  return media ?? <CannotPreview item={item} onDownload={onDownload} />;
}

/** The browser's own element for a picture, a video, a recording or a PDF; null for anything else. */
function mediaOf({
  item,
  info,
  zoom,
  rotation,
  onBroken,
}: {
  item: DriveItem;
  info: PreviewInfo;
  zoom: number;
  rotation: number;
  onBroken(): void;
}): ReactNode {
  switch (info.kind) {
    case 'image': {
      // A picture the browser cannot show itself (HEIC) is shown by its large thumbnail.
      const src = browserShowsImage(item.name) ? info.url : (item.thumbnailLarge ?? info.url);
      return (
        <img
          key={item.id}
          className="drive-preview__image"
          src={src}
          alt={item.name}
          data-testid="drive-preview-image"
          data-rotation={rotation}
          data-zoom={zoom}
          draggable={false}
          style={{ transform: `scale(${zoom}) rotate(${rotation}deg)` }}
          onError={() => onBroken()}
        />
      );
    }
    case 'video':
      return (
        // biome-ignore lint/a11y/useMediaCaption: users' own videos come without caption tracks.
        <video
          key={item.id}
          className="drive-preview__video"
          src={info.url}
          controls
          autoPlay
          playsInline
          preload="metadata"
          data-testid="drive-preview-video"
          onError={() => onBroken()}
        />
      );
    case 'audio':
      return (
        <div className="drive-preview__audio">
          <FileIcon name={item.name} folder={false} />
          {/* biome-ignore lint/a11y/useMediaCaption: users' own recordings come without captions. */}
          <audio
            key={item.id}
            src={info.url}
            controls
            autoPlay
            preload="metadata"
            data-testid="drive-preview-audio"
            onError={() => onBroken()}
          />
        </div>
      );
    case 'pdf':
      return (
        <iframe
          key={item.id}
          className="drive-preview__pdf"
          src={info.url}
          title={item.name}
          data-testid="drive-preview-pdf"
        />
      );
    default:
      return null;
  }
}

function TextPreview({ url }: { url: string }) {
  const text = useQuery({
    queryKey: ['drive-preview-text', url],
    queryFn: () => fetchPreviewText(url),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (text.isPending) return <Loading />;
  if (text.isError || !text.data) {
    return (
      <Result
        status="warning"
        title={PreviewText.FAILED}
        extra={<Button onClick={() => void text.refetch()}>{PreviewText.RETRY}</Button>}
      />
    );
  }
  return (
    <div className="drive-preview__text">
      <div className="drive-preview__text-meta">
        <span data-testid="drive-preview-encoding">{PreviewText.encoding(text.data.encoding)}</span>
        {text.data.truncated ? <span>{PreviewText.TRUNCATED}</span> : null}
      </div>
      <pre data-testid="drive-preview-text">{text.data.text}</pre>
    </div>
  );
}
