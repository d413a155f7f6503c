import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { GroupFilter } from '../book/book';
import { ContactRoute } from './routes';

/** The pop-ups of the contacts screen (spec 001 §2). */
export type Dialog =
  | { kind: 'recycle' }
  | { kind: 'timeMachine' }
  | { kind: 'merge' }
  | { kind: 'importExport' }
  | { kind: 'groupCreate' }
  | { kind: 'groupEdit'; name: string };

interface AreaState {
  group: GroupFilter;
  setGroup(group: GroupFilter): void;
  /** What the search box holds (the list filters by its deferred value). */
  query: string;
  setQuery(query: string): void;
  selected: ReadonlySet<string>;
  toggleSelected(id: string): void;
  setSelected(ids: Iterable<string>): void;
  dialog: Dialog | null;
  openDialog(dialog: Dialog): void;
  closeDialog(): void;
}

const Ctx = createContext<AreaState | null>(null);

export function useAreaState(): AreaState {
  const state = useContext(Ctx);
  if (!state) throw new Error('useAreaState outside AreaStateProvider');
  return state;
}

// Opening these leaves the multi-select mode (spec 001 §4).
const LEAVES_SELECT_MODE: ReadonlySet<Dialog['kind']> = new Set(['recycle', 'timeMachine', 'merge']);

/**
 * What the screens of the area share while it is open: the group tab, the search text, the
 * multi-selection and the open pop-up. It lives as long as the area is mounted, so moving between
 * the list, a detail and the editor keeps it.
 */
export function AreaStateProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [group, setGroup] = useState<GroupFilter>(null);
  const [query, setQuery] = useState('');
  const [selected, setSelectedState] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const toggleSelected = useCallback((id: string) => {
    setSelectedState((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  const setSelected = useCallback((ids: Iterable<string>) => setSelectedState(new Set(ids)), []);

  const openDialog = useCallback(
    (next: Dialog) => {
      if (LEAVES_SELECT_MODE.has(next.kind)) {
        setSelectedState(new Set());
        if (pathname === ContactRoute.selectMode) navigate(ContactRoute.index);
      }
      setDialog(next);
    },
    [navigate, pathname],
  );
  const closeDialog = useCallback(() => setDialog(null), []);

  const value = useMemo<AreaState>(
    () => ({
      group,
      setGroup,
      query,
      setQuery,
      selected,
      toggleSelected,
      setSelected,
      dialog,
      openDialog,
      closeDialog,
    }),
    [group, query, selected, toggleSelected, setSelected, dialog, openDialog, closeDialog],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}
