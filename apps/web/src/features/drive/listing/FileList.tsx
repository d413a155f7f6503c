import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EllipsisOutlined,
  EyeOutlined,
  FolderOpenOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import { DriveMsg } from '@phonecloud/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button, Checkbox, Dropdown, Tag, Tooltip } from 'antd';
import { type ReactNode, useRef } from 'react';
import { useIsNarrow } from '../../../components/breakpoints';
import { DriveText } from '../texts';
import { formatTime } from '../time';
import type { DriveItem } from '../types';
import { FileIcon } from './FileIcon';
import { type ListingProps, listingState, type RowActions, toggled } from './listing-view';

const ROW_PX = 52;
const PREVIEW_LABEL = '预览';
/** On a narrow screen a row has two lines: the name, then size and time. */
const NARROW_ROW_PX = 60;

/**
 * The folder's items. Only the rows in view are in the DOM (@tanstack/react-virtual), so a folder
 * of many thousands scrolls as smoothly as one of ten.
 */
export function FileList({
  items,
  loading,
  complete,
  failed,
  onRetry,
  atRoot,
  selected,
  onSelect,
  actions,
  formatSize,
}: ListingProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const narrow = useIsNarrow();
  const rowPx = narrow ? NARROW_ROW_PX : ROW_PX;
  const virtual = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowPx,
    overscan: 12,
  });
  const allSelected = items.length > 0 && items.every((i) => selected.has(i.id));
  const someSelected = selected.size > 0 && !allSelected;

  const body = listingState({ items, loading, complete, failed, onRetry, atRoot }) ?? (
    <div className="drive-list__canvas" style={{ height: virtual.getTotalSize() }}>
      {virtual.getVirtualItems().map((row) => {
        const item = items[row.index];
        if (!item) return null;
        return (
          <FileRow
            key={item.id}
            item={item}
            top={row.start}
            height={rowPx}
            narrow={narrow}
            selected={selected.has(item.id)}
            onToggle={() => onSelect(toggled(selected, item.id))}
            actions={actions}
            formatSize={formatSize}
          />
        );
      })}
    </div>
  );

  return (
    <section className="drive-list" aria-label="文件列表">
      <div className="drive-row drive-row--head">
        <span className="drive-col drive-col--check">
          <Checkbox
            aria-label="全选"
            checked={allSelected}
            indeterminate={someSelected}
            disabled={items.length === 0}
            onChange={() => onSelect(allSelected ? new Set() : new Set(items.map((i) => i.id)))}
          />
        </span>
        {selected.size > 0 ? (
          <span className="drive-col drive-col--name drive-selected-count">
            {DriveText.selected(selected.size)}
          </span>
        ) : (
          <>
            <span className="drive-col drive-col--name">{DriveText.COL_NAME}</span>
            <span className="drive-col drive-col--size">{DriveText.COL_SIZE}</span>
            <span className="drive-col drive-col--time">{DriveText.COL_MTIME}</span>
          </>
        )}
      </div>
      <div className="drive-list__scroll" ref={scroller}>
        {body}
      </div>
      <div className="drive-list__foot">
        {loading || failed ? '' : DriveText.loadedCount(items.length, complete)}
      </div>
    </section>
  );
}

interface FileRowProps {
  item: DriveItem;
  /** Where the virtual list puts the row, and its height. */
  top: number;
  height: number;
  narrow: boolean;
  selected: boolean;
  onToggle(): void;
  actions: RowActions;
  formatSize: ListingProps['formatSize'];
}

/** One item of the folder: its check box, name (opens or previews), size, time and actions. */
function FileRow({ item, top, height, narrow, selected, onToggle, actions, formatSize }: FileRowProps) {
  const folder = item.type === 'folder';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: double-click is a mouse shortcut; the name button opens a folder by keyboard.
    <div
      data-name={item.name}
      className={`drive-row${selected ? ' is-selected' : ''}`}
      style={{ transform: `translateY(${top}px)`, height }}
      onDoubleClick={() => (folder ? actions.open(item) : actions.preview(item))}
    >
      <span className="drive-col drive-col--check">
        <Checkbox checked={selected} onChange={onToggle} aria-label={`选择${item.name}`} />
      </span>
      <span className="drive-col drive-col--name">
        <FileIcon name={item.name} folder={folder} />
        <button
          type="button"
          className="drive-name drive-name--link"
          {...(folder ? {} : { title: item.name })}
          onClick={() => (folder ? actions.open(item) : actions.preview(item))}
        >
          {item.name}
        </button>
        {item.damaged && !narrow ? <DamagedTag /> : null}
        {narrow ? (
          <span className="drive-name__meta">
            {item.damaged ? <DamagedTag /> : null}
            {item.type === 'file' ? `${formatSize(item.size)} · ` : ''}
            {formatTime(item.mtime)}
          </span>
        ) : null}
        <RowActionsOf item={item} actions={actions} narrow={narrow} />
      </span>
      <span className="drive-col drive-col--size">{item.type === 'file' ? formatSize(item.size) : '-'}</span>
      <span className="drive-col drive-col--time">{formatTime(item.mtime)}</span>
    </div>
  );
}

/** A row's actions: buttons shown on hover on a desktop; on a phone (no hover) a menu behind one button. */
function RowActionsOf({ item, actions, narrow }: { item: DriveItem; actions: RowActions; narrow: boolean }) {
  const list = rowActions(item, actions);
  if (!narrow) {
    return (
      <span className="drive-row__actions">
        {list.map(({ key, label, icon, onClick }) => (
          <RowButton key={key} label={label} icon={icon} onClick={onClick} />
        ))}
      </span>
    );
  }
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: list.map(({ key, label, icon, onClick, danger }) => ({ key, label, icon, danger, onClick })),
      }}
    >
      <Button
        type="text"
        className="drive-row__more"
        icon={<EllipsisOutlined />}
        aria-label={`${item.name} 的操作`}
      />
    </Dropdown>
  );
}

/** A file whose stored bytes were found changed: what it means and what to do, on hover or tap. */
export function DamagedTag() {
  return (
    <Tooltip title={DriveMsg.FILE_DAMAGED}>
      <Tag color="error" className="drive-damaged" tabIndex={0}>
        {DriveText.DAMAGED}
      </Tag>
    </Tooltip>
  );
}

interface RowAction {
  key: string;
  label: string;
  icon: ReactNode;
  danger?: boolean;
  onClick(): void;
}

/** What a row offers: the desktop shows these on hover, a phone in the row's menu. */
function rowActions(item: DriveItem, actions: RowActions): RowAction[] {
  const first: RowAction =
    item.type === 'folder'
      ? {
          key: 'open',
          label: DriveText.OPEN,
          icon: <FolderOpenOutlined />,
          onClick: () => actions.open(item),
        }
      : {
          key: 'preview',
          label: PREVIEW_LABEL,
          icon: <EyeOutlined />,
          onClick: () => actions.preview(item),
        };
  const download: RowAction[] =
    item.type === 'file'
      ? [
          {
            key: 'download',
            label: DriveText.DOWNLOAD,
            icon: <DownloadOutlined />,
            onClick: () => actions.download(item),
          },
        ]
      : [];
  return [
    first,
    ...download,
    ...(actions.share
      ? [
          {
            key: 'share',
            label: DriveText.SHARE,
            icon: <ShareAltOutlined />,
            onClick: () => actions.share?.(item),
          },
        ]
      : []),
    { key: 'rename', label: DriveText.RENAME, icon: <EditOutlined />, onClick: () => actions.rename(item) },
    {
      key: 'delete',
      label: DriveText.DELETE,
      icon: <DeleteOutlined />,
      danger: true,
      onClick: () => actions.remove(item),
    },
  ];
}

function RowButton({ label, icon, onClick }: { label: string; icon: ReactNode; onClick(): void }) {
  return (
    <Tooltip title={label} mouseEnterDelay={0.4}>
      <Button type="text" size="small" icon={icon} aria-label={label} onClick={onClick} />
    </Tooltip>
  );
}
