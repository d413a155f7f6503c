import type { ServiceIdValue } from '@phonecloud/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AnyAuthenticator } from '../http/caller.js';
import type { AppDeps } from '../http/context.js';
import type { AppEventMap } from '../lib/app-events.js';
import type { DavSlot } from './dav-collection.js';
import type { SyncAdapter } from './sync-adapter.js';
import type { TakeoutPart } from './takeout-part.js';

export interface Usage {
  /** 'backup' for synced data sets (contacts, messages, notes...), 'drive' for drive files. */
  kind: 'backup' | 'drive';
  bytes: number;
}

/**
 * One area of the server. app.ts lists them; the home area reads what they declare, and the
 * shared machinery (phone sync, CardDAV/CalDAV) serves the adapters they register in its slots.
 */
/**
 * An area's listeners to the server's events (`lib/app-events.ts`): each runs after the change it
 * is told of is committed, off the request that made it, and must only start its work (queue it).
 */
export type AppListeners = {
  [K in keyof AppEventMap]?: (deps: AppDeps, payload: AppEventMap[K], log: FastifyBaseLogger) => void;
};

export interface AppModule {
  name: string;
  /** The navigation id this area serves; only served ids reach `data.member`. */
  serviceId?: ServiceIdValue;
  routes(app: FastifyInstance, deps: AppDeps): Promise<void>;
  /** How the credentials this area issues are read: routes name their kinds in `accept` (docs/callers.md). */
  authenticators?(deps: AppDeps): AnyAuthenticator[];
  /** Space the user's data of this area takes. */
  usage?(deps: AppDeps, userId: number): Promise<Usage>;
  /**
   * Removes what this area lets expire (run every 10 minutes); dropping a row that points at a
   * blob drops its reference, and the platform removes unreferenced blobs after every area ran.
   */
  housekeeping?(deps: AppDeps, log?: FastifyBaseLogger): Promise<void>;
  /**
   * Drops the blob references the user's rows of this area hold, inside the transaction that
   * deletes the account (`deps.db` is that transaction); the rows themselves go by cascade.
   */
  releaseUser?(deps: AppDeps, userId: number, now: number): Promise<void>;
  /**
   * Readies what a first request would otherwise wait for (threads, compiled code, the write
   * path's queries); before listen. Whatever it writes it must roll back, and it must be safe
   * with several instances starting at once on one database.
   */
  warmUp?(deps: AppDeps, log?: FastifyBaseLogger): Promise<void>;
  /** Gives the demo account data of this area on first start. */
  seedDemo?(deps: AppDeps, userId: number): Promise<void>;
  /** The area's phone-sync adapter (docs/sync.md): the sync module serves it. */
  sync?: SyncAdapter;
  /** The area's CardDAV or CalDAV collection (docs/dav.md): the DAV module serves it. */
  dav?: DavSlot;
  /** The area's folder of 导出全部数据 (docs/takeout.md): the takeout module zips it. */
  takeout?: TakeoutPart;
  /** What the area does when another tells of a change (the drive's landed items...): app.ts subscribes it. */
  on?: AppListeners;
}
