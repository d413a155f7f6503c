import { useCallback, useState } from 'react';

export interface Selection {
  selected: ReadonlySet<string>;
  /** Adds (`on`) or removes several ids at once: a day's box, select all, one row. */
  select(ids: readonly string[], on: boolean): void;
  clear(): void;
}

/** The ids ticked in a list with boxes (the recycle bins' rows). */
export function useSelection(): Selection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const select = useCallback(
    (ids: readonly string[], on: boolean) =>
      setSelected((prev) => {
        const next = new Set(prev);
        for (const id of ids) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selected, select, clear };
}
