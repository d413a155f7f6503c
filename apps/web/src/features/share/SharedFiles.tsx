import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import {
  formatSize,
  ShareMsg,
  type SharePublicInfo,
  type SharePublicItem,
  ShareText,
} from '@phonecloud/shared';
import { Breadcrumb, Button, Checkbox, Empty, Spin, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { sharePublic, startDownload } from './public-api';
import { ShareIcon } from './ShareIcon';
import { SharePreview } from './SharePreview';
import { day } from './share-time';
import { useSharedListing } from './use-shared-listing';

interface Props {
  shareId: string;
  token: string;
  name: string;
  info: SharePublicInfo | null;
  onFail(err: unknown): void;
}

type Listing = ReturnType<typeof useSharedListing>;

/** What was shared: its folders to walk into (never above the share), previews and downloads. */
export function SharedFiles({ shareId, token, name, info, onFail }: Props) {
  const listing = useSharedListing(shareId, token, onFail);
  const { items, selected, loading, folder } = listing;
  const [previewing, setPreviewing] = useState<SharePublicItem | null>(null);

  const download = async (list: SharePublicItem[]) => {
    if (list.length === 0) return;
    // The server refuses their bytes; said here rather than after a round trip.
    if (list.some((i) => i.damaged)) return onFail(new Error(ShareMsg.FILE_DAMAGED));
    try {
      const only = list.length === 1 ? list[0] : undefined;
      const { url } =
        only && only.type === 'file'
          ? await sharePublic.downloadUrl(shareId, token, only.file_id)
          : await sharePublic.zipUrl(
              shareId,
              token,
              list.map((i) => i.file_id),
            );
      startDownload(url);
    } catch (err) {
      onFail(err);
    }
  };
  const chosen = items.filter((i) => selected.has(i.file_id));

  return (
    <section className="share-files" aria-label={ShareText.PAGE_TITLE}>
      <div className="share-files__head">
        <div className="share-files__title">
          <h1 title={name}>{name || ShareText.PAGE_TITLE}</h1>
          {info ? (
            <span className="share-files__expiry">
              {info.expiration ? ShareText.expiresAt(day(info.expiration)) : ShareText.NEVER_EXPIRES}
            </span>
          ) : null}
        </div>
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          disabled={chosen.length === 0}
          onClick={() => void download(chosen)}
        >
          {chosen.length > 0 ? ShareText.DOWNLOAD_SELECTED : ShareText.DOWNLOAD}
        </Button>
      </div>
      <ShareCrumbs listing={listing} />
      <HeadRow listing={listing} chosen={chosen.length} />
      <ul className="share-files__list">
        {items.map((item) => (
          <SharedRow
            key={item.file_id}
            item={item}
            listing={listing}
            onPreview={(i) => (i.damaged ? onFail(new Error(ShareMsg.FILE_DAMAGED)) : setPreviewing(i))}
            onDownload={(i) => void download([i])}
          />
        ))}
      </ul>
      {loading ? <Spin className="share-page__spin" /> : null}
      {!loading && items.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={folder === null ? ShareMsg.ALL_GONE : ShareText.EMPTY_FOLDER}
        />
      ) : null}
      {!loading && listing.marker ? (
        <Button className="share-files__more" onClick={listing.more}>
          加载更多
        </Button>
      ) : null}
      {previewing ? (
        <SharePreview
          shareId={shareId}
          token={token}
          item={previewing}
          onDownload={(item) => void download([item])}
          onFail={onFail}
          onClose={() => setPreviewing(null)}
        />
      ) : null}
    </section>
  );
}

/** The way down from the top of the share; every step but the last opens its folder. */
function ShareCrumbs({ listing: { folder, path, setFolder } }: { listing: Listing }) {
  const link = (label: string, target: string | null) => (
    <button type="button" className="share-link-button" onClick={() => setFolder(target)}>
      {label}
    </button>
  );
  return (
    <Breadcrumb
      className="share-files__crumbs"
      items={[
        { title: folder === null ? ShareText.ALL : link(ShareText.ALL, null) },
        ...path.map((p, i) => ({ title: i === path.length - 1 ? p.name : link(p.name, p.file_id) })),
      ]}
    />
  );
}

function HeadRow({ listing: { items, setSelected }, chosen }: { listing: Listing; chosen: number }) {
  const all = items.length > 0 && chosen === items.length;
  return (
    <div className="share-row share-row--head">
      <Checkbox
        aria-label="全选"
        checked={all}
        indeterminate={chosen > 0 && !all}
        disabled={items.length === 0}
        onChange={() => setSelected(all ? new Set() : new Set(items.map((i) => i.file_id)))}
      />
      <span className="share-row__name">{chosen > 0 ? ShareText.selected(chosen) : '文件名'}</span>
      <span className="share-row__size">大小</span>
      <span className="share-row__time">修改时间</span>
      <span className="share-row__act" />
    </div>
  );
}

function SharedRow({
  item,
  listing,
  onPreview,
  onDownload,
}: {
  item: SharePublicItem;
  listing: Listing;
  onPreview(item: SharePublicItem): void;
  onDownload(item: SharePublicItem): void;
}) {
  const isFile = item.type === 'file';
  return (
    <li className="share-row" data-name={item.name}>
      <Checkbox
        checked={listing.selected.has(item.file_id)}
        onChange={() => listing.toggle(item.file_id)}
        aria-label={`选择${item.name}`}
      />
      <span className="share-row__name">
        <ShareIcon name={item.name} folder={!isFile} />
        {isFile ? (
          <button
            type="button"
            className="share-link-button share-row__text"
            title={item.name}
            onClick={() => onPreview(item)}
          >
            {item.name}
          </button>
        ) : (
          <button type="button" className="share-link-button" onClick={() => listing.setFolder(item.file_id)}>
            {item.name}
          </button>
        )}
        {/* Beside the name on a wide screen; on a narrow one in the line under it. */}
        {item.damaged ? <DamagedTag /> : null}
        <span className="share-row__meta">
          {item.damaged ? <DamagedTag /> : null}
          {isFile ? `${formatSize(item.size)} · ` : ''}
          {day(item.updated_at)}
        </span>
      </span>
      <span className="share-row__size">{isFile ? formatSize(item.size) : '-'}</span>
      <span className="share-row__time">{day(item.updated_at)}</span>
      <span className="share-row__act">
        {isFile ? (
          <Button
            type="text"
            icon={<EyeOutlined />}
            aria-label={`${ShareText.PREVIEW} ${item.name}`}
            title={ShareText.PREVIEW}
            onClick={() => onPreview(item)}
          />
        ) : null}
        <Button
          type="text"
          icon={<DownloadOutlined />}
          aria-label={`${ShareText.DOWNLOAD} ${item.name}`}
          title={ShareText.DOWNLOAD}
          onClick={() => onDownload(item)}
        />
      </span>
    </li>
  );
}

/** A file whose stored bytes the owner's server found changed: why it cannot be had, as its tip. */
function DamagedTag() {
  return (
    <Tooltip title={ShareMsg.FILE_DAMAGED}>
      <Tag color="error" className="share-row__damaged" tabIndex={0}>
        已损坏
      </Tag>
    </Tooltip>
  );
}
