import { NoteBlockType, NoteMode } from '@phonecloud/shared';
import type { KeyboardEvent, RefObject } from 'react';
import { type Draft, type DraftBlock, textBlock } from './draft';

export type DraftBlocks = ReturnType<typeof useDraftBlocks>;

/**
 * Editing a note's blocks: change one, remove one, add a line (after another or at the end) and
 * move the caret into it; Enter on a checklist line starts the next, Backspace on an empty one
 * removes it and goes back to the line before.
 */
export function useDraftBlocks(
  draft: Draft,
  edit: (change: (d: Draft) => Draft) => void,
  root: RefObject<HTMLElement | null>,
) {
  const setBlocks = (change: (blocks: DraftBlock[]) => DraftBlock[]) =>
    edit((d: Draft) => ({ ...d, blocks: change(d.blocks) }));
  const patch = (key: string, change: Partial<DraftBlock>) =>
    setBlocks((blocks) => blocks.map((b) => (b.key === key ? ({ ...b, ...change } as DraftBlock) : b)));
  const remove = (key: string) => setBlocks((blocks) => blocks.filter((x) => x.key !== key));
  const focusLine = (key: string) =>
    window.requestAnimationFrame(() =>
      root.current
        ?.querySelector<HTMLElement>(`[data-key="${key}"] input, [data-key="${key}"] textarea`)
        ?.focus(),
    );

  const addLine = (after: string | null, mode: number) => {
    const line = textBlock('', mode);
    setBlocks((blocks) => {
      const at = after === null ? blocks.length : blocks.findIndex((b) => b.key === after) + 1;
      return [...blocks.slice(0, at), line, ...blocks.slice(at)];
    });
    focusLine(line.key);
  };

  const onLineKey = (e: KeyboardEvent<HTMLInputElement>, block: DraftBlock, index: number) => {
    if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      addLine(block.key, NoteMode.UNCHECKED);
    } else if (e.key === 'Backspace' && block.type === NoteBlockType.TEXT && block.content === '') {
      e.preventDefault();
      const prev = draft.blocks[index - 1];
      remove(block.key);
      if (prev) focusLine(prev.key);
    }
  };

  return { setBlocks, patch, remove, addLine, onLineKey };
}
