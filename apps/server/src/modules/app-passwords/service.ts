import { randomInt } from 'node:crypto';
import {
  APP_PASSWORD_GROUP,
  APP_PASSWORD_LAST_USE_SECONDS,
  APP_PASSWORD_LENGTH,
  APP_PASSWORD_MAX_PER_ACCOUNT,
  APP_PASSWORD_NAME_MAX,
  type AppPasswordCreated,
  type AppPasswordItem,
  AppPasswordMsg,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
} from '@phonecloud/shared';
import { RateLimiter } from '../../db/rate-limit.js';
import type { AppDeps } from '../../http/context.js';
import { invalid } from '../../http/errors.js';
import { hmacHex } from '../../lib/crypto.js';
import { describeAgent } from '../../lib/user-agent.js';
import { normalizeLogin, Users } from '../users/index.js';
import { type AppPasswordRow, AppPasswordsRepo } from './repo.js';

/** 32 signs (5 bits each), without 0/o and 1/l: a secret typed by hand is read back as written. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const FAILURE_WINDOW_MS = LOGIN_FAILURE_WINDOW_MINUTES * 60_000;
const LAST_USE_MS = APP_PASSWORD_LAST_USE_SECONDS * 1000;

/**
 * Who a DAV request speaks for.
 * @package
 */
export interface DavIdentity {
  userId: number;
  username: string;
  appPasswordId: number;
}

/** @package */
export type DavCheck =
  | { ok: true; identity: DavIdentity }
  | { ok: false; throttled: false }
  | { ok: false; throttled: true; retryAfterSeconds: number };

function toItem(row: AppPasswordRow): AppPasswordItem {
  return {
    id: Number(row.id),
    name: row.name,
    created_at: Number(row.created_at),
    last_used_at: row.last_used_at === null ? 0 : Number(row.last_used_at),
    last_ip: row.last_ip ?? '',
    last_client: row.last_client ?? '',
  };
}

/**
 * The secret as typed: case, spaces and dashes do not matter.
 * @package
 */
export function normalizeSecret(typed: string): string {
  return typed.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * App passwords: random secrets of 100 bits, shown once, stored as HMAC-SHA256 under the server
 * secret (a slow password hash buys nothing against a secret nobody chose, and every DAV request
 * checks one), checked for DAV clients with the login's failure limits.
 * @package
 */
export class AppPasswordsService {
  readonly repo: AppPasswordsRepo;
  private readonly users: Users;
  private readonly limiter: RateLimiter;

  constructor(private readonly deps: AppDeps) {
    this.repo = new AppPasswordsRepo(deps.db);
    this.users = new Users(deps.db);
    this.limiter = new RateLimiter(deps.db);
  }

  private hash(userId: number, secret: string): string {
    return hmacHex(this.deps.config.sessionSecret, `app-password:${userId}:${secret}`);
  }

  async list(userId: number): Promise<AppPasswordItem[]> {
    return (await this.repo.list(userId)).map(toItem);
  }

  async create(userId: number, rawName: string): Promise<AppPasswordCreated> {
    const name = rawName.trim();
    if (!name) throw invalid(AppPasswordMsg.NAME_EMPTY);
    if ([...name].length > APP_PASSWORD_NAME_MAX) throw invalid(AppPasswordMsg.NAME_TOO_LONG);
    if ((await this.repo.count(userId)) >= APP_PASSWORD_MAX_PER_ACCOUNT) {
      throw invalid(AppPasswordMsg.TOO_MANY);
    }
    let secret = '';
    for (let i = 0; i < APP_PASSWORD_LENGTH; i++) secret += ALPHABET[randomInt(ALPHABET.length)];
    const row = await this.repo.create(userId, name, this.hash(userId, secret), this.deps.clock.now());
    const groups = secret.match(new RegExp(`.{1,${APP_PASSWORD_GROUP}}`, 'g')) ?? [secret];
    return { item: toItem(row), password: groups.join('-') };
  }

  async revoke(userId: number, id: number): Promise<void> {
    if (!(await this.repo.revoke(userId, id))) throw invalid(AppPasswordMsg.GONE);
  }

  /**
   * Checks a DAV client's user name (the account's login name, or its bound phone or e-mail, as
   * the login takes them) and app password. Failures count per client address (the login's
   * per-address limit) and per address and account (the login's per-account limit): past either,
   * that address is refused until the window has passed, while the owner elsewhere is not locked
   * out by a stranger who knows the user name. A right password is refused too while throttled.
   */
  async check(login: string, password: string, ip: string, userAgent: string): Promise<DavCheck> {
    const now = this.deps.clock.now();
    const name = normalizeLogin(login);
    const user = name ? await this.users.byLogin(name) : undefined;
    const ipKey = `dav:ip:${ip}`;
    const pairKey = user ? `dav:ip:${ip}:u:${user.id}` : `dav:ip:${ip}:n:${name.toLowerCase()}`;
    const counters = await this.deps.db
      .selectFrom('rate_limits')
      .select(['key', 'count', 'window_start'])
      .where('key', 'in', [ipKey, pairKey])
      .execute();
    let pairFailures = 0;
    let blockedUntil = 0;
    for (const c of counters) {
      const start = Number(c.window_start);
      if (now - start >= FAILURE_WINDOW_MS) continue;
      const limit = c.key === ipKey ? LOGIN_MAX_FAILURES_PER_ADDRESS : LOGIN_MAX_FAILURES_PER_ACCOUNT;
      if (c.key === pairKey) pairFailures = Number(c.count);
      if (Number(c.count) >= limit) blockedUntil = Math.max(blockedUntil, start + FAILURE_WINDOW_MS);
    }
    if (blockedUntil > now) {
      return { ok: false, throttled: true, retryAfterSeconds: Math.ceil((blockedUntil - now) / 1000) };
    }
    const secret = normalizeSecret(password);
    const hash = this.hash(user ? Number(user.id) : 0, secret);
    const row =
      user && secret.length === APP_PASSWORD_LENGTH
        ? await this.repo.byHash(Number(user.id), hash)
        : undefined;
    if (!user || !row) {
      await this.limiter.hit(ipKey, FAILURE_WINDOW_MS, now);
      await this.limiter.hit(pairKey, FAILURE_WINDOW_MS, now);
      return { ok: false, throttled: false };
    }
    if (pairFailures > 0) await this.limiter.reset(pairKey);
    const client = describeAgent(userAgent).slice(0, 80);
    const last = row.last_used_at === null ? 0 : Number(row.last_used_at);
    if (now - last >= LAST_USE_MS || row.last_ip !== ip || row.last_client !== client) {
      await this.repo.touch(Number(user.id), Number(row.id), now, ip, client);
    }
    return {
      ok: true,
      identity: { userId: Number(user.id), username: user.username, appPasswordId: Number(row.id) },
    };
  }
}
