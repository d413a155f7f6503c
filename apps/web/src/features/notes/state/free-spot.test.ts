import type { Blackboard } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { freeSpot } from './free-spot';

const size = { width: 200, height: 132 };
const board = (positions: { x: number; y: number }[]): Blackboard => ({
  blackboard_id: '1',
  sort: 0,
  member_list: Object.fromEntries(
    positions.map((p, i) => [String(i), { member_id: `m${i}`, position: { ...p, z_index: i } }]),
  ),
});

describe('freeSpot', () => {
  it('takes the top left of an empty board', () => {
    expect(freeSpot(board([]), size)).toEqual({ x: 16, y: 16 });
  });
  it('skips the places notes cover', () => {
    expect(freeSpot(board([{ x: 20, y: 10 }]), size)).toEqual({ x: 232, y: 16 });
    const row = [0, 1, 2, 3].map((i) => ({ x: 16 + i * 216, y: 16 }));
    expect(freeSpot(board(row), size)).toEqual({ x: 16, y: 164 });
  });
  it('keeps to the columns the board shows (a phone shows one)', () => {
    const first = [{ x: 16, y: 16 }];
    expect(freeSpot(board(first), size, 343)).toEqual({ x: 16, y: 164 });
    expect(freeSpot(board(first), size, 460)).toEqual({ x: 232, y: 16 });
    expect(freeSpot(board(first), size, 100)).toEqual({ x: 16, y: 164 });
  });
});
