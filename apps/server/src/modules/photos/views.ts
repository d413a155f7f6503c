import type { PhotoDetail, PhotoItem } from '@phonecloud/shared';
import { type Cursor, Kind, MetaState, type PhotoRow } from './repo.js';

function offsetText(minutes: number | null): string | null {
  if (minutes === null) return null;
  const sign = minutes < 0 ? '-' : '+';
  const m = Math.abs(minutes);
  return `${sign}${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/**
 * A row as the timeline shows it; `damaged` when the store check found its original changed.
 * @package
 */
export function itemView(r: PhotoRow, damaged = false): PhotoItem {
  const item: PhotoItem = {
    id: r.id,
    kind: r.kind === Kind.VIDEO ? 'video' : 'image',
    name: r.name,
    size: r.size,
    taken: new Date(r.taken_at).toISOString().slice(0, 19),
    offset: offsetText(r.tz_offset),
    width: r.width,
    height: r.height,
    duration_ms: r.duration_ms,
    favourite: r.favourite === 1,
    live_video_id: r.live_role === 1 ? r.live_pair_id : null,
    ready: r.meta_state !== MetaState.PENDING,
  };
  if (r.trashed_at !== null) item.trashed_at = r.trashed_at;
  if (damaged) item.damaged = true;
  return item;
}

/** @package */
export function detailView(r: PhotoRow, albums: number[], damaged = false): PhotoDetail {
  return {
    ...itemView(r, damaged),
    make: r.make,
    model: r.model,
    lens: r.lens,
    latitude: r.latitude,
    longitude: r.longitude,
    place: r.place,
    orientation: r.orientation,
    mime: r.mime,
    time_source: r.time_source === 1 ? 'exif' : 'file',
    albums,
    created_at: r.created_at,
  };
}

/** @package */
export function encodeCursor(c: Cursor): string {
  return `${c.taken_at}.${c.id}`;
}

/** The cursor a page answered, or null when it is not one (a bad cursor starts from the top). */
export function decodeCursor(text: string | undefined): Cursor | null {
  const m = text ? /^(-?\d{1,16})\.(\d{1,16})$/.exec(text) : null;
  if (!m) return null;
  return { taken_at: Number(m[1]), id: Number(m[2]) };
}
