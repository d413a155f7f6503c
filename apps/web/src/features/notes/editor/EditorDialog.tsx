import type { Note } from '@phonecloud/shared';
import { NoteMsg } from '@phonecloud/shared';
import { Modal } from 'antd';
import { T } from '../texts';
import { NoteEditor } from './NoteEditor';
import { useNoteSaver } from './use-note-saver';

/** A note (or a new one) in a dialog; closing it saves what is pending. */
export function EditorDialog({ note, onClose }: { note: Note | null; onClose(): void }) {
  const saver = useNoteSaver(note);
  const done = async () => {
    if (await saver.finish()) onClose();
  };
  return (
    <Modal
      open
      title={saver.draft.serverId ? T.editTitle : NoteMsg.CREATE}
      onCancel={() => void done()}
      footer={null}
      width={640}
      className="note-editor-dialog"
      destroyOnHidden
    >
      <NoteEditor saver={saver} onDone={() => void done()} />
    </Modal>
  );
}
