/** The selection of many photos: which are ticked, and where a shift-click's range starts. */
export interface Selection {
  ids: ReadonlySet<number>;
  /** The item last ticked or unticked by itself: a shift-click selects from here. */
  anchor: number | null;
}

export const NO_SELECTION: Selection = { ids: new Set(), anchor: null };

/** Ticks or unticks one item, which becomes the range's start. */
export function toggleOne(sel: Selection, id: number): Selection {
  const ids = new Set(sel.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

/**
 * A shift-click: every item from the anchor to `id` in the order shown (`order`, either way
 * round) is added to the selection. Without an anchor still shown it ticks `id` alone.
 */
export function selectRange(sel: Selection, order: readonly number[], id: number): Selection {
  const from = sel.anchor === null ? -1 : order.indexOf(sel.anchor);
  const to = order.indexOf(id);
  if (from < 0 || to < 0) return toggleOne(sel, id);
  const ids = new Set(sel.ids);
  for (let i = Math.min(from, to); i <= Math.max(from, to); i++) {
    const at = order[i];
    if (at !== undefined) ids.add(at);
  }
  return { ids, anchor: id };
}

/**
 * A day's tick: its items all ticked, or (when they all were) all unticked; the others stay as
 * they are, and the range's start with them.
 */
export function toggleAll(sel: Selection, ids: readonly number[]): Selection {
  const all = ids.length > 0 && ids.every((id) => sel.ids.has(id));
  const next = new Set(sel.ids);
  for (const id of ids) {
    if (all) next.delete(id);
    else next.add(id);
  }
  return { ids: next, anchor: sel.anchor };
}

/** Keeps only the items still shown (a delete or a move out of an album took the others away). */
export function keepShown(sel: Selection, shown: ReadonlySet<number>): Selection {
  const kept = [...sel.ids].filter((id) => shown.has(id));
  if (kept.length === sel.ids.size) return sel;
  return { ids: new Set(kept), anchor: sel.anchor !== null && shown.has(sel.anchor) ? sel.anchor : null };
}
