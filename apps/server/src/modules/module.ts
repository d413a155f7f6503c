import type { ServiceIdValue } from '@phonecloud/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../http/context.js';

export interface Usage {
  /** 'backup' for synced data sets (contacts, messages, notes...), 'drive' for drive files. */
  kind: 'backup' | 'drive';
  bytes: number;
}

/** One area of the server. app.ts lists them; the home area reads what they declare. */
export interface AppModule {
  name: string;
  /** The navigation id this area serves; only served ids reach `data.member`. */
  serviceId?: ServiceIdValue;
  routes(app: FastifyInstance, deps: AppDeps): Promise<void>;
  /** Space the user's data of this area takes. */
  usage?(deps: AppDeps, userId: number): Promise<Usage>;
  /**
   * True while this area still uses a stored blob. Blobs are shared by content across areas
   * (an avatar and a drive file can be the same bytes), so the collector asks every area.
   */
  holdsBlob?(deps: AppDeps, key: string): Promise<boolean>;
  /** Gives the demo account data of this area on first start. */
  seedDemo?(deps: AppDeps, userId: number): Promise<void>;
}
