import { Code, DRIVE_TOKEN_TTL_MINUTES, DriveCode, DriveHttp, DriveMsg } from '@phonecloud/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppDeps, SessionInfo } from '../../../http/context.js';
import { AppError } from '../../../http/errors.js';
import { currentSession, requireVerified } from '../../../http/guards.js';
import { cookieOptions } from '../../../http/session.js';
import type { DriveService } from '../service.js';

/** What the preHandlers need of a drive: to open it for the caller (the face's Drive or the service). */
type Opener = Pick<DriveService, 'open'>;

import { signToken, verifyToken } from './tokens.js';

/** Who a drive token speaks for: the user and the portal session it was issued to. */
export interface DriveClaims {
  u: number;
  s: string;
}

export const YUN_COOKIE = 'pc_yun';
const TTL_MS = DRIVE_TOKEN_TTL_MINUTES * 60_000;

const drivers = new WeakMap<FastifyRequest, number>();
const driverSessions = new WeakMap<FastifyRequest, string>();
/** The portal session (its stored id) the request's drive token was issued to. */
export function driveSession(req: FastifyRequest): string {
  const id = driverSessions.get(req);
  if (id === undefined) throw new AppError(Code.NOT_LOGGED_IN);
  return id;
}
/** The drive owner a preHandler of this module authenticated. */
export function driveUser(req: FastifyRequest): number {
  const id = drivers.get(req);
  if (id === undefined) throw new AppError(Code.NOT_LOGGED_IN);
  return id;
}

/**
 * Tokens live no longer than the second verification they stand on: once that lapses, a refresh
 * answers 6001 and the client goes through the gate again.
 */
export function tokenExpiry(deps: AppDeps, session: SessionInfo): number {
  const now = deps.clock.now();
  const verifiedUntil = (session.verifiedMainAt ?? now) + deps.config.verifyTtlMinutes * 60_000;
  return Math.min(now + TTL_MS, verifiedUntil);
}

export function issueClaims(deps: AppDeps, session: SessionInfo, purpose: 'drive' | 'yun' | 'upload') {
  const exp = tokenExpiry(deps, session);
  return {
    token: signToken<DriveClaims>(
      deps.config.sessionSecret,
      purpose,
      { u: session.userId, s: session.id },
      exp,
    ),
    exp,
  };
}

/** The portal session a token names is still open (a sign-out ends its drive tokens too). */
export async function sessionAlive(deps: AppDeps, claims: DriveClaims): Promise<boolean> {
  const row = await deps.db
    .selectFrom('sessions')
    .select(['user_id', 'expires_at'])
    .where('id', '=', claims.s)
    .executeTakeFirst();
  return row !== undefined && row.user_id === claims.u && row.expires_at > deps.clock.now();
}

/** v2: `Authorization: Bearer <drive token>`; any failure is 2003 so the client refreshes once. */
export function bearerAuth(deps: AppDeps, drive: Opener): preHandlerAsyncHookHandler {
  return async (req) => {
    const header = req.headers.authorization ?? '';
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    const v = verifyToken<DriveClaims>(deps.config.sessionSecret, 'drive', token, deps.clock.now());
    if (!v.ok || !(await sessionAlive(deps, v.payload))) {
      throw new AppError(DriveCode.TOKEN_EXPIRED, DriveMsg.TOKEN_EXPIRED);
    }
    drivers.set(req, v.payload.u);
    driverSessions.set(req, v.payload.s);
    await drive.open(v.payload.u);
  };
}

function refresh(reply: FastifyReply) {
  return reply.status(DriveHttp.REFRESH).send({ code: DriveHttp.REFRESH, message: DriveMsg.TOKEN_EXPIRED });
}

/**
 * v1: the portal cookie session, the second verification (6001), then the drive session cookie
 * of `/user/refreshYun.do`, bound to that portal session; without it, HTTP 401.
 */
export function yunAuth(deps: AppDeps, drive: Opener): preHandlerAsyncHookHandler {
  const gate = requireVerified(deps, 'main');
  return async function (this: FastifyInstance, req, reply) {
    await gate.call(this, req, reply);
    const session = currentSession(req);
    const v = verifyToken<DriveClaims>(
      deps.config.sessionSecret,
      'yun',
      req.cookies[YUN_COOKIE],
      deps.clock.now(),
    );
    if (!v.ok || v.payload.u !== session.userId || v.payload.s !== session.id) return refresh(reply);
    drivers.set(req, session.userId);
    await drive.open(session.userId);
  };
}

export function setYunCookie(deps: AppDeps, req: FastifyRequest, reply: FastifyReply, session: SessionInfo) {
  const { token, exp } = issueClaims(deps, session, 'yun');
  reply.setCookie(YUN_COOKIE, token, {
    ...cookieOptions(req, true),
    maxAge: Math.floor((exp - deps.clock.now()) / 1000),
  });
  return exp;
}

/** Upload host: the `token` query parameter of files/uploadUrl (it may be another origin: no cookies). */
export function uploadTokenAuth(deps: AppDeps, drive: Opener): preHandlerAsyncHookHandler {
  return async (req, reply) => {
    const token = (req.query as { token?: unknown } | undefined)?.token;
    const v = verifyToken<DriveClaims>(
      deps.config.sessionSecret,
      'upload',
      typeof token === 'string' ? token : undefined,
      deps.clock.now(),
    );
    if (!v.ok || !(await sessionAlive(deps, v.payload))) return refresh(reply);
    drivers.set(req, v.payload.u);
    await drive.open(v.payload.u);
  };
}
