import type { DrivePrefs, DriveSort, DriveSortDir } from '@phonecloud/shared';
import type { DriveItem, ListPage } from '../types';

export interface DriveOrder {
  sort: DriveSort;
  dir: DriveSortDir;
}

/** A search hit: the item and the folder it is in. */
export interface SearchHit extends DriveItem {
  /** '/工作/合同', '/' for the root. */
  folderPath: string;
  /** Route chain of that folder, from the root id. */
  folderChain: string[];
}
export interface SearchPage {
  hits: SearchHit[];
  next: string | null;
}

/**
 * Find and arrange calls of one face (issue 16): the listing in an order, search, the remembered
 * arrangement, and a folder made for an upload (its id back). Kept beside `DriveBackend`, one per
 * variant, so the backends stay as they are.
 */
export interface DriveFinder {
  listPage(folderId: string, marker: string | null, order: DriveOrder): Promise<ListPage>;
  search(query: string, marker: string | null): Promise<SearchPage>;
  prefs(): Promise<DrivePrefs>;
  savePrefs(prefs: Partial<DrivePrefs>): Promise<DrivePrefs>;
  /** Creates a folder (the same name refused: -2003) and answers its id. */
  createFolder(parentId: string, name: string): Promise<string>;
}
