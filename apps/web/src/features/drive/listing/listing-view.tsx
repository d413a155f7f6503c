import { DriveMsg } from '@phonecloud/shared';
import { Button, Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { DriveText } from '../texts';
import type { DriveItem } from '../types';

export interface RowActions {
  open(item: DriveItem): void;
  /** A file opens in the viewer (no download). */
  preview(item: DriveItem): void;
  download(item: DriveItem): void;
  rename(item: DriveItem): void;
  /** Opens the share dialog for this item (分享). */
  share?(item: DriveItem): void;
  remove(item: DriveItem): void;
}

/** What the folder's two views (the list and the grid of tiles) are given. */
export interface ListingProps {
  items: readonly DriveItem[];
  loading: boolean;
  complete: boolean;
  /** The listing failed (its toast has been shown): offer to try again. */
  failed: boolean;
  onRetry(): void;
  atRoot: boolean;
  selected: ReadonlySet<string>;
  onSelect(next: Set<string>): void;
  actions: RowActions;
  formatSize(bytes: number): string;
}

/**
 * What either view shows instead of its items: the failure with a retry, the first page
 * loading, or the empty folder (the root says so in its own words); null when there are items.
 */
export function listingState({
  items,
  loading,
  complete,
  failed,
  onRetry,
  atRoot,
}: Pick<ListingProps, 'items' | 'loading' | 'complete' | 'failed' | 'onRetry' | 'atRoot'>): ReactNode {
  if (failed && items.length === 0)
    return (
      <Empty
        className="drive-list__empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={DriveText.LIST_FAILED}
      >
        <Button onClick={onRetry}>{DriveText.RETRY}</Button>
      </Empty>
    );
  if (loading) return <Spin className="drive-list__spin" />;
  if (complete && items.length === 0)
    return (
      <Empty
        className="drive-list__empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={atRoot ? DriveMsg.EMPTY_NO_FILES : DriveMsg.EMPTY_FOLDER}
      />
    );
  return null;
}

/** The selection with one item added or taken out. */
export function toggled(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
