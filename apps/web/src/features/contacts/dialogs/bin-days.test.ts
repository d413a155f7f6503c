import { describe, expect, it } from 'vitest';
import { binDays } from './bin-days';

describe('recycle bin days', () => {
  it('groups by the day in the zone the times are shown in, newest day first, server order kept', () => {
    const at: Record<string, number> = {
      // 2026-03-01 23:30 and 2026-03-02 00:30 UTC: one China Standard Time day, two UTC days.
      a: Date.UTC(2026, 2, 1, 23, 30),
      b: Date.UTC(2026, 2, 2, 0, 30),
      c: Date.UTC(2026, 2, 2, 0, 10),
    };
    const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const server = { '2026-03-02': ['b', 'c', 'a'], '2026-03-01': ['gone'] };
    expect(binDays(server, (id) => at[id], utcDay)).toEqual([
      ['2026-03-02', ['b', 'c']],
      ['2026-03-01', ['a']],
    ]);
  });
});
