import { HeartFilled, PlayCircleOutlined } from '@ant-design/icons';
import type { PhotoItem, PhotoMonth } from '@phonecloud/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Empty, Skeleton } from 'antd';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { columnsFor, monthLabel, monthStarts, type TimelineRow, timelineRows, years } from './layout';
import { photoCalls, thumbUrl } from './photo-calls';
import { Viewer } from './Viewer';

const HEADING_PX = 44;
const GAP_PX = 4;
const READING_POLL_MS = 3000;
export const monthKey = (month: string) => ['photos', 'month', month] as const;
export const MONTHS_KEY = ['photos', 'months'] as const;

/** The element's width, followed as it changes (the grid appears once the month index is in). */
function useWidth(el: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    setWidth(el.clientWidth);
    return () => observer.disconnect();
  }, [el]);
  return width;
}

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function Cell({ item, onOpen }: { item: PhotoItem; onOpen: (id: number) => void }) {
  const label = `${item.kind === 'video' ? '视频' : '照片'} ${item.taken.replace('T', ' ')}`;
  return (
    <button type="button" className="photo-cell" aria-label={label} onClick={() => onOpen(item.id)}>
      {item.ready ? (
        <img src={thumbUrl(item.id)} alt="" loading="lazy" decoding="async" draggable={false} />
      ) : (
        <span className="photo-cell__pending">处理中</span>
      )}
      {item.kind === 'video' && item.duration_ms !== null && (
        <span className="photo-cell__badge">
          <PlayCircleOutlined /> {duration(item.duration_ms)}
        </span>
      )}
      {item.live_video_id !== null && <span className="photo-cell__badge">实况</span>}
      {item.favourite && <HeartFilled className="photo-cell__fav" aria-label="已收藏" />}
    </button>
  );
}

/** One row of thumbnails; its month's items load when a row of it is first drawn. */
function CellsRow({
  row,
  columns,
  onOpen,
}: {
  row: Extract<TimelineRow, { kind: 'cells' }>;
  columns: number;
  onOpen: (id: number) => void;
}) {
  const { data } = useQuery({
    queryKey: monthKey(row.month),
    queryFn: () => photoCalls.month(row.month),
    // New uploads are read in the background: asked again until their thumbnails are there.
    refetchInterval: (q) => (q.state.data?.some((i) => !i.ready) ? READING_POLL_MS : false),
  });
  const cells = [];
  for (let i = row.first; i <= row.last; i++) {
    const item = data?.[i];
    cells.push(
      item ? (
        <Cell key={item.id} item={item} onOpen={onOpen} />
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
}

function Scrubber({ months, onJump }: { months: readonly PhotoMonth[]; onJump: (month: string) => void }) {
  return (
    <nav className="photo-scrubber" aria-label="按年份跳转">
      {years(months).map((y) => (
        <button key={y.year} type="button" onClick={() => onJump(y.month)}>
          {y.year}
        </button>
      ))}
    </nav>
  );
}

/**
 * The timeline: months newest first, each a heading and rows of thumbnails. The month index
 * gives every row's place at once; a month's photos are fetched when one of its rows is drawn,
 * so 100,000 photos are a list of their months, and the scrubber jumps to any year directly.
 */
export function Timeline() {
  const { data: months, isPending } = useQuery({ queryKey: MONTHS_KEY, queryFn: () => photoCalls.months() });
  const [grid, setGrid] = useState<HTMLDivElement | null>(null);
  const width = useWidth(grid);
  const columns = columnsFor(width || 1000);
  const cellPx = width ? (width - GAP_PX * (columns - 1)) / columns + GAP_PX : 160;
  const rows = useMemo(() => timelineRows(months ?? [], columns), [months, columns]);
  const starts = useMemo(() => monthStarts(rows), [rows]);
  const [open, setOpen] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const virtual = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (i) => (rows[i]?.kind === 'month' ? HEADING_PX : cellPx),
    overscan: 4,
    scrollMargin: grid?.offsetTop ?? 0,
  });
  // The rows' heights follow the width: measured again when the cell size changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cellPx is the reason to measure.
  useEffect(() => virtual.measure(), [virtual, cellPx]);

  if (isPending) return <Skeleton active />;
  if (!months?.length) return <Empty description="还没有照片：用手机备份照片后会显示在这里" />;
  // The viewer walks the photos already loaded, in the timeline's order.
  const loaded = () =>
    (months ?? []).flatMap((m) => queryClient.getQueryData<PhotoItem[]>(monthKey(m.month)) ?? []);
  return (
    <div className="photo-timeline">
      <Scrubber
        months={months}
        onJump={(m) => virtual.scrollToIndex(starts.get(m) ?? 0, { align: 'start' })}
      />
      <div ref={setGrid} className="photo-grid" style={{ height: virtual.getTotalSize() }}>
        {virtual.getVirtualItems().map((v) => {
          const row = rows[v.index];
          if (!row) return null;
          return (
            <div
              key={v.key}
              className="photo-grid__row"
              style={{ transform: `translateY(${v.start - virtual.options.scrollMargin}px)`, height: v.size }}
            >
              {row.kind === 'month' ? (
                <h2 className="photo-month">
                  {monthLabel(row.month)}
                  <span className="photo-month__count">{row.count} 项</span>
                </h2>
              ) : (
                <CellsRow row={row} columns={columns} onOpen={setOpen} />
              )}
            </div>
          );
        })}
      </div>
      {open !== null && <Viewer id={open} items={loaded} onClose={() => setOpen(null)} onMove={setOpen} />}
    </div>
  );
}
