import type { DriveBackend } from '../types';
import { alipanFinder } from './alipan-find';
import type { DriveFinder } from './finder-types';
import { panFinder } from './pan-find';

export type { DriveFinder, DriveOrder, SearchHit, SearchPage } from './finder-types';

export function finderFor(backend: Pick<DriveBackend, 'variant'>): DriveFinder {
  return backend.variant === 'alipan' ? alipanFinder : panFinder;
}
