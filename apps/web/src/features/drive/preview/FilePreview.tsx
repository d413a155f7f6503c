import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { DriveBackend, DriveItem } from '../types';
import { CannotPreview, Loading, PreviewBody } from './PreviewBody';
import { PreviewText } from './texts';
import { useSwipe, useViewer, useViewerKeys, type Viewer } from './use-viewer';
import { ViewerBar } from './ViewerBar';
import './preview.css';

interface Props {
  backend: DriveBackend;
  /** The folder's items as listed: the image viewer steps through its images in this order. */
  items: readonly DriveItem[];
  start: DriveItem;
  onDownload(item: DriveItem): void;
  onClose(): void;
}

/**
 * The file viewer of both faces: images (next / previous through the folder's images, zoom,
 * rotate, keyboard and swipe), video and audio from the signed URL (the browser seeks by Range),
 * PDF in the browser's own viewer, text as text, and "cannot preview" with the download button.
 */
export function FilePreview({ backend, items, start, onDownload, onClose }: Props) {
  const viewer = useViewer(items, start);
  const { item, kind } = viewer;
  const root = useRef<HTMLDivElement>(null);
  const swipe = useSwipe(viewer);
  useViewerKeys(viewer, onClose);
  // Focus moves into the viewer while it is open and back where it was when it closes.
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    root.current?.focus();
    return () => previous?.focus?.();
  }, []);

  return createPortal(
    <div
      ref={root}
      className="drive-preview"
      data-variant={backend.variant}
      data-kind={kind}
      role="dialog"
      aria-modal="true"
      aria-label={`${PreviewText.PREVIEW}：${item.name}`}
      tabIndex={-1}
      data-testid="drive-preview"
    >
      <ViewerBar viewer={viewer} onDownload={onDownload} onClose={onClose} />
      <div className="drive-preview__stage" {...swipe}>
        <ViewerStage backend={backend} viewer={viewer} onDownload={onDownload} />
        {kind === 'image' && viewer.set.length > 1 ? <StepButtons viewer={viewer} /> : null}
      </div>
    </div>,
    document.body,
  );
}

/** What the stage shows: the file once its preview address is in, or why not. */
function ViewerStage({
  backend,
  viewer,
  onDownload,
}: {
  backend: DriveBackend;
  viewer: Viewer;
  onDownload(item: DriveItem): void;
}) {
  const { item, kind, zoom, rotation } = viewer;
  const info = useQuery({
    queryKey: ['drive', backend.variant, 'preview', item.id],
    queryFn: () => backend.previewUrl(item.id),
    enabled: kind !== 'none',
    // Links live an hour; a quarter of that is safe to reuse.
    staleTime: 15 * 60_000,
    retry: false,
  });
  if (kind === 'none') return <CannotPreview item={item} onDownload={onDownload} />;
  if (info.isPending) return <Loading />;
  if (info.isError || !info.data) {
    return (
      <Result
        status="warning"
        title={PreviewText.FAILED}
        extra={<Button onClick={() => void info.refetch()}>{PreviewText.RETRY}</Button>}
      />
    );
  }
  return (
    <PreviewBody
      key={item.id}
      item={item}
      info={info.data}
      zoom={zoom}
      rotation={rotation}
      onDownload={onDownload}
    />
  );
}

function StepButtons({ viewer }: { viewer: Viewer }) {
  return (
    <>
      <Button
        shape="circle"
        className="drive-preview__nav drive-preview__nav--prev"
        icon={<LeftOutlined />}
        aria-label={PreviewText.PREVIOUS}
        data-testid="drive-preview-prev"
        disabled={viewer.index === 0}
        onClick={() => viewer.go(-1)}
      />
      <Button
        shape="circle"
        className="drive-preview__nav drive-preview__nav--next"
        icon={<RightOutlined />}
        aria-label={PreviewText.NEXT}
        data-testid="drive-preview-next"
        disabled={viewer.index === viewer.set.length - 1}
        onClick={() => viewer.go(1)}
      />
    </>
  );
}
