import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import type { AppEvents } from '../lib/app-events.js';
import type { Clock } from '../lib/clock.js';
import type { Messenger } from '../lib/messenger.js';
import type { BlobStore } from '../storage/index.js';

/** What every module gets: built once in app.ts, no module keeps state of its own. */
export interface AppDeps {
  db: Db;
  config: Config;
  clock: Clock;
  messenger: Messenger;
  blobs: BlobStore;
  /** What the areas tell each other without importing one another (AppModule's `on`). */
  events: AppEvents;
}

export interface SessionInfo {
  /** SHA-256 of the cookie value, the row's key. */
  id: string;
  userId: number;
  verifiedMainAt: number | null;
  verifiedFinderAt: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The browser's cookie session, read on every request because the CSRF token is bound to it;
     * routes read who is calling from `req.caller` (caller.ts).
     */
    session: SessionInfo | null;
  }
}
