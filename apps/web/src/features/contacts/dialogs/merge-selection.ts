import { MERGE_GROUP_MIN, MERGE_PER_ITEM_MIN, type RepeatList } from '@phonecloud/shared';

/** One group of the merge lists. */
export interface MergeGroup {
  key: string;
  list: 'same' | 'repeat';
  ids: readonly string[];
  /** Every member has the same name (identical groups always do). */
  sameName: boolean;
}

/** Selected ids per group key. */
export type MergeSelection = Readonly<Record<string, readonly string[]>>;

export function mergeGroupsOf(data: RepeatList): MergeGroup[] {
  return [
    ...data.same_ids.map((ids, i) => ({ key: `s${i}`, list: 'same' as const, ids, sameName: true })),
    ...data.repeat_ids.map((ids, i) => ({
      key: `r${i}`,
      list: 'repeat' as const,
      ids,
      sameName: data.repeat_same_name[i] === true,
    })),
  ];
}

/** Same-name groups start selected, whole (spec 001 §4). */
export function initialSelection(groups: readonly MergeGroup[]): MergeSelection {
  const out: Record<string, readonly string[]> = {};
  for (const g of groups) out[g.key] = g.sameName ? g.ids : [];
  return out;
}

/** Whether a group offers a choice per member (groups of 3 or more). */
export const perItem = (g: MergeGroup) => g.ids.length >= MERGE_PER_ITEM_MIN;

/** A group takes part when at least 2 of its members are selected. */
export const groupCounts = (sel: MergeSelection, g: MergeGroup) =>
  (sel[g.key]?.length ?? 0) >= MERGE_GROUP_MIN;

export function setGroups(sel: MergeSelection, groups: readonly MergeGroup[], on: boolean): MergeSelection {
  const out = { ...sel };
  for (const g of groups) out[g.key] = on ? g.ids : [];
  return out;
}

export function setItem(sel: MergeSelection, g: MergeGroup, id: string, on: boolean): MergeSelection {
  const now = new Set(sel[g.key] ?? []);
  if (on) now.add(id);
  else now.delete(id);
  // Kept in the group's order: its first selected member is the one that survives the merge.
  return { ...sel, [g.key]: g.ids.filter((m) => now.has(m)) };
}

export function selectedGroupCount(sel: MergeSelection, groups: readonly MergeGroup[]): number {
  return groups.filter((g) => groupCounts(sel, g)).length;
}

/** merge.do's repeat_ids: the selected members of every group that takes part. */
export function mergeRequest(sel: MergeSelection, groups: readonly MergeGroup[]): string[][] {
  return groups.filter((g) => groupCounts(sel, g)).map((g) => [...(sel[g.key] ?? [])]);
}
