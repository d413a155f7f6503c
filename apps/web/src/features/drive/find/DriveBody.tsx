import './find.css';
import type { DriveView } from '@phonecloud/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentProps, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { chainRoute } from '../listing/chain';
import { FileList } from '../listing/FileList';
import { driveKeys } from '../listing/use-folder-listing';
import type { DriveBackend } from '../types';
import { FileGrid } from './FileGrid';
import type { SearchHit } from './finder';
import { SearchResults } from './SearchResults';

type Props = ComponentProps<typeof FileList> & {
  backend: DriveBackend;
  view: DriveView;
  /** A search being shown instead of the folder ('' for none). */
  query: string;
  /** The search is left (back, or a jump to a hit's folder). */
  onQueryDone(): void;
};

/** The hit a jump went to: selected (so marked) once its folder's items are shown. */
let pendingFocus: string | null = null;

/** What the drive shows below the bars: search hits, the folder as tiles, or the folder as rows. */
export function DriveBody({ backend, view, query, onQueryDone, ...list }: Props) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { items, onSelect } = list;
  useEffect(() => {
    const id = pendingFocus;
    if (!id || query || !items.some((i) => i.id === id)) return;
    pendingFocus = null;
    // After the screen's own reset of the selection on a folder change (a parent's effect runs later).
    const t = setTimeout(() => onSelect(new Set([id])));
    return () => clearTimeout(t);
  }, [items, query, onSelect]);

  if (query) {
    const jump = (hit: SearchHit, into: boolean) => {
      // The breadcrumb names each folder of the chain without asking the server again.
      const names = hit.folderPath.split('/').filter((n) => n.length > 0);
      hit.folderChain.slice(1).forEach((id, i) => {
        const name = names[i];
        if (name !== undefined) queryClient.setQueryData(driveKeys.name(backend, id), name);
      });
      if (into) queryClient.setQueryData(driveKeys.name(backend, hit.id), hit.name);
      else pendingFocus = hit.id;
      onQueryDone();
      navigate(chainRoute(backend.variant, into ? [...hit.folderChain, hit.id] : hit.folderChain));
    };
    return (
      <SearchResults
        backend={backend}
        query={query}
        onBack={onQueryDone}
        onJump={jump}
        onDownload={(hit) => list.actions.download(hit)}
      />
    );
  }
  return view === 'grid' ? <FileGrid {...list} /> : <FileList {...list} />;
}
