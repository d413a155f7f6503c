import { CloseOutlined, DownloadOutlined } from '@ant-design/icons';
import { PHOTO_ZIP_MAX, type PhotoItem, type PhotoPlace } from '@phonecloud/shared';
import type { PhotoFilter } from '@phonecloud/shared/api';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { downloadThroughFrame } from '../../../components/download-frame';
import { toast } from '../../../components/toast';
import { filterKey, photoCalls, placeCalls, thumbUrl } from '../photo-calls';
import { cellBox, placeTitle } from './cells';

const ZIP_FAILED = '下载失败，请重试';

/**
 * A place's photos (those of the map's search): the timeline inside its grid cell's box, newest
 * first, page after page;
 * 打包下载 downloads the loaded ones' originals as one zip.
 */
export function PlacePanel({
  place,
  cell,
  filter,
  onClose,
  onOpen,
}: {
  place: PhotoPlace;
  cell: number;
  /** The search the map shows (none: every photo). */
  filter: PhotoFilter;
  onClose: () => void;
  onOpen: (items: PhotoItem[], index: number) => void;
}) {
  const bbox = cellBox(place, cell);
  const pages = useInfiniteQuery({
    queryKey: ['photo', 'place-items', bbox, filterKey(filter)],
    queryFn: ({ pageParam }) => placeCalls.inBox(bbox, pageParam, filter),
    initialPageParam: '',
    getNextPageParam: (last) => last.next || undefined,
  });
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const zip = useMutation({
    mutationFn: () => photoCalls.zipUrl(items.slice(0, PHOTO_ZIP_MAX).map((i) => i.id)),
    onSuccess: (url) => downloadThroughFrame(url, ZIP_FAILED, (text) => toast.error(text)),
  });
  const title = placeTitle(place);
  return (
    <aside className="photo-map__panel" aria-label={title}>
      <header className="photo-map__panel-head">
        <h2 className="photo-map__panel-title">{title}</h2>
        <span className="photo-map__panel-count">{place.count} 项</span>
        <Button
          size="small"
          icon={<DownloadOutlined />}
          disabled={items.length === 0}
          loading={zip.isPending}
          onClick={() => zip.mutate()}
        >
          打包下载
        </Button>
        <Button size="small" type="text" icon={<CloseOutlined />} aria-label="关闭" onClick={onClose} />
      </header>
      {pages.isPending && <p className="photo-map__panel-note">加载中…</p>}
      <ul className="photo-map__grid">
        {items.map((item, i) => (
          <li key={item.id}>
            <button type="button" onClick={() => onOpen(items, i)} aria-label={item.name}>
              <img src={thumbUrl(item.id)} alt="" loading="lazy" decoding="async" />
            </button>
          </li>
        ))}
      </ul>
      {pages.hasNextPage && (
        <Button block loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          加载更多
        </Button>
      )}
    </aside>
  );
}
