import { useVirtualizer } from '@tanstack/react-virtual';
import { Checkbox } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useIsNarrow } from '../../../components/breakpoints';
import { FileIcon } from '../listing/FileIcon';
import { DamagedTag } from '../listing/FileList';
import { type ListingProps, listingState, toggled } from '../listing/listing-view';
import { DriveText } from '../texts';
import type { DriveItem } from '../types';
import { FindText } from './texts';

/** Tile width (px) the columns are counted from, and the height of a row of tiles. */
const TILE_PX = 148;
const NARROW_TILE_PX = 108;
const ROW_PX = 176;
const NARROW_ROW_PX = 142;

/**
 * The folder as tiles: images show their server-made thumbnail (256 px), other items their icon.
 * Only the rows of tiles in view are in the DOM (a folder of thousands of photos loads the
 * thumbnails of the first screen first), and each image is decoded off the main thread.
 */
export function FileGrid({
  items,
  loading,
  complete,
  failed,
  onRetry,
  atRoot,
  selected,
  onSelect,
  actions,
}: ListingProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const narrow = useIsNarrow();
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const tile = narrow ? NARROW_TILE_PX : TILE_PX;
  const columns = Math.max(1, Math.floor((width || tile * 4) / tile));
  const rowPx = narrow ? NARROW_ROW_PX : ROW_PX;
  const rows = Math.ceil(items.length / columns);
  const virtual = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowPx,
    overscan: 3,
  });
  const toggle = (id: string) => onSelect(toggled(selected, id));
  const allSelected = items.length > 0 && items.every((i) => selected.has(i.id));

  const body = listingState({ items, loading, complete, failed, onRetry, atRoot }) ?? (
    <div className="drive-list__canvas" style={{ height: virtual.getTotalSize() }}>
      {virtual.getVirtualItems().map((row) => (
        <div
          key={row.index}
          className="drive-grid__row"
          style={{
            transform: `translateY(${row.start}px)`,
            height: rowPx,
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          }}
        >
          {items.slice(row.index * columns, row.index * columns + columns).map((item) => (
            <Tile
              key={item.id}
              item={item}
              selected={selected.has(item.id)}
              onToggle={() => toggle(item.id)}
              onOpen={() => (item.type === 'folder' ? actions.open(item) : actions.preview(item))}
            />
          ))}
        </div>
      ))}
    </div>
  );

  return (
    <section className="drive-list drive-grid" aria-label="文件缩略图">
      <div className="drive-row drive-row--head">
        <span className="drive-col drive-col--check">
          <Checkbox
            aria-label="全选"
            checked={allSelected}
            indeterminate={selected.size > 0 && !allSelected}
            disabled={items.length === 0}
            onChange={() => onSelect(allSelected ? new Set() : new Set(items.map((i) => i.id)))}
          />
        </span>
        <span className="drive-col drive-col--name">
          {selected.size > 0 ? DriveText.selected(selected.size) : DriveText.COL_NAME}
        </span>
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

function Tile({
  item,
  selected,
  onToggle,
  onOpen,
}: {
  item: DriveItem;
  selected: boolean;
  onToggle(): void;
  onOpen(): void;
}) {
  const [broken, setBroken] = useState(false);
  const thumb = item.thumbnail && !broken ? item.thumbnail : null;
  return (
    <div className={`drive-tile${selected ? ' is-selected' : ''}`} data-name={item.name}>
      {/* A native box: a screen of tiles mounts dozens, and antd's Checkbox costs a component tree each. */}
      <input
        type="checkbox"
        className="drive-tile__check"
        checked={selected}
        onChange={onToggle}
        aria-label={FindText.select(item.name)}
      />
      <button type="button" className="drive-tile__open" title={item.name} onClick={onOpen}>
        <span className="drive-tile__pic">
          {thumb ? (
            <img
              src={thumb}
              alt=""
              className="drive-tile__thumb"
              decoding="async"
              draggable={false}
              onError={() => setBroken(true)}
            />
          ) : (
            <FileIcon name={item.name} folder={item.type === 'folder'} />
          )}
        </span>
        <span className="drive-tile__name">{item.name}</span>
        {item.damaged ? <DamagedTag /> : null}
      </button>
    </div>
  );
}
