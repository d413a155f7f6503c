import {
  signToken as sign,
  type Verified,
  verifyToken as verify,
} from '../../../lib/credentials/signed-token.js';

/** What a signed drive token may be used for; each purpose signs with its own derived key. */
export type TokenPurpose = 'drive' | 'yun' | 'upload' | 'part' | 'download' | 'zip' | 'thumb' | 'preview';

export type { Verified };

/** A drive token of that purpose (the one signed-token scheme, keys `drive-token:<purpose>`). */
export const signToken = <T extends object>(secret: string, purpose: TokenPurpose, payload: T, exp: number) =>
  sign(secret, `drive-token:${purpose}`, payload, exp);

export const verifyToken = <T extends object>(
  secret: string,
  purpose: TokenPurpose,
  token: unknown,
  now: number,
): Verified<T> => verify<T>(secret, `drive-token:${purpose}`, token, now);
