import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { SmsTab, type SmsTabValue } from '../texts';

interface AreaState {
  tab: SmsTabValue;
  setTab(tab: SmsTabValue): void;
  /** What the search box holds (searched when Enter is pressed). */
  input: string;
  setInput(input: string): void;
  /**
   * The search whose results the left column shows; it stays while a hit is open on the right
   * (full/{id}), until the back link or an empty search.
   */
  search: string | null;
  setSearch(search: string | null): void;
  exportOpen: boolean;
  setExportOpen(open: boolean): void;
}

const Ctx = createContext<AreaState | null>(null);

export function useAreaState(): AreaState {
  const state = useContext(Ctx);
  if (!state) throw new Error('useAreaState outside AreaStateProvider');
  return state;
}

/** What the screens of the area share while it is open: tab, search box, search shown, dialog. */
export function AreaStateProvider({ children }: { children: ReactNode }) {
  const [tab, setTab] = useState<SmsTabValue>(SmsTab.messages);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState<string | null>(null);
  const [exportOpen, setExportOpen] = useState(false);
  const value = useMemo<AreaState>(
    () => ({ tab, setTab, input, setInput, search, setSearch, exportOpen, setExportOpen }),
    [tab, input, search, exportOpen],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}
