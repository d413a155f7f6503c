import { DeleteOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useDroppable } from '@dnd-kit/core';
import { type NoteList, NoteMsg } from '@phonecloud/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Empty, Input } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { PrimaryButton } from '../../../components/PrimaryButton';
import { boxNotes } from '../state/board-model';
import { searchKey, searchNotes } from '../state/note-search';
import { useNow } from '../state/use-now';
import { T } from '../texts';
import { BoxCard, type CardActions } from './BoxCard';

// A card's slot: its fixed height and the gap below it (notes.css .note-card).
const CARD_SLOT_PX = 116;
// Before the first measurement: a typical column, so that the first paint already has cards.
const FIRST_RECT = { width: 300, height: 720 };
const canHover = () => window.matchMedia('(hover: hover)').matches;

/**
 * The note box (spec 001 §2): create button, the cards (only those in view are in the page: a box
 * may hold thousands), its empty state, and the recycle area cards are dragged onto. Its search
 * box narrows it, as typed, to the notes whose title or text holds the query, those on boards too.
 */
export function NoteBox({
  list,
  actions,
  onCreate,
}: {
  list: NoteList;
  actions: CardActions;
  onCreate(): void;
}) {
  const [query, setQuery] = useState('');
  const searching = searchKey(query) !== '';
  const notes = useMemo(
    () => (searching ? searchNotes(list, query) : boxNotes(list)),
    [list, query, searching],
  );
  const now = useNow();
  const hover = useMemo(canHover, []);
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: notes.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CARD_SLOT_PX,
    getItemKey: (i) => notes[i]?.server_id ?? i,
    overscan: 6,
    initialRect: FIRST_RECT,
  });
  const { setNodeRef, isOver } = useDroppable({ id: 'box', data: { target: 'box' } });
  const recycle = useDroppable({ id: 'recycle', data: { target: 'recycle' } });

  return (
    <section ref={setNodeRef} className={`notes-box${isOver ? ' is-over' : ''}`} aria-label={T.box}>
      <header className="notes-box__head">
        <h2>
          {searching ? T.searchResults : T.box}{' '}
          <span className="notes-box__count" role={searching ? 'status' : undefined}>
            {T.count(notes.length)}
          </span>
        </h2>
        <PrimaryButton icon={<PlusOutlined />} onClick={onCreate}>
          {NoteMsg.CREATE}
        </PrimaryButton>
      </header>
      <div className="notes-box__search">
        <Input
          type="search"
          allowClear
          prefix={<SearchOutlined />}
          placeholder={T.searchPlaceholder}
          aria-label={T.search}
          maxLength={T.searchMax}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setQuery('');
          }}
        />
      </div>
      {notes.length === 0 ? (
        <Empty
          className="notes-box__empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={searching ? T.noResults : NoteMsg.EMPTY_BOX}
        />
      ) : (
        <div ref={scroller} className="notes-box__scroll">
          <ul className="notes-box__inner" aria-label={T.box} style={{ height: virtual.getTotalSize() }}>
            {virtual.getVirtualItems().map((item) => {
              const note = notes[item.index];
              if (!note) return null;
              return (
                <li
                  key={item.key}
                  className="notes-box__slot"
                  style={{ height: item.size, transform: `translateY(${item.start}px)` }}
                >
                  <BoxCard note={note} now={now} hover={hover} actions={actions} />
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <div ref={recycle.setNodeRef} className={`notes-recycle-drop${recycle.isOver ? ' is-over' : ''}`}>
        <DeleteOutlined /> {NoteMsg.RECYCLE_DROP}
      </div>
    </section>
  );
}
