import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/crypto.js';

/**
 * What a share token may be used for: a visit (the code was right), one download, or one preview. Each purpose
 * signs with a key of its own, and none is a drive token's key: a share token never opens the
 * owner's drive.
 */
export type SharePurpose = 'visit' | 'file' | 'zip' | 'preview';

/** A visit of one link (after its code). */
export interface VisitClaims {
  s: string;
  u: number;
}
export interface FileClaims extends VisitClaims {
  i: number;
}
export interface ZipClaims extends VisitClaims {
  ids: number[];
  n: string;
}

function mac(secret: string, purpose: SharePurpose, body: string): string {
  const key = createHmac('sha256', secret).update(`share-token:${purpose}`).digest();
  return createHmac('sha256', key).update(body).digest('base64url');
}

/** base64url(JSON {...payload, exp}) + '.' + HMAC: stateless, nothing stored. */
export function signShareToken<T extends object>(
  secret: string,
  purpose: SharePurpose,
  payload: T,
  expiresAt: number,
): string {
  const body = Buffer.from(JSON.stringify({ ...payload, exp: expiresAt })).toString('base64url');
  return `${body}.${mac(secret, purpose, body)}`;
}

/** The payload of a genuine, unexpired token of that purpose; null otherwise. */
export function readShareToken<T extends object>(
  secret: string,
  purpose: SharePurpose,
  token: unknown,
  now: number,
): T | null {
  if (typeof token !== 'string') return null;
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const body = token.slice(0, dot);
  if (!safeEqual(token.slice(dot + 1), mac(secret, purpose, body))) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const exp = (parsed as { exp?: unknown }).exp;
    return typeof exp === 'number' && exp > now ? (parsed as T) : null;
  } catch {
    return null;
  }
}
