import { DownloadOutlined } from '@ant-design/icons';
import { type SharePublicItem, ShareText } from '@phonecloud/shared';
import { Button, Modal, Result, Spin } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { fetchPreviewText, isApiError } from '../../api';
import { type SharePreview as PreviewInfo, sharePublic } from './public-api';

interface Props {
  shareId: string;
  token: string;
  item: SharePublicItem;
  onDownload(item: SharePublicItem): void;
  onFail(err: unknown): void;
  onClose(): void;
}

/**
 * A shared file shown in the page: pictures, video and audio players, PDF in the browser's
 * viewer, text (its encoding detected by the server); anything else offers the download.
 */
export function SharePreview({ shareId, token, item, onDownload, onFail, onClose }: Props) {
  const [info, setInfo] = useState<PreviewInfo | null>(null);
  const [broken, setBroken] = useState(false);
  const [text, setText] = useState<{ text: string; encoding: string } | null>(null);

  useEffect(() => {
    let live = true;
    sharePublic.previewUrl(shareId, token, item.file_id).then(
      (got) => {
        if (live) setInfo(got);
      },
      (err: unknown) => {
        if (!live) return;
        if (isApiError(err) && err.kind === 'business') onFail(err);
        setBroken(true);
      },
    );
    return () => {
      live = false;
    };
  }, [shareId, token, item.file_id, onFail]);

  useEffect(() => {
    if (info?.kind !== 'text' || !info.url) return;
    let live = true;
    fetchPreviewText(info.url)
      .then(({ text, encoding }) => {
        if (live) setText({ text, encoding });
      })
      .catch(() => {
        if (live) setBroken(true);
      });
    return () => {
      live = false;
    };
  }, [info]);

  const download = (
    <Button type="primary" icon={<DownloadOutlined />} onClick={() => onDownload(item)}>
      {ShareText.DOWNLOAD}
    </Button>
  );

  let body: ReactNode;
  if (broken) body = <Result status="warning" title={ShareText.PREVIEW_FAILED} extra={download} />;
  else if (!info) body = <Spin className="share-page__spin" />;
  else if (info.kind === 'none' || !info.url)
    body = <Result status="info" title={ShareText.CANNOT_PREVIEW} extra={download} />;
  else
    body = (
      <PreviewBody
        kind={info.kind}
        url={info.url}
        name={item.name}
        text={text}
        onBroken={() => setBroken(true)}
      />
    );

  return (
    <Modal
      open
      title={item.name}
      width={960}
      onCancel={onClose}
      footer={info && info.kind !== 'none' && !broken ? download : null}
      className="share-preview"
      destroyOnHidden
    >
      <div className="share-preview__body">{body}</div>
    </Modal>
  );
}

/** The file in the page by its kind: a picture, a player, the PDF viewer or its text. */
function PreviewBody({
  kind,
  url,
  name,
  text,
  onBroken,
}: {
  kind: PreviewInfo['kind'];
  url: string;
  name: string;
  text: { text: string; encoding: string } | null;
  onBroken(): void;
}) {
  if (kind === 'image')
    return (
      <img
        className="share-preview__image"
        src={url}
        alt={name}
        data-testid="share-preview-image"
        onError={onBroken}
      />
    );
  if (kind === 'video')
    return (
      // biome-ignore lint/a11y/useMediaCaption: users' own videos come without caption tracks.
      <video
        className="share-preview__video"
        src={url}
        controls
        playsInline
        preload="metadata"
        data-testid="share-preview-video"
        onError={onBroken}
      />
    );
  if (kind === 'audio')
    // biome-ignore lint/a11y/useMediaCaption: users' own recordings come without captions.
    return <audio src={url} controls preload="metadata" onError={onBroken} />;
  if (kind === 'pdf') return <iframe className="share-preview__pdf" src={url} title={name} />;
  return text ? (
    <div className="share-preview__text">
      <span className="share-preview__encoding">{ShareText.encoding(text.encoding)}</span>
      <pre data-testid="share-preview-text">{text.text}</pre>
    </div>
  ) : (
    <Spin className="share-page__spin" />
  );
}
