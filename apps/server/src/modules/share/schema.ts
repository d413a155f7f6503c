/**
 * The share tables (migration 015), added to the database's type here rather than in
 * db/schema.ts: the share area keeps its types beside its queries.
 */
export interface DriveSharesTable {
  user_id: number;
  public_id: string;
  code: string | null;
  title: string;
  expire_days: number;
  expires_at: number | null;
  created_at: number;
  cancelled_at: number | null;
  view_count: number;
  download_count: number;
}

export interface DriveShareItemsTable {
  user_id: number;
  public_id: string;
  item_id: number;
  position: number;
}

declare module '../../db/schema.js' {
  interface Database {
    drive_shares: DriveSharesTable;
    drive_share_items: DriveShareItemsTable;
  }
}
