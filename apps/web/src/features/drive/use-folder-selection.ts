import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
import type { DriveItem } from './types';

/** The ticked items of a folder: none in a folder just opened, and only items still listed. */
export function useFolderSelection(
  folderId: string,
  items: readonly DriveItem[],
): [Set<string>, Dispatch<SetStateAction<Set<string>>>] {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the folder changes.
  useEffect(() => setSelected(new Set()), [folderId]);
  // After a delete, or a move elsewhere, the gone items drop out of the selection.
  useEffect(() => {
    setSelected((s) => {
      const ids = new Set(items.map((i) => i.id));
      const kept = [...s].filter((id) => ids.has(id));
      return kept.length === s.size ? s : new Set(kept);
    });
  }, [items]);
  return [selected, setSelected];
}
