import { CONTACT_LETTERS } from '@phonecloud/shared';
import { type RefObject, useCallback, useLayoutEffect, useRef } from 'react';
import type { Book } from '../book/book';
import { useBookShown } from '../book/use-book';
import { ContactRow } from './ContactRow';
import { indexBarLabel, type ListModel, rowAt } from './list-items';
import { useRowWindow } from './use-row-window';

interface Props {
  book: Book;
  /** The list scrolls back to the top when this changes (another tab or query). */
  resetKey: string;
  model: ListModel;
  q: string;
  activeId: string | null;
  selected: ReadonlySet<string>;
  selectMode: boolean;
  onOpen(id: string): void;
  onToggle(id: string): void;
}

/** Rows are reused between queries (keyed by id); only the scroll position starts over. */
function useScrollReset(scrollRef: RefObject<HTMLDivElement | null>, resetKey: string) {
  const shownKey = useRef(resetKey);
  useLayoutEffect(() => {
    if (shownKey.current === resetKey) return;
    shownKey.current = resetKey;
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [resetKey, scrollRef]);
}

/** A letter's heading in the list. */
function LetterSlot({ letter, top, height }: { letter: string; top: number; height: number }) {
  return (
    <div className="contact-list__slot" style={{ height, transform: `translateY(${top}px)` }}>
      <div className="contact-letter">{letter}</div>
    </div>
  );
}

/**
 * The virtual list: only the rows in view (and a margin) are in the DOM, placed by their
 * precomputed offsets, so 50,000 contacts paint as fast as 50. The index bar beside it jumps to a
 * letter's heading.
 */
export function ContactList({
  book,
  resetKey,
  model,
  q,
  activeId,
  selected,
  selectMode,
  onOpen,
  onToggle,
}: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  useScrollReset(scrollRef, resetKey);
  const { items, offsets, letterAt } = model;
  const { start, end } = useRowWindow(scrollRef, offsets, items.length);
  // The rest of the book is read once rows are on screen (the window is measured after a first
  // render without any).
  useBookShown(end > start ? book : undefined);

  const jump = useCallback(
    (letter: string) => {
      const at = letterAt.get(letter);
      if (at !== undefined) scrollRef.current?.scrollTo({ top: offsets[at] ?? 0 });
    },
    [letterAt, offsets],
  );

  const slots = [];
  for (let i = start; i < end; i++) {
    const row = rowAt(model, i);
    const top = offsets[i] ?? 0;
    const height = (offsets[i + 1] ?? top) - top;
    if (!row) continue;
    if (row.kind === 'letter') {
      slots.push(<LetterSlot key={`l:${row.letter}`} letter={row.letter} top={top} height={height} />);
      continue;
    }
    const contact = book.byId.get(row.id);
    if (!contact) {
      // Still arriving (list.do streams in): a grey row of the same height for now.
      slots.push(
        <div
          key={row.id}
          className="contact-list__slot"
          style={{ height, transform: `translateY(${top}px)` }}
          aria-busy="true"
        >
          <div className="contact-row-pending" />
        </div>,
      );
      continue;
    }
    slots.push(
      <div key={row.id} className="contact-list__slot" style={{ height, transform: `translateY(${top}px)` }}>
        <ContactRow
          id={row.id}
          contact={contact}
          q={q}
          active={row.id === activeId}
          checked={selected.has(row.id)}
          selectMode={selectMode}
          onOpen={onOpen}
          onToggle={onToggle}
        />
      </div>,
    );
  }

  return (
    <div className="contact-list">
      <div ref={scrollRef} className="contact-list__scroll" role="listbox" aria-label="联系人列表">
        <div className="contact-list__inner" style={{ height: offsets[items.length] ?? 0 }}>
          {slots}
        </div>
      </div>
      <nav className="index-bar" aria-label="字母索引">
        {CONTACT_LETTERS.map((letter) => (
          <button
            key={letter}
            type="button"
            className="index-bar__letter"
            disabled={!letterAt.has(letter)}
            onClick={() => jump(letter)}
            title={letter === '#' ? '其他' : letter}
          >
            {indexBarLabel(letter)}
          </button>
        ))}
      </nav>
    </div>
  );
}
