import { describe, expect, it } from 'vitest';
import { keepShown, NO_SELECTION, selectRange, toggleAll, toggleOne } from './selection';

const order = [10, 11, 12, 13, 14, 15];

describe('selecting many photos', () => {
  it('ticks and unticks one item, which starts the next range', () => {
    const one = toggleOne(NO_SELECTION, 12);
    expect([...one.ids]).toEqual([12]);
    expect(one.anchor).toBe(12);
    const none = toggleOne(one, 12);
    expect(none.ids.size).toBe(0);
    expect(none.anchor).toBe(12);
  });

  it('adds the range from the anchor to a shift-clicked item, either way round', () => {
    const down = selectRange(toggleOne(NO_SELECTION, 11), order, 14);
    expect([...down.ids].sort()).toEqual([11, 12, 13, 14]);
    const up = selectRange(toggleOne(down, 15), order, 13);
    expect([...up.ids].sort()).toEqual([11, 12, 13, 14, 15]);
    expect(up.anchor).toBe(13);
  });

  it('ticks only the clicked item when there is no anchor shown', () => {
    expect([...selectRange(NO_SELECTION, order, 13).ids]).toEqual([13]);
    expect([...selectRange({ ids: new Set([1]), anchor: 1 }, order, 13).ids].sort()).toEqual([1, 13]);
  });

  it('drops the items no longer shown, and the anchor with them', () => {
    const sel = { ids: new Set([10, 11, 12]), anchor: 12 };
    const kept = keepShown(sel, new Set([10, 11]));
    expect([...kept.ids]).toEqual([10, 11]);
    expect(kept.anchor).toBeNull();
    expect(keepShown(sel, new Set(order))).toBe(sel);
  });
});

describe('toggleAll (a day’s tick)', () => {
  it('ticks the day’s items, keeping the others; a second tick unticks them alone', () => {
    const before = toggleOne(NO_SELECTION, 9);
    const day = toggleAll(before, [1, 2, 3]);
    expect([...day.ids].sort()).toEqual([1, 2, 3, 9]);
    expect(day.anchor).toBe(9);
    // Some of the day ticked: the tick completes it.
    expect([...toggleAll(toggleOne(before, 2), [1, 2, 3]).ids].sort()).toEqual([1, 2, 3, 9]);
    expect([...toggleAll(day, [1, 2, 3]).ids]).toEqual([9]);
    expect(toggleAll(before, []).ids).toEqual(before.ids);
  });
});
