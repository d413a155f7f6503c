import { SearchOutlined } from '@ant-design/icons';
import { CONTACT_SEARCH_MAX, foundContacts } from '@phonecloud/shared';
import { Empty, Input, Spin } from 'antd';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { useMatch, useNavigate } from 'react-router-dom';
import { type Book, countOf } from '../book/book';
import { normalizeQuery, warmHaystacks } from '../search/haystack';
import { useAreaState } from '../state/area-state';
import { ContactRoute } from '../state/routes';
import { T } from '../texts';
import { BottomBar } from './BottomBar';
import { ContactList } from './ContactList';
import { GroupTabs } from './GroupTabs';
import { buildListModel, type ListModel } from './list-items';

/** The middle column: group tabs, search, the list with its index bar, and the bottom bar. */
export function ListPanel({ book, loading }: { book: Book; loading: boolean }) {
  const navigate = useNavigate();
  const { group, setGroup, query, setQuery, selected, toggleSelected } = useAreaState();
  const detail = useMatch('/contact/index/:id');
  const editing = useMatch('/contact/editor/:id');
  const selectMode = useMatch(ContactRoute.selectMode) !== null;
  const activeId = detail?.params.id ?? editing?.params.id ?? null;

  // The box answers at once; the list follows the deferred text, so typing never waits for it.
  const q = normalizeQuery(useDeferredValue(query));
  // The view on screen: a longer query filters its rows instead of the whole tab.
  const shown = useRef<ListModel | null>(null);
  const model = useMemo(() => buildListModel(book, group, q, shown.current), [book, group, q]);
  useEffect(() => {
    shown.current = model;
  }, [model]);

  // Haystacks are built between frames after the first paint, ready for the first keystroke.
  useEffect(() => warmHaystacks([...book.byId.values()]), [book]);

  const open = useCallback((id: string) => navigate(ContactRoute.detail(id)), [navigate]);
  const toggle = useCallback(
    (id: string) => {
      toggleSelected(id);
      if (!selectMode) navigate(ContactRoute.selectMode);
    },
    [toggleSelected, selectMode, navigate],
  );

  const empty = loading ? (
    <Spin className="contacts-loading" />
  ) : book.total === 0 ? (
    <Empty className="contacts-empty" description={T.emptyBook}>
      <p className="contacts-empty__hint">{T.emptyBookHint}</p>
    </Empty>
  ) : countOf(book, group) === 0 ? (
    <Empty className="contacts-empty" description={T.emptyGroup} image={Empty.PRESENTED_IMAGE_SIMPLE} />
  ) : null;

  return (
    <section className="contacts-list-panel" data-query={q} data-loaded={book.loaded}>
      <GroupTabs groups={book.groups} group={group} onChange={setGroup} />
      <div className="contacts-search">
        <Input
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          maxLength={CONTACT_SEARCH_MAX}
          allowClear
          prefix={<SearchOutlined />}
          placeholder={T.searchPlaceholder}
          aria-label={T.searchPlaceholder}
        />
      </div>
      {q && !empty && (
        <div className={`contacts-found${model.count === 0 ? ' is-none' : ''}`} role="status">
          {foundContacts(model.count)}
        </div>
      )}
      {empty ?? (
        <ContactList
          book={book}
          // A new tab or query starts at the top; a poll's update of the same view keeps the scroll.
          resetKey={`${group ?? ''}\u0000${q}`}
          model={model}
          q={q}
          activeId={activeId}
          selected={selected}
          selectMode={selectMode}
          onOpen={open}
          onToggle={toggle}
        />
      )}
      <BottomBar />
    </section>
  );
}
