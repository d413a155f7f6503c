import { ArrowLeftOutlined, DownloadOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { foldDriveName } from '@phonecloud/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Empty, Spin, Tooltip } from 'antd';
import { useMemo } from 'react';
import { Highlight } from '../../../components/Highlight';
import { FileIcon } from '../listing/FileIcon';
import { formatTime } from '../time';
import type { DriveBackend } from '../types';
import { finderFor, type SearchHit } from './finder';
import { FindText } from './texts';

interface Props {
  backend: DriveBackend;
  query: string;
  onBack(): void;
  /** Opens the folder a hit is in (a folder hit: the folder itself). */
  onJump(hit: SearchHit, into: boolean): void;
  onDownload(hit: SearchHit): void;
}

/** Hits of a name search over the whole drive, a page at a time, each with the folder it is in. */
export function SearchResults({ backend, query, onBack, onJump, onDownload }: Props) {
  const finder = finderFor(backend);
  const search = useInfiniteQuery({
    queryKey: ['drive', backend.variant, 'search', query],
    queryFn: async ({ pageParam }) => {
      await backend.prepare();
      return finder.search(query, pageParam);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
  const hits = useMemo(() => search.data?.pages.flatMap((p) => p.hits) ?? [], [search.data]);
  const folded = foldDriveName(query);

  return (
    <section className="drive-search" aria-label={FindText.results(query)}>
      <header className="drive-search__head">
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label={FindText.BACK}>
          <span className="drive-search__back">{FindText.BACK}</span>
        </Button>
        <span className="drive-search__title">{FindText.results(query)}</span>
      </header>
      <div className="drive-search__body">
        {search.isPending ? (
          <Spin className="drive-list__spin" />
        ) : hits.length === 0 ? (
          <Empty
            className="drive-list__empty"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={FindText.NO_HITS}
          />
        ) : (
          <ul className="drive-search__list">
            {hits.map((hit) => (
              <li key={hit.id} className="drive-hit" data-name={hit.name}>
                <span className="drive-hit__icon">
                  {hit.thumbnail ? (
                    <img src={hit.thumbnail} alt="" loading="lazy" className="drive-hit__thumb" />
                  ) : (
                    <FileIcon name={hit.name} folder={hit.type === 'folder'} />
                  )}
                </span>
                <span className="drive-hit__main">
                  <button
                    type="button"
                    className="drive-name drive-name--link drive-hit__name"
                    title={hit.name}
                    onClick={() => onJump(hit, hit.type === 'folder')}
                  >
                    <Highlight text={hit.name} query={folded} />
                  </button>
                  <span className="drive-hit__meta">
                    {FindText.LOCATION}：
                    <button
                      type="button"
                      className="drive-hit__where"
                      aria-label={FindText.jumpTo(hit.folderPath)}
                      onClick={() => onJump(hit, false)}
                    >
                      {hit.folderPath === '/' ? FindText.ROOT : `${FindText.ROOT}${hit.folderPath}`}
                    </button>
                    <span className="drive-hit__time">
                      {hit.type === 'file' ? `${backend.formatSize(hit.size)} · ` : ''}
                      {formatTime(hit.mtime)}
                    </span>
                  </span>
                </span>
                <span className="drive-hit__actions">
                  <Tooltip title={FindText.jumpTo(hit.folderPath)}>
                    <Button
                      type="text"
                      icon={<FolderOpenOutlined />}
                      aria-label={FindText.jumpTo(hit.folderPath)}
                      onClick={() => onJump(hit, false)}
                    />
                  </Tooltip>
                  {hit.type === 'file' ? (
                    <Button
                      type="text"
                      icon={<DownloadOutlined />}
                      aria-label={`下载${hit.name}`}
                      onClick={() => onDownload(hit)}
                    />
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
        {search.hasNextPage ? (
          <div className="drive-search__more">
            <Button loading={search.isFetchingNextPage} onClick={() => void search.fetchNextPage()}>
              {FindText.MORE}
            </Button>
          </div>
        ) : null}
      </div>
      <div className="drive-list__foot">
        {search.isPending ? '' : FindText.hitCount(hits.length, search.hasNextPage)}
      </div>
    </section>
  );
}
