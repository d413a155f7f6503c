import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './tokens.js';

describe('drive tokens', () => {
  const secret = 'x'.repeat(32);
  it('verifies, expires and keeps purposes apart', () => {
    const t = signToken(secret, 'drive', { u: 7 }, 1000);
    expect(verifyToken<{ u: number }>(secret, 'drive', t, 999)).toEqual({
      ok: true,
      payload: { u: 7, exp: 1000 },
    });
    expect(verifyToken(secret, 'drive', t, 1000)).toEqual({ ok: false, expired: true });
    expect(verifyToken(secret, 'download', t, 999)).toEqual({ ok: false, expired: false });
    expect(verifyToken('y'.repeat(32), 'drive', t, 999).ok).toBe(false);
    const [body = '', sig] = t.split('.');
    const forged = `${Buffer.from(JSON.stringify({ u: 8, exp: 1000 })).toString('base64url')}.${sig}`;
    expect(verifyToken(secret, 'drive', forged, 999).ok).toBe(false);
    expect(verifyToken(secret, 'drive', body, 999).ok).toBe(false);
  });
});
