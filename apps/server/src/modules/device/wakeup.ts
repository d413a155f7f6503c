import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { type Db, pgConnectionConfig } from '../../db/index.js';
import { CommandHub } from './hub.js';
import { LastSeen } from './last-seen.js';

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10_000;

/**
 * Wakes the phone a new command is for, wherever its poll is held. On SQLite (one instance)
 * the hub is woken in process. On PostgreSQL every instance keeps one dedicated connection
 * LISTENing on a channel of its schema; a command's NOTIFY reaches every instance, and each
 * wakes the phone if it holds its poll. The connection is re-opened when it drops, and then
 * every waiter re-reads the database, so a wake-up missed while it was down is not lost.
 * @package
 */
export class Wakeup {
  readonly hub = new CommandHub();
  readonly lastSeen: LastSeen;
  private client: pg.Client | null = null;
  private channel: string | null = null;
  private closed = false;
  private retryMs = RECONNECT_MIN_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private ready: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {
    this.lastSeen = new LastSeen(db, log);
  }

  private get pgConfig() {
    return pgConnectionConfig(this.db);
  }

  /** Opens the listening connection (PostgreSQL); nothing to do on SQLite. */
  start(): Promise<void> {
    if (!this.pgConfig) return Promise.resolve();
    this.ready ??= this.connect();
    return this.ready;
  }

  private async channelName(): Promise<string> {
    if (this.channel) return this.channel;
    // NOTIFY is database-wide: instances of another schema on the same server must not hear ours.
    const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(this.db);
    const schema = rows[0]?.s ?? 'public';
    this.channel = `find_cmd_${createHash('sha256').update(schema).digest('hex').slice(0, 16)}`;
    return this.channel;
  }

  private async connect(): Promise<void> {
    const config = this.pgConfig;
    if (!config || this.closed) return;
    const channel = await this.channelName();
    const client = new pg.Client(config);
    client.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload) this.hub.wake(msg.payload);
    });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.log.warn({ err }, 'find-my-phone wake-up connection lost; reconnecting');
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
    } catch (err) {
      client.removeAllListeners();
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.log.warn({ err }, 'find-my-phone wake-up connection failed; retrying');
      this.scheduleReconnect();
      return;
    }
    this.client = client;
    this.retryMs = RECONNECT_MIN_MS;
    // Commands may have arrived while no one listened.
    this.hub.wakeAll();
  }

  private scheduleReconnect() {
    if (this.retryTimer || this.closed) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, wait);
    this.retryTimer.unref();
  }

  /** Wakes the phone `key` on every instance. */
  async publish(db: Db, key: string): Promise<void> {
    if (!this.pgConfig) {
      this.hub.wake(key);
      return;
    }
    const channel = await this.channelName();
    await sql`select pg_notify(${channel}, ${key})`.execute(db);
  }

  /** Test hook and operator aid: drops the listening connection as a network fault would. */
  dropConnection(): void {
    this.client?.emit('error', new Error('connection dropped'));
  }

  get isClosed(): boolean {
    return this.closed;
  }

  get listening(): boolean {
    return this.client !== null;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const c = this.client;
    this.client = null;
    this.hub.wakeAll();
    await this.lastSeen.flush();
    await c?.end().catch(() => undefined);
  }
}

const instances = new WeakMap<Db, Wakeup>();

/**
 * The instance's one wake-up (one listener fans out to every poll): the phones' polls and
 * `Phones` (find-my-phone's commands) share it.
 * @package
 */
export function wakeupFor(db: Db, log: FastifyBaseLogger): Wakeup {
  let w = instances.get(db);
  if (!w) {
    w = new Wakeup(db, log);
    instances.set(db, w);
  }
  return w;
}
