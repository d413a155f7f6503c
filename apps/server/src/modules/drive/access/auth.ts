import { Code, DRIVE_TOKEN_TTL_MINUTES, DriveCode, DriveHttp, DriveMsg } from '@phonecloud/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnyAuthenticator, Authenticator, CallerKind, CallerOf } from '../../../http/caller.js';
import type { AppDeps, SessionInfo } from '../../../http/context.js';
import { AppError } from '../../../http/errors.js';
import { checkVerified } from '../../../http/guards.js';
import { cookieOptions } from '../../../http/session.js';
import { bearerToken } from '../../../lib/credentials/authorization.js';
import type { DriveService } from '../service.js';
import { signToken, verifyToken } from './tokens.js';

/** Who a drive token speaks for: the user and the portal session it was issued to. */
export interface DriveClaims {
  u: number;
  s: string;
}

export const YUN_COOKIE = 'pc_yun';
const TTL_MS = DRIVE_TOKEN_TTL_MINUTES * 60_000;

type DriveKind = 'drive' | 'drive-v1' | 'drive-upload';
const DRIVE_KINDS: readonly CallerKind[] = ['drive', 'drive-v1', 'drive-upload'];

function driveCaller(req: FastifyRequest): CallerOf<DriveKind> {
  const caller = req.caller;
  if (!DRIVE_KINDS.includes(caller?.kind)) throw new AppError(Code.NOT_LOGGED_IN);
  return caller as CallerOf<DriveKind>;
}
/** The portal session (its stored id) the request's drive token was issued to. */
export const driveSession = (req: FastifyRequest): string => driveCaller(req).sessionId;
/** The drive owner calling (a route of this module accepts only drive callers). */
export const driveUser = (req: FastifyRequest): number => driveCaller(req).userId;

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

export function setYunCookie(deps: AppDeps, req: FastifyRequest, reply: FastifyReply, session: SessionInfo) {
  const { token, exp } = issueClaims(deps, session, 'yun');
  reply.setCookie(YUN_COOKIE, token, {
    ...cookieOptions(req, true),
    maxAge: Math.floor((exp - deps.clock.now()) / 1000),
  });
  return exp;
}

/** HTTP 401 `{code: 401}`: the v1 client calls `refreshYun.do` (or files/uploadUrl) and retries. */
function refresh(reply: FastifyReply) {
  return reply.status(DriveHttp.REFRESH).send({ code: DriveHttp.REFRESH, message: DriveMsg.TOKEN_EXPIRED });
}

/**
 * The drive's callers; each opens the drive on the way in (its root folder exists from then on).
 * - v2 `drive`: `Authorization: Bearer <drive token>`; any failure is 2003 so the client refreshes once.
 * - v1 `drive-v1`: the portal cookie session (2002), the second verification (6001), then the drive
 *   cookie of `/user/refreshYun.do`, bound to that session; without it, HTTP 401.
 * - upload host `drive-upload`: the `token` query parameter of files/uploadUrl (it may be another
 *   origin: no cookies); without it, HTTP 401.
 */
export function driveAuthenticators(deps: AppDeps, drive: DriveService): AnyAuthenticator[] {
  const secret = deps.config.sessionSecret;
  const bearer: Authenticator<'drive'> = {
    kind: 'drive',
    async resolve(req) {
      const v = verifyToken<DriveClaims>(
        secret,
        'drive',
        bearerToken(req.headers.authorization),
        deps.clock.now(),
      );
      if (!v.ok || !(await sessionAlive(deps, v.payload))) return null;
      await drive.open(v.payload.u);
      return { kind: 'drive', userId: v.payload.u, sessionId: v.payload.s };
    },
    refuse() {
      throw new AppError(DriveCode.TOKEN_EXPIRED, DriveMsg.TOKEN_EXPIRED);
    },
  };
  const v1: Authenticator<'drive-v1'> = {
    kind: 'drive-v1',
    cookie: true,
    async resolve(req) {
      const session = req.session;
      if (!session) return null;
      checkVerified(deps, session, 'main');
      const v = verifyToken<DriveClaims>(secret, 'yun', req.cookies[YUN_COOKIE], deps.clock.now());
      if (!v.ok || v.payload.u !== session.userId || v.payload.s !== session.id) return refresh;
      await drive.open(session.userId);
      return { kind: 'drive-v1', userId: session.userId, sessionId: session.id };
    },
    refuse() {
      throw new AppError(Code.NOT_LOGGED_IN);
    },
  };
  const upload: Authenticator<'drive-upload'> = {
    kind: 'drive-upload',
    async resolve(req) {
      const token = (req.query as { token?: unknown } | undefined)?.token;
      const v = verifyToken<DriveClaims>(secret, 'upload', token, deps.clock.now());
      if (!v.ok || !(await sessionAlive(deps, v.payload))) return null;
      await drive.open(v.payload.u);
      return { kind: 'drive-upload', userId: v.payload.u, sessionId: v.payload.s };
    },
    refuse: (_req, reply) => refresh(reply),
  };
  return [bearer, v1, upload];
}
