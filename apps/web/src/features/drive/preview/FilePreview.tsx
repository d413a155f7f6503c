import {
  CloseOutlined,
  DownloadOutlined,
  LeftOutlined,
  RightOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { browserShowsImage, previewKindOf } from '@phonecloud/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin, Tooltip } from 'antd';
import { type ReactNode, type TouchEvent, useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { fetchPreviewText } from '../../../api';
import { FileIcon } from '../listing/FileIcon';
import type { DriveBackend, DriveItem, PreviewInfo } from '../types';
import { PreviewText } from './texts';
import { step, stepZoom, turn, viewerKey, viewerSet } from './viewer-state';
import './preview.css';

interface Props {
  backend: DriveBackend;
  /** The folder's items as listed: the image viewer steps through its images in this order. */
  items: readonly DriveItem[];
  start: DriveItem;
  onDownload(item: DriveItem): void;
  onClose(): void;
}

/** A swipe shorter than this (px) is a tap, not a step to the next picture. */
const SWIPE_PX = 50;

/**
 * The file viewer of both faces: images (next / previous through the folder's images, zoom,
 * rotate, keyboard and swipe), video and audio from the signed URL (the browser seeks by Range),
 * PDF in the browser's own viewer, text as text, and "cannot preview" with the download button.
 */
export function FilePreview({ backend, items, start, onDownload, onClose }: Props) {
  const [set] = useState(() => viewerSet(items, start));
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      set.findIndex((i) => i.id === start.id),
    ),
  );
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const item = set[index] ?? start;
  const kind = item.type === 'file' ? previewKindOf(item.name) : 'none';
  const root = useRef<HTMLDivElement>(null);
  const swipeFrom = useRef<number | null>(null);

  const info = useQuery({
    queryKey: ['drive', backend.variant, 'preview', item.id],
    queryFn: () => backend.previewUrl(item.id),
    enabled: kind !== 'none',
    // Links live an hour; a quarter of that is safe to reuse.
    staleTime: 15 * 60_000,
    retry: false,
  });

  const go = useCallback(
    (dir: 1 | -1) => {
      setIndex((i) => step(i, set.length, dir));
      setZoom(1);
      setRotation(0);
    },
    [set.length],
  );

  // The screen passes a new onClose on each render: the key handler reads the latest one.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  // Focus moves into the viewer while it is open and back where it was when it closes.
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    root.current?.focus();
    return () => previous?.focus?.();
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      // Keys typed into the player's own controls stay theirs, except Escape.
      const target = e.target as HTMLElement | null;
      const inMedia = target?.tagName === 'VIDEO' || target?.tagName === 'AUDIO';
      const command = viewerKey(e.key);
      if (!command || (inMedia && command !== 'close')) return;
      if (kind !== 'image' && command !== 'close') return;
      e.preventDefault();
      if (command === 'close') closeRef.current();
      else if (command === 'prev') go(-1);
      else if (command === 'next') go(1);
      else if (command === 'zoom-in') setZoom((z) => stepZoom(z, 1));
      else if (command === 'zoom-out') setZoom((z) => stepZoom(z, -1));
      else if (command === 'rotate') setRotation((r) => turn(r, 1));
      else if (command === 'rotate-back') setRotation((r) => turn(r, -1));
      else {
        setZoom(1);
        setRotation(0);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [kind, go]);

  const onTouchStart = (e: TouchEvent) => {
    swipeFrom.current = zoom === 1 && e.touches.length === 1 ? (e.touches[0]?.clientX ?? null) : null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    const to = e.changedTouches[0]?.clientX;
    if (from === null || to === undefined || Math.abs(to - from) < SWIPE_PX) return;
    go(to < from ? 1 : -1);
  };

  let body: ReactNode;
  if (kind === 'none') body = <CannotPreview item={item} onDownload={onDownload} />;
  else if (info.isPending) body = <Loading />;
  else if (info.isError || !info.data)
    body = (
      <Result
        status="warning"
        title={PreviewText.FAILED}
        extra={<Button onClick={() => void info.refetch()}>{PreviewText.RETRY}</Button>}
      />
    );
  else
    body = (
      <PreviewBody
        key={item.id}
        item={item}
        info={info.data}
        zoom={zoom}
        rotation={rotation}
        onDownload={onDownload}
      />
    );

  const isImage = kind === 'image';
  const canStep = isImage && set.length > 1;
  const tool = (label: string, icon: ReactNode, onClick: () => void, testid?: string, disabled = false) => (
    <Tooltip title={label} mouseEnterDelay={0.4}>
      <Button
        type="text"
        className="drive-preview__tool"
        icon={icon}
        aria-label={label}
        data-testid={testid}
        disabled={disabled}
        onClick={onClick}
      />
    </Tooltip>
  );

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
      <header className="drive-preview__bar">
        <FileIcon name={item.name} folder={false} />
        <span className="drive-preview__name" title={item.name} data-testid="drive-preview-name">
          {item.name}
        </span>
        {canStep ? (
          <span className="drive-preview__pos" data-testid="drive-preview-position">
            {PreviewText.position(index + 1, set.length)}
          </span>
        ) : null}
        <span className="drive-preview__grow" />
        {isImage ? (
          <span className="drive-preview__tools">
            {tool(
              PreviewText.ZOOM_OUT,
              <ZoomOutOutlined />,
              () => setZoom((z) => stepZoom(z, -1)),
              'drive-preview-zoom-out',
            )}
            <span className="drive-preview__zoom" data-testid="drive-preview-zoom">
              {PreviewText.zoom(zoom)}
            </span>
            {tool(
              PreviewText.ZOOM_IN,
              <ZoomInOutlined />,
              () => setZoom((z) => stepZoom(z, 1)),
              'drive-preview-zoom-in',
            )}
            {tool(
              PreviewText.ROTATE,
              <RotateLeftOutlined />,
              () => setRotation((r) => turn(r, -1)),
              undefined,
            )}
            {tool(
              PreviewText.ROTATE,
              <RotateRightOutlined />,
              () => setRotation((r) => turn(r, 1)),
              'drive-preview-rotate',
            )}
          </span>
        ) : null}
        {tool(PreviewText.DOWNLOAD, <DownloadOutlined />, () => onDownload(item), 'drive-preview-download')}
        {tool(PreviewText.CLOSE, <CloseOutlined />, onClose, 'drive-preview-close')}
      </header>
      <div className="drive-preview__stage" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        {body}
        {canStep ? (
          <>
            <Button
              shape="circle"
              className="drive-preview__nav drive-preview__nav--prev"
              icon={<LeftOutlined />}
              aria-label={PreviewText.PREVIOUS}
              data-testid="drive-preview-prev"
              disabled={index === 0}
              onClick={() => go(-1)}
            />
            <Button
              shape="circle"
              className="drive-preview__nav drive-preview__nav--next"
              icon={<RightOutlined />}
              aria-label={PreviewText.NEXT}
              data-testid="drive-preview-next"
              disabled={index === set.length - 1}
              onClick={() => go(1)}
            />
          </>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}

function Loading() {
  return (
    <div className="drive-preview__spin">
      <Spin />
      <span>{PreviewText.LOADING}</span>
    </div>
  );
}

function CannotPreview({ item, onDownload }: { item: DriveItem; onDownload(item: DriveItem): void }) {
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

function PreviewBody({
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
          onError={() => setBroken(true)}
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
          onError={() => setBroken(true)}
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
            onError={() => setBroken(true)}
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
    case 'text':
      return <TextPreview key={item.id} url={info.url} />;
    default:
      return <CannotPreview item={item} onDownload={onDownload} />;
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
