import type { SharePublicItem } from '@phonecloud/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { sharePublic } from './public-api';

/**
 * The shared folder on screen, page by page: the top of the share (null) or a folder inside it,
 * its items as far as they are loaded, the path down to it and the marker of the next page; the
 * ticked items, cleared when another folder opens.
 */
export function useSharedListing(shareId: string, token: string, onFail: (err: unknown) => void) {
  const [folder, setFolder] = useState<string | null>(null);
  const [items, setItems] = useState<SharePublicItem[]>([]);
  const [path, setPath] = useState<Array<{ file_id: string; name: string }>>([]);
  const [marker, setMarker] = useState('');
  const [loading, setLoading] = useState(true);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // The parent hands a new callback each render; the listing must not reload for that.
  const failRef = useRef(onFail);
  failRef.current = onFail;

  const load = useCallback(
    async (target: string | null, after: string) => {
      setLoading(true);
      try {
        const page = await sharePublic.list(shareId, token, target, after);
        setItems((prev) => (after ? [...prev, ...page.items] : page.items));
        setPath(page.path);
        setMarker(page.next_marker);
      } catch (err) {
        failRef.current(err);
      } finally {
        setLoading(false);
      }
    },
    [shareId, token],
  );

  useEffect(() => {
    setSelected(new Set());
    void load(folder, '');
  }, [folder, load]);

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  return {
    folder,
    setFolder,
    items,
    path,
    marker,
    loading,
    selected,
    setSelected,
    toggle,
    more: () => void load(folder, marker),
  };
}
