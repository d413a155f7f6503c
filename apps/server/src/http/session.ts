import { Code, SESSION_COOKIE, SESSION_IDLE_DAYS, SESSION_MAX_DAYS } from '@phonecloud/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/index.js';
import { randomToken, sha256Hex } from '../lib/crypto.js';
import type { Authenticator } from './caller.js';
import type { AppDeps, SessionInfo } from './context.js';
import { AppError } from './errors.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const IDLE_MS = SESSION_IDLE_DAYS * DAY_MS;
const MAX_MS = SESSION_MAX_DAYS * DAY_MS;
// Sliding expiry is written at most this often, so reads stay reads.
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export function isSecureRequest(req: FastifyRequest): boolean {
  return req.protocol === 'https';
}

export function cookieOptions(req: FastifyRequest, httpOnly: boolean) {
  return {
    path: '/',
    httpOnly,
    sameSite: 'lax' as const,
    secure: isSecureRequest(req),
  };
}

/** Opens a session for a user: a new random id, so a fixed pre-login id is never promoted. */
export async function startSession(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<SessionInfo> {
  const token = randomToken();
  const id = sha256Hex(token);
  const now = deps.clock.now();
  await deps.db
    .insertInto('sessions')
    .values({
      id,
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      expires_at: now + IDLE_MS,
      verified_main_at: null,
      verified_finder_at: null,
      ip: req.ip,
      user_agent: String(req.headers['user-agent'] ?? '').slice(0, 255),
    })
    .execute();
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(req, true), maxAge: IDLE_MS / 1000 });
  const session = { id, userId, verifiedMainAt: null, verifiedFinderAt: null };
  req.session = session;
  return session;
}

export async function endSession(deps: AppDeps, req: FastifyRequest, reply: FastifyReply) {
  if (req.session) {
    await deps.db.deleteFrom('sessions').where('id', '=', req.session.id).execute();
  }
  req.session = null;
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Loads the session named by the cookie on every request (null when absent or expired). */
export const sessionPlugin = fp(async (app: FastifyInstance, deps: AppDeps) => {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (req) => {
    const token = req.cookies[SESSION_COOKIE];
    if (!token) return;
    const id = sha256Hex(token);
    const now = deps.clock.now();
    const row = await deps.db
      .selectFrom('sessions')
      .select([
        'id',
        'user_id',
        'created_at',
        'last_seen_at',
        'expires_at',
        'verified_main_at',
        'verified_finder_at',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || row.expires_at <= now) return;
    if (now - row.last_seen_at > TOUCH_EVERY_MS) {
      await deps.db
        .updateTable('sessions')
        // Use keeps a session going for 30 more days, but never past 90 days from its sign-in.
        .set({ last_seen_at: now, expires_at: Math.min(now + IDLE_MS, row.created_at + MAX_MS) })
        .where('id', '=', id)
        .execute();
    }
    req.session = {
      id: row.id,
      userId: row.user_id,
      verifiedMainAt: row.verified_main_at,
      verifiedFinderAt: row.verified_finder_at,
    };
  });
});

/** Ends every session of the account but one (a password change, "sign out elsewhere"). */
export async function endOtherSessions(db: Db, userId: number, keepId: string): Promise<number> {
  const res = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** The signed-in browser: the session the cookie names (loaded above); 2002 without one. */
export const sessionAuthenticator: Authenticator<'session'> = {
  kind: 'session',
  cookie: true,
  async resolve(req) {
    return req.session ? { kind: 'session', userId: req.session.userId, session: req.session } : null;
  },
  refuse() {
    throw new AppError(Code.NOT_LOGGED_IN);
  },
};
