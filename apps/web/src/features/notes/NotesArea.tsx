import { ConfirmHolder } from '../../components/confirm';
import './notes.css';
import { DeleteOutlined, ExportOutlined } from '@ant-design/icons';
import { NoteMsg } from '@phonecloud/shared';
import { Button, Result, Spin } from 'antd';
import { Navigate, Route, Routes } from 'react-router-dom';
import { SyncHeldBanner } from '../../components/SyncHeldBanner';
import { useNoteList } from './api/note-queries';
import { NotesDnd } from './boards/NotesDnd';
import { PreviewDialog } from './box/NotePreview';
import { ExportDialog } from './dialogs/ExportDialog';
import { EditorDialog } from './editor/EditorDialog';
import { RecycleDialog } from './recycle/RecycleDialog';
import { UiStateProvider, useUiState } from './state/ui-state';
import { useNotesPhoneSync } from './sync/use-phone-sync';
import { T } from './texts';

/**
 * The notes area (spec 001 §2): /note/index is the note box beside the blackboards; anything
 * else under /note goes there. A 6001 of list.do leads to /note.check (the client does that).
 */
export default function NotesArea() {
  return (
    <UiStateProvider>
      <ConfirmHolder />
      <Routes>
        <Route path="index" element={<NotesScreen />} />
        <Route path="*" element={<Navigate to="/note/index" replace />} />
      </Routes>
    </UiStateProvider>
  );
}

function NotesScreen() {
  const { data: list, isError, refetch, isFetching } = useNoteList();
  const ui = useUiState();
  // What phones sync: the list read again every 8 s, and the syncs the guard held.
  const held = useNotesPhoneSync();
  if (!list) {
    // Until list.do has answered the area is not shown (spec §6): a 2002 or 6001 leaves for the
    // login or check screen without it ever having shown.
    return (
      <div className="notes notes--waiting" aria-busy={!isError}>
        {isError ? (
          <Result
            status="warning"
            title={NoteMsg.NET_LIST}
            extra={
              <Button loading={isFetching} onClick={() => void refetch()}>
                {T.retry}
              </Button>
            }
          />
        ) : (
          <Spin tip={NoteMsg.LOADING}>
            <div className="notes-loading" />
          </Spin>
        )}
      </div>
    );
  }
  const editorNote = ui.editor && ui.editor !== 'new' ? (list.list[ui.editor] ?? null) : null;
  const previewNote = ui.preview ? list.list[ui.preview] : undefined;
  return (
    <div className="notes" aria-busy={false}>
      <SyncHeldBanner area="notes" state={held} />
      <div className="notes-toolbar">
        <Button icon={<DeleteOutlined />} onClick={() => ui.openDialog('recycle')}>
          {T.recycle}
        </Button>
        <Button icon={<ExportOutlined />} onClick={() => ui.openDialog('export')}>
          {T.export}
        </Button>
      </div>
      <NotesDnd list={list} />
      {ui.editor !== null && (
        <EditorDialog key={ui.editor} note={editorNote} onClose={() => ui.openEditor(null)} />
      )}
      {previewNote && (
        <PreviewDialog
          note={previewNote}
          onClose={() => ui.openPreview(null)}
          onEdit={() => {
            ui.openPreview(null);
            ui.openEditor(previewNote.server_id);
          }}
        />
      )}
      {ui.dialog === 'recycle' && <RecycleDialog onClose={() => ui.openDialog(null)} />}
      {ui.dialog === 'export' && (
        <ExportDialog syncVersion={list.sync_version} onClose={() => ui.openDialog(null)} />
      )}
    </div>
  );
}
