import { NOTE_AUTOSAVE_MS, NOTE_SAVED_TIP_MS, type Note, NoteMsg } from '@phonecloud/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { newRequestKey, shouldReport } from '../../../api';
import { toast } from '../../../components/toast';
import { noteCalls } from '../api/note-calls';
import { currentList, reloadList, updateList } from '../api/note-queries';
import { dropNote, putNote } from '../state/board-model';
import { type Draft, draftOf, hasSubstance, inputOf } from './draft';

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

/**
 * The editor's saving: autosave 2 s after an edit (spec 001 §4), one save.do at a time (an edit
 * during a save is saved after it), the version_code of each answer carried by the next save, and
 * the conflict copy the server makes when the phone changed the note meanwhile.
 */
export function useNoteSaver(note: Note | null, classify = 0): NoteSaver {
  const qc = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(note, classify));
  const [savedTip, setSavedTip] = useState(false);
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
  const tipTimer = useRef<number | undefined>(undefined);

  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      window.clearTimeout(tipTimer.current);
    },
    [],
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
    const run = (async () => {
      try {
        const r = await noteCalls.save(inputOf(d), d.serverId ? undefined : createKey.current);
        setDraft((now) => ({ ...now, serverId: r.server_id, versionCode: r.version_code }));
        latest.current = { ...latest.current, serverId: r.server_id, versionCode: r.version_code };
        updateList(qc, (list) => putNote({ ...list, sync_version: r.sync_version }, r.note));
        if (r.conflict) {
          setConflict(true);
          // The original changed elsewhere: show its newer text next to the copy.
          void reloadList(qc);
        }
        setSavedTip(true);
        window.clearTimeout(tipTimer.current);
        tipTimer.current = window.setTimeout(() => setSavedTip(false), NOTE_SAVED_TIP_MS);
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
    })();
    inFlight.current = run;
    const ok = await run;
    if (ok && dirty.current) return saveNow();
    return ok;
  }, [qc]);

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

  const remove = useCallback(async (): Promise<boolean> => {
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
  }, [qc]);

  const finish = useCallback(async (): Promise<boolean> => {
    if (latest.current.serverId && !hasSubstance(latest.current)) return remove();
    return saveNow();
  }, [remove, saveNow]);

  return { draft, edit, savedTip, conflict, saving, finish, remove };
}
