import { HeartFilled, PlayCircleOutlined } from '@ant-design/icons';
import type { PhotoItem } from '@phonecloud/shared';
import type { PhotoFilter } from '@phonecloud/shared/api';
import { useQuery } from '@tanstack/react-query';
import { type MouseEvent, memo, useState } from 'react';
import { useLongPress } from '../../../components/use-long-press';
import { filterKey, photoCalls, photoKeys, thumbUrl } from '../photo-calls';
import { takePrefetchedMonth } from '../photo-prefetch';
import type { TimelineRow } from './layout';

const READING_POLL_MS = 3000;
/** The whole timeline's filter, the one fetched ahead while the area loads. */
export const WHOLE = filterKey({});

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export const cellLabel = (item: PhotoItem) =>
  `${item.kind === 'video' ? '视频' : '照片'} ${item.taken.replace('T', ' ')}${item.damaged ? ' 已损坏' : ''}`;

/**
 * The tick of every thumbnail, one element shared by all: an antd icon in each cell (its context
 * and style hooks) was a third of the work of a row coming into view while scrolling.
 */
const TICK = (
  <svg className="photo-cell__tick" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <circle cx="12" cy="12" r="11" fill="currentColor" />
    <path d="M7 12.5l3.2 3.2L17.5 8.4" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
  </svg>
);

/** How a thumbnail's clicks reach the page: open it, or (selecting, or its box) tick it. */
export interface CellActions {
  selecting: boolean;
  isSelected: (id: number) => boolean;
  onOpen: (id: number) => void;
  /** `range`: a shift-click, from the last ticked item to this one. */
  onPick: (id: number, range: boolean) => void;
  /** A day's tick: the month's items `first`..`first + count - 1`. */
  onPickDay: (month: string, first: number, count: number) => void;
}

/** A thumbnail with its badges and its tick box (shown on hover, or while selecting). */
export const Cell = memo(function Cell({
  item,
  actions,
  thumb,
}: {
  item: PhotoItem;
  actions: CellActions;
  /** Whether its thumbnail is asked for yet; until then its grey place shows. */
  thumb: boolean;
}) {
  const label = cellLabel(item);
  const selected = actions.isSelected(item.id);
  // A finger held on a thumbnail starts selecting with it, as a phone's gallery does.
  const press = useLongPress(() => actions.onPick(item.id, false));
  const click = (e: MouseEvent) => {
    if (actions.selecting || e.shiftKey) actions.onPick(item.id, e.shiftKey);
    else actions.onOpen(item.id);
  };
  return (
    <div
      className={`photo-cell${selected ? ' photo-cell--selected' : ''}${actions.selecting ? ' photo-cell--selecting' : ''}`}
    >
      <button type="button" className="photo-cell__open" aria-label={label} onClick={click} {...press}>
        {!item.ready ? (
          <span className="photo-cell__pending">处理中</span>
        ) : (
          thumb && <img src={thumbUrl(item.id)} alt="" decoding="async" draggable={false} />
        )}
        {item.kind === 'video' && item.duration_ms !== null && (
          <span className="photo-cell__badge">
            <PlayCircleOutlined /> {duration(item.duration_ms)}
          </span>
        )}
        {item.live_video_id !== null && <span className="photo-cell__badge">实况</span>}
        {item.damaged && <span className="photo-cell__damaged">已损坏</span>}
        {item.favourite && <HeartFilled className="photo-cell__fav" aria-label="已收藏" />}
      </button>
      <label className="photo-cell__check">
        <input
          type="checkbox"
          aria-label={`选择 ${label}`}
          checked={selected}
          readOnly
          onClick={(e) => actions.onPick(item.id, e.shiftKey)}
        />
        {TICK}
      </label>
    </div>
  );
});

/** A month's photos (the filter's), fetched when a row of it is first drawn. */
function useMonthItems(filter: PhotoFilter, month: string) {
  return useQuery({
    queryKey: photoKeys.month(filter, month),
    queryFn: () =>
      (filterKey(filter) === WHOLE && takePrefetchedMonth(month)) || photoCalls.month(month, filter),
    // New uploads are read in the background: asked again until their thumbnails are there.
    refetchInterval: (q) => (q.state.data?.some((i) => !i.ready) ? READING_POLL_MS : false),
  });
}

/**
 * A month not loaded yet: grey places where its thumbnails will be, drawn by the background
 * alone (one element however many photos), while drawing it asks for the month. Once its photos
 * are in, the timeline draws the month by day instead.
 */
export const BlockRow = memo(function BlockRow({
  row,
  filter,
  cellPx,
}: {
  row: Extract<TimelineRow, { kind: 'block' }>;
  filter: PhotoFilter;
  /** A thumbnail's place with the gap after it, across and down. */
  cellPx: number;
}) {
  useMonthItems(filter, row.month);
  return (
    <div className="photo-block" style={{ backgroundSize: `${cellPx}px ${cellPx}px` }} aria-hidden="true" />
  );
});

/** One row of thumbnails of a loaded month. */
export const CellsRow = memo(function CellsRow({
  row,
  columns,
  filter,
  actions,
  thumbs,
}: {
  row: Extract<TimelineRow, { kind: 'cells' }>;
  columns: number;
  filter: PhotoFilter;
  actions: CellActions;
  /**
   * Whether the row is in view (or about to be) and the timeline is not being flung: its
   * thumbnails are asked for from then on, and kept while the row is drawn.
   */
  thumbs: boolean;
}) {
  const [asked, setAsked] = useState(thumbs);
  if (thumbs && !asked) setAsked(true);
  const { data } = useMonthItems(filter, row.month);
  const cells = [];
  for (let i = row.first; i <= row.last; i++) {
    const item = data?.[i];
    cells.push(
      item ? (
        <Cell key={item.id} item={item} actions={actions} thumb={asked || thumbs} />
      ) : (
        <span key={`p${i}`} className="photo-cell photo-cell--empty" />
      ),
    );
  }
  return (
    <div className="photo-row" style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}>
      {cells}
    </div>
  );
});
