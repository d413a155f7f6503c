import './contacts.css';
import { ArrowLeftOutlined, MenuOutlined } from '@ant-design/icons';
import { ContactMsg } from '@phonecloud/shared';
import { Button, Result, Spin } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { SyncHeldBanner } from '../../components/SyncHeldBanner';
import { type Book, LOADING_BOOK } from './book/book';
import { useBook } from './book/use-book';
import { useBookPolling } from './book/use-polling';
import { ContactDetail } from './detail/ContactDetail';
import { DetailPlaceholder } from './detail/DetailPlaceholder';
import { DialogHost } from './dialogs/DialogHost';
import { ContactEditor } from './editor/ContactEditor';
import { ListPanel } from './list/ListPanel';
import { LeftPanel } from './panel/LeftPanel';
import { SelectModePanel } from './select/SelectModePanel';
import { AreaStateProvider, useAreaState } from './state/area-state';
import { ContactRoute } from './state/routes';
import { useContactsHeldSyncs } from './sync/use-held-syncs';

/**
 * The contacts area (spec 001 §2): /contact/index, index/{id}, editor, editor/{id}, selectmode,
 * and anything else back to the index. One layout stays mounted across them, so the list keeps
 * its scroll, search and selection while the right-hand pane changes.
 */
export default function ContactsArea() {
  return (
    <AreaStateProvider>
      <Routes>
        <Route element={<ContactsScreen />}>
          <Route index element={<Navigate to={ContactRoute.index} replace />} />
          <Route path="index" element={<WithBook render={() => <DetailPlaceholder />} />} />
          <Route path="index/:id" element={<WithBook render={(book) => <ContactDetail book={book} />} />} />
          <Route path="editor" element={<WithBook render={(book) => <ContactEditor book={book} />} />} />
          <Route path="editor/:id" element={<WithBook render={(book) => <ContactEditor book={book} />} />} />
          <Route
            path="selectmode"
            element={<WithBook render={(book) => <SelectModePanel book={book} />} />}
          />
          <Route path="*" element={<Navigate to={ContactRoute.index} replace />} />
        </Route>
      </Routes>
    </AreaStateProvider>
  );
}

function ContactsScreen() {
  const { data, isError, refetch } = useBook();
  useBookPolling();
  // Syncs from phones the mass-deletion guard held: the book's and the calendar's.
  const held = useContactsHeldSyncs();
  // The screen is built while the book downloads, so its first render overlaps the wait and only
  // the list and the counts change when the book arrives. It is shown only once list.do has
  // answered: the page is the signed-in, verified owner's (spec §6: hidden until signed in);
  // a 2002 or 6001 leaves for the login or check screen without it ever having shown.
  const book = data ?? LOADING_BOOK;
  const loading = data === undefined;
  const hidden = loading && !isError;
  // On a narrow screen the area is one column: the list on the index, the pane on any other
  // route, the groups and tools in a panel that slides over the list (contacts.css).
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Selecting keeps the list in view; its actions sit in a sheet at the bottom.
  const selecting = pathname === ContactRoute.selectMode;
  const paneOpen = pathname !== ContactRoute.index && !selecting;
  const [sideOpen, setSideOpen] = useState(false);
  const { group, dialog } = useAreaState();
  // A pick in the slid-over panel (a group, a tool's dialog, a route) closes it.
  useEffect(() => {
    if (pathname || group || dialog) setSideOpen(false);
  }, [pathname, group, dialog]);
  const className = [
    'contacts',
    hidden && 'contacts--signing-in',
    paneOpen ? 'contacts--pane-open' : 'contacts--list-open',
    selecting && 'contacts--selecting',
    sideOpen && 'contacts--side-open',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      {!hidden && <SyncHeldBanner area="contacts" state={held.contacts} />}
      {!hidden && <SyncHeldBanner area="calendar" state={held.calendar} showArea />}
      <div className={className} aria-busy={hidden}>
        <div className="contacts-narrow-bar">
          {paneOpen ? (
            <button
              type="button"
              className="contacts-narrow-bar__button"
              onClick={() => navigate(ContactRoute.index)}
            >
              <ArrowLeftOutlined /> 返回列表
            </button>
          ) : (
            <button
              type="button"
              className="contacts-narrow-bar__button"
              aria-expanded={sideOpen}
              onClick={() => setSideOpen((v) => !v)}
            >
              <MenuOutlined /> 分组与工具
            </button>
          )}
        </div>
        {sideOpen && (
          <button
            type="button"
            className="contacts-side-mask"
            aria-label="关闭分组与工具"
            onClick={() => setSideOpen(false)}
          />
        )}
        {hidden && (
          <div className="contacts-signing-in">
            <Spin />
          </div>
        )}
        <LeftPanel book={book} loading={loading} />
        {isError && loading ? (
          <section className="contacts-list-panel contacts-list-panel--failed">
            <Result
              status="warning"
              title={ContactMsg.NET_LIST}
              extra={<Button onClick={() => void refetch()}>重新加载</Button>}
            />
          </section>
        ) : (
          <ListPanel book={book} loading={loading} />
        )}
        <section className="contacts-pane">
          <Outlet />
        </section>
        {!loading && <DialogHost book={book} />}
      </div>
    </>
  );
}

/** The right-hand pane of a route, once the book is there (the layout renders only then). */
function WithBook({ render }: { render(book: Book): ReactNode }) {
  const { data: book } = useBook();
  return book ? render(book) : null;
}
