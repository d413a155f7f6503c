import { describe, expect, it } from 'vitest';
import { placeDay, snapMinutes } from './layout';

describe('time grid layout', () => {
  it('puts overlapping events side by side and lone ones full width', () => {
    const items = [
      { id: 'a', s: 540, e: 600 },
      { id: 'b', s: 570, e: 660 },
      { id: 'c', s: 600, e: 630 },
      { id: 'd', s: 720, e: 780 },
    ];
    const placed = placeDay(items, (i) => ({ startMin: i.s, endMin: i.e }));
    const of = (id: string) => placed.find((p) => p.item.id === id);
    expect(of('a')).toMatchObject({ column: 0, columns: 2 });
    expect(of('b')).toMatchObject({ column: 1, columns: 2 });
    // c starts when a ends: a's column is free again.
    expect(of('c')).toMatchObject({ column: 0, columns: 2 });
    expect(of('d')).toMatchObject({ column: 0, columns: 1 });
  });

  it('draws a short event tall enough for its title and snaps the pointer to quarters', () => {
    const [p] = placeDay([{ s: 600, e: 605 }], (i) => ({ startMin: i.s, endMin: i.e }));
    expect((p?.endMin ?? 0) - (p?.startMin ?? 0)).toBeGreaterThanOrEqual(20);
    expect(snapMinutes(48 * 9.3, 48)).toBe(9 * 60 + 15);
    expect(snapMinutes(-10, 48)).toBe(0);
    expect(snapMinutes(48 * 30, 48)).toBe(24 * 60);
  });
});
