import { describe, expect, it } from 'vitest';
import { FLING_PX_PER_MS, isFling } from './use-flinging';

describe('isFling', () => {
  const fast = { px: 300, ms: 16 };
  const slow = { px: 20, ms: 16 };

  it('is two fast steps in a row, either way', () => {
    expect(isFling([fast, fast])).toBe(true);
    expect(
      isFling([
        { px: -300, ms: 16 },
        { px: -280, ms: 17 },
      ]),
    ).toBe(true);
  });

  it('is not one step alone (a jump of the scrubber) nor a step at reading speed', () => {
    expect(isFling([fast])).toBe(false);
    expect(isFling([slow, fast])).toBe(false);
    expect(isFling([fast, slow])).toBe(false);
    expect(isFling([{ px: FLING_PX_PER_MS * 16, ms: 16 }, fast])).toBe(false);
  });
});
