import { createHmac } from 'node:crypto';
import { safeEqual } from '../../../lib/crypto.js';

/** What a signed drive token may be used for; each purpose signs with its own derived key. */
export type TokenPurpose = 'drive' | 'yun' | 'upload' | 'part' | 'download' | 'zip' | 'thumb' | 'preview';

export type Verified<T> = { ok: true; payload: T } | { ok: false; expired: boolean };

function mac(secret: string, purpose: TokenPurpose, body: string): string {
  // A key per purpose: a download token can never pass as a drive token, and so on.
  const key = createHmac('sha256', secret).update(`drive-token:${purpose}`).digest();
  return createHmac('sha256', key).update(body).digest('base64url');
}

/** A stateless token: base64url(JSON {...payload, exp}) + '.' + HMAC; nothing is stored. */
export function signToken<T extends object>(
  secret: string,
  purpose: TokenPurpose,
  payload: T,
  expiresAt: number,
): string {
  const body = Buffer.from(JSON.stringify({ ...payload, exp: expiresAt })).toString('base64url');
  return `${body}.${mac(secret, purpose, body)}`;
}

export function verifyToken<T extends object>(
  secret: string,
  purpose: TokenPurpose,
  token: string | undefined,
  now: number,
): Verified<T> {
  if (!token) return { ok: false, expired: false };
  const dot = token.indexOf('.');
  if (dot <= 0) return { ok: false, expired: false };
  const body = token.slice(0, dot);
  if (!safeEqual(token.slice(dot + 1), mac(secret, purpose, body))) return { ok: false, expired: false };
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
