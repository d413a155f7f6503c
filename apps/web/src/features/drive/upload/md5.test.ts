import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5OfBlob } from './md5';

describe('chunked MD5', () => {
  it('equals the MD5 of the whole for sizes around the 204800-byte chunk', async () => {
    for (const size of [0, 1, 204799, 204800, 204801, 204800 * 9 + 3]) {
      const bytes = randomBytes(size);
      const fractions: number[] = [];
      const hex = await md5OfBlob(new Blob([bytes]), (f) => fractions.push(f));
      expect(hex).toBe(createHash('md5').update(bytes).digest('hex'));
      if (size > 0) expect(fractions.at(-1)).toBe(1);
    }
  });
});
