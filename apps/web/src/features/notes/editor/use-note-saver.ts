import { NOTE_AUTOSAVE_MS, NOTE_SAVED_TIP_MS, type Note, NoteMsg } from '@phonecloud/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { newRequestKey, shouldReport } from '../../../api';
import { toast } from '../../../components/toast';
import { noteCalls } from '../api/note-calls';
import { currentList, reloadList, updateList } from '../api/note-queries';
import { dropNote, putNote } from '../state/board-model';
import { afterSave, type Draft, draftOf, hasSubstance, inputOf } from './draft';

export interface NoteSaver {
  draft: Draft;
  /** Changes the draft; the note is saved NOTE_AUTOSAVE_MS after the last change. */
  edit(change: (d: Draft) => Draft): void;
  /** The saved tip is showing (NOTE_SAVED_TIP_MS after each save). */
  savedTip: boolean;
  /** The last save met a newer version: the user's text is a conflict copy now (the page says so). */
  conflict: boolean;
  saving: boolean;
  /**
   * Ends editing: a pending change is saved at once; an existing note that was emptied moves to
   * the recycle bin (spec 001 §4). Answers whether the editor may close (a failed save keeps it).
   */
  finish(): Promise<boolean>;
  /** Moves the note to the recycle bin (the delete button, after its confirm). */
  remove(): Promise<boolean>;
}

/** The saved tip: on for NOTE_SAVED_TIP_MS after each save. */
function useSavedTip(): [boolean, () => void] {
  const [shown, setShown] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = useCallback(() => {
    setShown(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setShown(false), NOTE_SAVED_TIP_MS);
  }, []);
  return [shown, show];
}

/** What the saver's steps share between renders: the draft as last edited and the save's state. */
interface SaverRefs {
  latest: RefObject<Draft>;
  /** An edit not saved yet. */
  dirty: RefObject<boolean>;
  inFlight: RefObject<Promise<boolean> | null>;
  /** The autosave's timer. */
  timer: RefObject<number | undefined>;
}

/** Moves the note to the recycle bin, after any save running; answers whether it went. */
function useRemoveNote({ latest, dirty, inFlight, timer }: SaverRefs): () => Promise<boolean> {
  const qc = useQueryClient();
  return useCallback(async (): Promise<boolean> => {
    window.clearTimeout(timer.current);
    if (inFlight.current) await inFlight.current;
    const { serverId, versionCode } = latest.current;
    dirty.current = false;
    if (!serverId) return true;
    try {
      const syncVersion = currentList(qc)?.sync_version ?? 0;
      await noteCalls.remove(syncVersion, { [serverId]: versionCode });
      updateList(qc, (list) => dropNote(list, serverId));
      toast.success(NoteMsg.DELETED);
      return true;
    } catch (e) {
      if (shouldReport(e)) toast.error(e instanceof Error ? e.message : String(e));
      void reloadList(qc);
      return false;
    }
  }, [qc, latest, dirty, inFlight, timer]);
}

/**
 * The editor's saving: autosave 2 s after an edit (spec 001 §4), one save.do at a time (an edit
 * during a save is saved after it), the version_code of each answer carried by the next save, and
 * the conflict copy the server makes when the phone changed the note meanwhile.
 */
export function useNoteSaver(note: Note | null, classify = 0): NoteSaver {
  const qc = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(note, classify));
  const [savedTip, showSavedTip] = useSavedTip();
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);
  // One key for this note's create, until it has its id: a create whose answer was lost is not
  // made twice by the next save.
  const createKey = useRef(newRequestKey());
  const latest = useRef(draft);
  latest.current = draft;
  const dirty = useRef(false);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const remove = useRemoveNote({ latest, dirty, inFlight, timer });

  useEffect(() => () => window.clearTimeout(timer.current), []);

  /** One save.do of the draft as it stands; a failure keeps it dirty for the next try. */
  const saveOnce = useCallback(
    async (d: Draft): Promise<boolean> => {
      try {
        const r = await noteCalls.save(inputOf(d), d.serverId ? undefined : createKey.current);
        setDraft((now) => afterSave(now, d, r));
        latest.current = afterSave(latest.current, d, r);
        updateList(qc, (list) => putNote({ ...list, sync_version: r.sync_version }, r.note));
        if (r.conflict) {
          setConflict(true);
          // The original changed elsewhere: show its newer text next to the copy.
          void reloadList(qc);
        }
        showSavedTip();
        return true;
      } catch (e) {
        // The text stays in the editor (and is tried again with the next edit or on closing).
        dirty.current = true;
        if (shouldReport(e)) toast.error(e instanceof Error ? e.message : String(e));
        return false;
      } finally {
        setSaving(false);
        inFlight.current = null;
      }
    },
    [qc, showSavedTip],
  );

  const saveNow = useCallback(async (): Promise<boolean> => {
    window.clearTimeout(timer.current);
    if (inFlight.current) await inFlight.current;
    if (!dirty.current) return true;
    const d = latest.current;
    // A new note with nothing in it is not saved; an emptied one goes to the bin on finish.
    if (!hasSubstance(d)) return true;
    dirty.current = false;
    setSaving(true);
    const run = saveOnce(d);
    inFlight.current = run;
    const ok = await run;
    if (ok && dirty.current) return saveNow();
    return ok;
  }, [saveOnce]);

  const edit = useCallback(
    (change: (d: Draft) => Draft) => {
      const next = change(latest.current);
      latest.current = next;
      setDraft(next);
      dirty.current = true;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void saveNow(), NOTE_AUTOSAVE_MS);
    },
    [saveNow],
  );

  const finish = useCallback(async (): Promise<boolean> => {
    if (latest.current.serverId && !hasSubstance(latest.current)) return remove();
    return saveNow();
  }, [remove, saveNow]);

  return { draft, edit, savedTip, conflict, saving, finish, remove };
}
