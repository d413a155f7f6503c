import { signToken, verifyToken } from '../../lib/credentials/signed-token.js';

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

/** A share token of that purpose (the one signed-token scheme, keys `share-token:<purpose>`). */
export function signShareToken<T extends object>(
  secret: string,
  purpose: SharePurpose,
  payload: T,
  expiresAt: number,
): string {
  return signToken(secret, `share-token:${purpose}`, payload, expiresAt);
}

/** The payload of a genuine, unexpired token of that purpose; null otherwise. */
export function readShareToken<T extends object>(
  secret: string,
  purpose: SharePurpose,
  token: unknown,
  now: number,
): T | null {
  const v = verifyToken<T>(secret, `share-token:${purpose}`, token, now);
  return v.ok ? v.payload : null;
}
