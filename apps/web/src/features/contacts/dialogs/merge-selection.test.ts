import { describe, expect, it } from 'vitest';
import {
  initialSelection,
  mergeGroupsOf,
  mergeRequest,
  perItem,
  selectedGroupCount,
  setGroups,
  setItem,
} from './merge-selection';

const groups = mergeGroupsOf({
  same_ids: [['1', '2']],
  repeat_ids: [
    ['3', '4', '5'],
    ['6', '7'],
  ],
  repeat_same_name: [true, false],
  repeat_info: {},
});

describe('merge selection', () => {
  it('preselects identical and same-name groups', () => {
    const sel = initialSelection(groups);
    expect(selectedGroupCount(sel, groups)).toBe(2);
    expect(mergeRequest(sel, groups)).toEqual([
      ['1', '2'],
      ['3', '4', '5'],
    ]);
  });

  it('offers per-member choices in groups of 3 or more, and needs 2 selected', () => {
    const [same, three] = groups;
    if (!same || !three) throw new Error('fixture');
    expect(perItem(same)).toBe(false);
    expect(perItem(three)).toBe(true);
    let sel = setItem(initialSelection(groups), three, '3', false);
    expect(mergeRequest(sel, groups)).toEqual([
      ['1', '2'],
      ['4', '5'],
    ]);
    sel = setItem(sel, three, '4', false);
    expect(selectedGroupCount(sel, groups)).toBe(1);
    // Back on, in the group's order: its first member survives.
    sel = setItem(sel, three, '3', true);
    expect(sel.r0).toEqual(['3', '5']);
  });

  it('selects and clears whole lists', () => {
    const all = setGroups({}, groups, true);
    expect(selectedGroupCount(all, groups)).toBe(3);
    expect(selectedGroupCount(setGroups(all, groups, false), groups)).toBe(0);
  });
});
