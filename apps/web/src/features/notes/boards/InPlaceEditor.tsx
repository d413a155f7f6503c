import type { BoardPosition, Note } from '@phonecloud/shared';
import { useEffect, useRef } from 'react';
import { NoteEditor } from '../editor/NoteEditor';
import { useNoteSaver } from '../editor/use-note-saver';

/**
 * A board note edited where it lies (spec 001 §2: edited in place with a saved tip). A click
 * outside ends the editing: pending text is saved, an emptied note goes to the recycle bin.
 */
export function InPlaceEditor({
  note,
  position,
  onClose,
}: {
  note: Note;
  position: BoardPosition;
  onClose(): void;
}) {
  const saver = useNoteSaver(note);
  const root = useRef<HTMLDivElement>(null);
  const finish = useRef(saver.finish);
  finish.current = saver.finish;
  useEffect(() => {
    const outside = (e: PointerEvent) => {
      const target = e.target as Node | null;
      if (!target || root.current?.contains(target)) return;
      // Menus and confirms of the editor live in a portal outside it.
      if ((target as Element).closest?.('.ant-modal-root, .ant-dropdown, .ant-modal-wrap')) return;
      void finish.current().then((ok) => ok && onClose());
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [onClose]);
  return (
    <div ref={root} className="board-inplace" style={{ left: position.x, top: position.y }}>
      <NoteEditor saver={saver} onDone={() => void saver.finish().then((ok) => ok && onClose())} />
    </div>
  );
}
