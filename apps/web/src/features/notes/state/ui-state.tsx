import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

export type NotesDialog = 'recycle' | 'export' | null;
/** The note open in the editor dialog: a note id, 'new', or none. */
export type EditorTarget = string | 'new' | null;

interface UiState {
  editor: EditorTarget;
  openEditor(target: EditorTarget): void;
  /** The note being edited in place on its board. */
  inPlace: string | null;
  editInPlace(id: string | null): void;
  preview: string | null;
  openPreview(id: string | null): void;
  dialog: NotesDialog;
  openDialog(dialog: NotesDialog): void;
  /** The board on screen, by its index in creation order. */
  boardIndex: number;
  setBoardIndex(index: number): void;
}

const Ctx = createContext<UiState | null>(null);

/** What the notes screen has open; shared by the box, the boards and the dialogs. */
export function UiStateProvider({ children }: { children: ReactNode }) {
  const [editor, openEditor] = useState<EditorTarget>(null);
  const [inPlace, editInPlace] = useState<string | null>(null);
  const [preview, openPreview] = useState<string | null>(null);
  const [dialog, openDialog] = useState<NotesDialog>(null);
  const [boardIndex, setBoardIndex] = useState(0);
  const value = useMemo(
    () => ({
      editor,
      openEditor,
      inPlace,
      editInPlace,
      preview,
      openPreview,
      dialog,
      openDialog,
      boardIndex,
      setBoardIndex,
    }),
    [editor, inPlace, preview, dialog, boardIndex],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useUiState(): UiState {
  const v = useContext(Ctx);
  if (!v) throw new Error('useUiState outside UiStateProvider');
  return v;
}
