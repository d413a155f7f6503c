import { servedTypeOf } from '@phonecloud/shared';
import type { Insertable } from 'kysely';
import type { PhotosTable } from '../../db/schema.js';
import { liveKey, monthOf } from './meta/reader.js';
import { Kind } from './repo.js';

/** What is known of a file before it is read: where it came from and the time it is first listed at. */
export interface NewPhoto {
  userId: number;
  sha256: string;
  size: number;
  name: string;
  kind: 'image' | 'video';
  /** Until the file's own time is read: the time its sender gave, as the camera's clock. */
  takenAt: number;
  tzOffset: number | null;
  /** The phone's device id, or the folder watch's mark. */
  source: string;
  createdAt: number;
}

/**
 * A photo's row before the metadata queue reads the file: its time, size, place and camera are
 * unknown (null) and no thumbnail is made yet.
 */
export function newPhotoRow(p: NewPhoto): Insertable<PhotosTable> {
  return {
    user_id: p.userId,
    sha256: p.sha256,
    size: p.size,
    name: p.name,
    kind: p.kind === 'video' ? Kind.VIDEO : Kind.IMAGE,
    mime: servedTypeOf(p.name),
    taken_at: p.takenAt,
    month: monthOf(p.takenAt),
    tz_offset: p.tzOffset,
    width: null,
    height: null,
    orientation: null,
    duration_ms: null,
    latitude: null,
    longitude: null,
    place: null,
    make: null,
    model: null,
    lens: null,
    live_key: liveKey(p.name),
    live_pair_id: null,
    thumb_key: null,
    thumb_large_key: null,
    source: p.source,
    created_at: p.createdAt,
    trashed_at: null,
  };
}
