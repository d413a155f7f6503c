import { createHmac } from 'node:crypto';
import { safeEqual } from '../crypto.js';

export type Verified<T> = { ok: true; payload: T } | { ok: false; expired: boolean };

function mac(secret: string, key: string, body: string): string {
  // A key derived per use (`drive-token:download`, `share-token:visit`...): a token made for one
  // use never passes as another's.
  const derived = createHmac('sha256', secret).update(key).digest();
  return createHmac('sha256', derived).update(body).digest('base64url');
}

/**
 * A stateless token: base64url(JSON {...payload, exp}) + '.' + HMAC under a key derived from the
 * server secret and `key`; nothing is stored. Drive tokens, signed links and share visits all use it.
 */
export function signToken<T extends object>(
  secret: string,
  key: string,
  payload: T,
  expiresAt: number,
): string {
  const body = Buffer.from(JSON.stringify({ ...payload, exp: expiresAt })).toString('base64url');
  return `${body}.${mac(secret, key, body)}`;
}

/** The payload of a genuine token signed for `key`, unless it expired by `now`. */
export function verifyToken<T extends object>(
  secret: string,
  key: string,
  token: unknown,
  now: number,
): Verified<T> {
  if (typeof token !== 'string') return { ok: false, expired: false };
  const dot = token.indexOf('.');
  if (dot <= 0) return { ok: false, expired: false };
  const body = token.slice(0, dot);
  if (!safeEqual(token.slice(dot + 1), mac(secret, key, body))) return { ok: false, expired: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, expired: false };
  }
  if (typeof parsed !== 'object' || parsed === null) return { ok: false, expired: false };
  const exp = (parsed as { exp?: unknown }).exp;
  if (typeof exp !== 'number' || exp <= now) return { ok: false, expired: true };
  return { ok: true, payload: parsed as T };
}
