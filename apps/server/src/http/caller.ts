import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionInfo } from './context.js';

/**
 * Who a request speaks for, by kind: the contract between the platform, which resolves the caller
 * once per request (caller-plugin.ts), and the modules that own each credential and register its
 * authenticator. docs/callers.md.
 */
export interface CallerKinds {
  /** The portal in a browser: the signed-in cookie session (session.ts). */
  session: { userId: number; session: SessionInfo };
  /** A phone of find-my-phone and sync: the device API's bearer device token. */
  device: { userId: number; deviceId: string };
  /** The drive's v2 face: a bearer drive token, bound to the portal session it was issued to. */
  drive: { userId: number; sessionId: string };
  /** The drive's v1 face: the cookie session, its second verification and the drive cookie. */
  'drive-v1': { userId: number; sessionId: string };
  /** The drive's upload host: the `token` query parameter (possibly another origin, no cookie). */
  'drive-upload': { userId: number; sessionId: string };
  /** A CardDAV, CalDAV or WebDAV client: HTTP Basic with an app password. */
  'app-password': { userId: number; username: string; appPasswordId: number };
  /** A visitor of a share link who gave its code: the visit token in X-Share-Token. */
  'share-visitor': { shareId: string; ownerId: number };
  /** Nobody in particular: no credential the route accepts. */
  anonymous: Record<never, never>;
}

export type CallerKind = keyof CallerKinds;
/** The kinds that come with a credential; anonymous needs no authenticator. */
export type CredentialKind = Exclude<CallerKind, 'anonymous'>;
export type Caller = { [K in CallerKind]: { kind: K } & CallerKinds[K] }[CallerKind];
export type CallerOf<K extends CallerKind> = Extract<Caller, { kind: K }>;

/** An answer other than the kind's usual refusal (a throttled client's 429, the drive's 401). */
export type Refusal = (reply: FastifyReply) => FastifyReply;

/** How one kind of credential is read; the module that owns the credential provides it. */
export interface Authenticator<K extends CredentialKind> {
  kind: K;
  /** The credential rides on a cookie: routes that accept it keep the CSRF check. */
  cookie?: boolean;
  /**
   * The caller the request's credential names; null when the request carries none of this kind
   * or a bad one; a Refusal when that credential must be answered in its own way. A thrown
   * AppError is the answer too (its envelope).
   */
  resolve(req: FastifyRequest): Promise<CallerOf<K> | Refusal | null>;
  /** Answers a request without a good credential on a route that accepts only this kind (or throws). */
  refuse(req: FastifyRequest, reply: FastifyReply): FastifyReply;
}

export type AnyAuthenticator = { [K in CredentialKind]: Authenticator<K> }[CredentialKind];

/** What a route that declares nothing accepts: a browser call, signed in or not (CSRF checked). */
export const BROWSER: readonly CallerKind[] = ['session', 'anonymous'];

/** Route options that declare who may call: `app.post(path, accepts('device'), handler)`. */
export function accepts(...kinds: CallerKind[]) {
  return { config: { accept: kinds } };
}

/** The caller of a route that accepts `kind` (only that kind reaches the handler). */
export function callerOf<K extends CallerKind>(req: FastifyRequest, kind: K): CallerOf<K> {
  const caller = req.caller;
  if (caller?.kind !== kind) throw new Error(`a route reads a ${kind} caller it does not accept`);
  return caller as CallerOf<K>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the request speaks for, set before validation by the caller plugin. */
    caller: Caller;
  }
  interface FastifyContextConfig {
    /** The kinds of caller the route accepts (BROWSER when absent); the first one's refusal answers others. */
    accept?: readonly CallerKind[];
  }
}
