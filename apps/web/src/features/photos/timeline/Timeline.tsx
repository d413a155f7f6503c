import type { PhotoAlbum, PhotoItem, PhotoMonth } from '@phonecloud/shared';
import type { PhotoFilter } from '@phonecloud/shared/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Range, useWindowVirtualizer } from '@tanstack/react-virtual';
import { Button, Empty, Skeleton } from 'antd';
import { lazy, memo, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { filterKey, photoCalls, photoKeys } from '../photo-calls';
import { takePrefetchedMonths } from '../photo-prefetch';
import {
  keepShown,
  NO_SELECTION,
  type Selection,
  selectRange,
  toggleAll,
  toggleOne,
} from '../select/selection';
import { BlockRow, type CellActions, CellsRow, WHOLE } from './Cell';
import {
  columnsFor,
  dayLabel,
  monthAt,
  monthLabel,
  monthStarts,
  rowHeight,
  rowOffsets,
  rowsAround,
  type TimelineRow,
  timelineRows,
} from './layout';
import { Scrubber } from './Scrubber';
import { useFlinging } from './use-flinging';
import { useIndexFollowsMonths, useLoadedMonths } from './use-loaded-months';
import { useStableScroll } from './use-stable-scroll';

// Fetched when first used: a timeline opens without the selection's and the viewer's code.
const SelectionBar = lazy(() => import('../select/SelectionBar').then((m) => ({ default: m.SelectionBar })));
const Viewer = lazy(() => import('../viewer/Viewer').then((m) => ({ default: m.Viewer })));

const GAP_PX = 4;
/** Past the window's edges, the rows whose thumbnails are asked for already. */
const THUMBS_AHEAD_PX = 200;
/** The element's size, followed as it changes (the grid appears once the month index is in). */
function useSize(el: HTMLElement | null): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    if (!el) return;
    const read = () =>
      setSize((s) =>
        s.width === el.clientWidth && s.height === el.offsetHeight
          ? s
          : { width: el.clientWidth, height: el.offsetHeight },
      );
    const observer = new ResizeObserver(read);
    observer.observe(el);
    read();
    return () => observer.disconnect();
  }, [el]);
  return size;
}
/**
 * Where the element starts in the document, read again when the layout above it may have moved
 * it (its width, the bar's height): reading it at every render forced a layout at each frame of
 * a scroll.
 */
function useDocumentTop(el: HTMLElement | null, width: number, barPx: number): number {
  const [top, setTop] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: width and barPx are reasons to read it again.
  useLayoutEffect(() => {
    if (el) setTop(el.getBoundingClientRect().top + window.scrollY);
  }, [el, width, barPx]);
  return top;
}
const useWidth = (el: HTMLElement | null) => useSize(el).width;
const useHeight = (el: HTMLElement | null) => useSize(el).height;

/**
 * A row as drawn. Memoised: the window's scroll renders the timeline at every frame, and only the
 * rows coming into the window need drawing, not the thirty already there.
 */
const RowView = memo(function RowView({
  row,
  columns,
  filter,
  actions,
  thumbs,
  cellPx,
}: {
  row: TimelineRow;
  columns: number;
  cellPx: number;
  filter: PhotoFilter;
  actions: CellActions;
  /** Whether its thumbnails may be asked for (see CellsRow). */
  thumbs: boolean;
}) {
  if (row.kind === 'month')
    return (
      <h2 className="photo-month">
        {monthLabel(row.month)}
        <span className="photo-month__count">{row.count} 项</span>
      </h2>
    );
  if (row.kind === 'day')
    return (
      <div className={`photo-day${actions.selecting ? ' photo-day--selecting' : ''}`}>
        <h3 className="photo-day__label">{dayLabel(row.day)}</h3>
        <button
          type="button"
          className="photo-day__pick"
          aria-label={`选择 ${dayLabel(row.day)}`}
          onClick={() => actions.onPickDay(row.month, row.first, row.count)}
        >
          选择
        </button>
      </div>
    );
  if (row.kind === 'block') return <BlockRow row={row} filter={filter} cellPx={cellPx} />;
  return <CellsRow row={row} columns={columns} filter={filter} actions={actions} thumbs={thumbs} />;
});

/** The scrubber and the 选择 button; drawn again when the month on top changes, not every frame. */
const BrowseBar = memo(function BrowseBar({
  months,
  current,
  onJump,
  onSelect,
}: {
  months: readonly PhotoMonth[];
  current: string | undefined;
  onJump: (month: string) => void;
  onSelect: () => void;
}) {
  return (
    <div className="photo-bar__line">
      <Scrubber months={months} current={current} onJump={onJump} />
      <Button className="photo-bar__select" onClick={onSelect}>
        选择
      </Button>
    </div>
  );
});

/** The photos of the months loaded so far, in the timeline's order (the viewer walks these). */
function useLoadedItems(filter: PhotoFilter, months: readonly { month: string }[] | undefined) {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      (months ?? []).flatMap(
        (m) => queryClient.getQueryData<PhotoItem[]>(photoKeys.month(filter, m.month)) ?? [],
      ),
    [queryClient, filter, months],
  );
}

/** Selecting many: the mode, the ticked ids, and how a thumbnail's click changes them. */
function useSelecting(
  loaded: () => PhotoItem[],
  monthItems: (month: string) => PhotoItem[] | undefined,
  rowsKey: unknown,
) {
  const [selecting, setSelecting] = useState(false);
  const [sel, setSel] = useState<Selection>(NO_SELECTION);
  // What a refresh took away (deleted, moved out of the album) leaves the selection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the rows change when the items do.
  useEffect(
    () => setSel((s) => (s.ids.size === 0 ? s : keepShown(s, new Set(loaded().map((i) => i.id))))),
    [rowsKey, loaded],
  );
  // Stable while the loaded months are: the rows' memo holds across a scroll.
  const pick = useCallback(
    (id: number, range: boolean) => {
      setSelecting(true);
      setSel((s) =>
        range
          ? selectRange(
              s,
              loaded().map((i) => i.id),
              id,
            )
          : toggleOne(s, id),
      );
    },
    [loaded],
  );
  const stop = () => {
    setSelecting(false);
    setSel(NO_SELECTION);
  };
  const pickDay = useCallback(
    (month: string, first: number, count: number) => {
      setSelecting(true);
      const ids = (monthItems(month) ?? []).slice(first, first + count).map((i) => i.id);
      setSel((s) => toggleAll(s, ids));
    },
    [monthItems],
  );
  const start = useCallback(() => setSelecting(true), []);
  return { selecting, sel, pick, pickDay, stop, start, setSel };
}

/** How a thumbnail's clicks reach the timeline; the same object while the selection is. */
function useCellActions(
  {
    selecting,
    sel,
    pick,
    pickDay,
  }: Pick<ReturnType<typeof useSelecting>, 'selecting' | 'sel' | 'pick' | 'pickDay'>,
  open: (id: number) => void,
): CellActions {
  return useMemo<CellActions>(
    () => ({
      selecting,
      isSelected: (id) => sel.ids.has(id),
      onOpen: open,
      onPick: pick,
      onPickDay: pickDay,
    }),
    [selecting, sel, pick, pickDay, open],
  );
}

/** The rows of the timeline and their virtual window, following the grid's width. */
function useTimelineGrid(
  filter: PhotoFilter,
  months: readonly PhotoMonth[] | undefined,
  grid: HTMLElement | null,
  bar: HTMLElement | null,
) {
  const width = useWidth(grid);
  const barPx = useHeight(bar);
  const columns = columnsFor(width || 1000);
  const cellPx = width ? (width - GAP_PX * (columns - 1)) / columns + GAP_PX : 160;
  const loaded = useLoadedMonths(filter);
  useIndexFollowsMonths(filter, months, loaded);
  const rows = useMemo(() => timelineRows(months ?? [], columns, loaded), [months, columns, loaded]);
  const offsets = useMemo(() => rowOffsets(rows, cellPx), [rows, cellPx]);
  const starts = useMemo(() => monthStarts(rows), [rows]);
  const gridTop = useDocumentTop(grid, width, barPx);
  useStableScroll(rows, offsets, gridTop, barPx);
  const virtual = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (i) => {
      const row = rows[i];
      return row ? rowHeight(row, cellPx) : cellPx;
    },
    getItemKey: useCallback((i: number) => rows[i]?.key ?? i, [rows]),
    rangeExtractor: useCallback((range: Range) => rowsAround(range, rows, cellPx), [rows, cellPx]),
    scrollMargin: gridTop,
    scrollPaddingStart: barPx,
  });
  // The rows' heights follow the width: measured again when the cell size changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cellPx is the reason to measure.
  useEffect(() => virtual.measure(), [virtual, cellPx]);
  const jump = useCallback(
    (m: string) => virtual.scrollToIndex(starts.get(m) ?? 0, { align: 'start' }),
    [virtual, starts],
  );
  return { columns, cellPx, rows, jump, virtual, barPx };
}

/**
 * A timeline of photos (all of them, a search's, an album's, the favourites): months newest
 * first, each a heading, its days, and rows of thumbnails. The month index gives every row's
 * place at once; a month's photos are fetched when one of its rows is drawn, then drawn by day,
 * so 100,000 photos are a list of their months and the scrubber jumps anywhere directly.
 */
export function Timeline({
  filter,
  empty,
  album,
}: {
  filter: PhotoFilter;
  empty: string;
  album?: PhotoAlbum;
}) {
  const { data: months, isPending } = useQuery({
    queryKey: photoKeys.months(filter),
    queryFn: () => (filterKey(filter) === WHOLE && takePrefetchedMonths()) || photoCalls.months(filter),
  });
  const [grid, setGrid] = useState<HTMLDivElement | null>(null);
  // The bar stays at the window's top: a jump puts its month right under it, not behind it.
  const [bar, setBar] = useState<HTMLDivElement | null>(null);
  const { columns, cellPx, rows, jump, virtual, barPx } = useTimelineGrid(filter, months, grid, bar);
  const flinging = useFlinging(virtual.scrollOffset ?? 0);
  const [open, setOpen] = useState<number | null>(null);
  const items = useLoadedItems(filter, months);
  const queryClient = useQueryClient();
  const monthItems = useCallback(
    (month: string) => queryClient.getQueryData<PhotoItem[]>(photoKeys.month(filter, month)),
    [queryClient, filter],
  );
  const selecting = useSelecting(items, monthItems, rows);

  const actions = useCellActions(selecting, setOpen);

  if (isPending) return <Skeleton active />;
  if (!months?.length) return <Empty description={empty} />;
  // The first row showing under the bar; a pixel or two of slack, as rows are fractions of one.
  const top = (virtual.scrollOffset ?? 0) + barPx + 2;
  const first = virtual.getVirtualItems().find((v) => v.end > top);
  // Thumbnails are asked for the rows on screen and just past it; the rows drawn further ahead
  // wait for them with their places (a scroll brings them in view a frame later).
  const shownFrom = (virtual.scrollOffset ?? 0) - THUMBS_AHEAD_PX;
  const shownTo = (virtual.scrollOffset ?? 0) + (virtual.scrollRect?.height ?? 0) + THUMBS_AHEAD_PX;
  return (
    <div className="photo-timeline">
      <div ref={setBar} className="photo-bar">
        {selecting.selecting ? (
          <Suspense fallback={null}>
            <SelectionBar
              ids={[...selecting.sel.ids]}
              items={items}
              album={album}
              onSelectAll={() => selecting.setSel({ ids: new Set(items().map((i) => i.id)), anchor: null })}
              onDone={selecting.stop}
            />
          </Suspense>
        ) : (
          <BrowseBar
            months={months}
            current={monthAt(rows, first?.index ?? 0)}
            onJump={jump}
            onSelect={selecting.start}
          />
        )}
      </div>
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
              <RowView
                row={row}
                columns={columns}
                filter={filter}
                actions={actions}
                thumbs={!flinging && v.end > shownFrom && v.start < shownTo}
                cellPx={cellPx}
              />
            </div>
          );
        })}
      </div>
      {open !== null && (
        <Suspense fallback={null}>
          <Viewer id={open} items={items} album={album} onClose={() => setOpen(null)} onMove={setOpen} />
        </Suspense>
      )}
    </div>
  );
}
