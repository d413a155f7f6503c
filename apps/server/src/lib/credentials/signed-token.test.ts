import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './signed-token.js';

describe('signed tokens', () => {
  const secret = 'x'.repeat(32);
  it('verifies, expires and keeps keys apart', () => {
    const t = signToken(secret, 'drive-token:drive', { u: 7 }, 1000);
    expect(verifyToken<{ u: number }>(secret, 'drive-token:drive', t, 999)).toEqual({
      ok: true,
      payload: { u: 7, exp: 1000 },
    });
    expect(verifyToken(secret, 'drive-token:drive', t, 1000)).toEqual({ ok: false, expired: true });
    expect(verifyToken(secret, 'drive-token:download', t, 999)).toEqual({ ok: false, expired: false });
    expect(verifyToken(secret, 'share-token:drive', t, 999).ok).toBe(false);
    expect(verifyToken('y'.repeat(32), 'drive-token:drive', t, 999).ok).toBe(false);
    const [body = '', sig] = t.split('.');
    const forged = `${Buffer.from(JSON.stringify({ u: 8, exp: 1000 })).toString('base64url')}.${sig}`;
    expect(verifyToken(secret, 'drive-token:drive', forged, 999).ok).toBe(false);
    expect(verifyToken(secret, 'drive-token:drive', body, 999).ok).toBe(false);
    expect(verifyToken(secret, 'drive-token:drive', undefined, 999).ok).toBe(false);
  });
});
