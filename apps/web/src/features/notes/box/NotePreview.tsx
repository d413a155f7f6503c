import { type Note, NoteBlockType, NoteMode, noteRelativeTime } from '@phonecloud/shared';
import { Modal } from 'antd';
import { RecordItem } from '../editor/RecordItem';
import { cardTitle } from '../state/note-text';
import { T } from '../texts';

/** The whole note, read only: the hover preview of a card, and its touch equivalent. */
export function NotePreviewBody({ note }: { note: Note }) {
  return (
    <div className={`note-preview note-colour-${note.classify}`}>
      <div className="note-preview__title">{cardTitle(note, T.untitled)}</div>
      {note.content.map((b, i) => {
        const key = `${i}`;
        if (b.type === NoteBlockType.IMAGE) return <img key={key} src={b.content} alt="" loading="lazy" />;
        if (b.type === NoteBlockType.RECORD) return <RecordItem key={key} name={b.content} link={b.link} />;
        const check = b.mode === NoteMode.PLAIN ? '' : b.mode === NoteMode.CHECKED ? '☑ ' : '☐ ';
        return (
          <p key={key} className={b.mode === NoteMode.CHECKED ? 'is-done' : undefined}>
            {check}
            {b.content}
          </p>
        );
      })}
      <div className="note-preview__time">{noteRelativeTime(note.modified_date)}</div>
    </div>
  );
}

/** The preview in a dialog: what a touch screen opens from the card's menu (no hover there). */
export function PreviewDialog({ note, onClose, onEdit }: { note: Note; onClose(): void; onEdit(): void }) {
  return (
    <Modal
      open
      title={T.preview}
      onCancel={onClose}
      onOk={onEdit}
      okText={T.edit}
      cancelText={T.close}
      width={520}
    >
      <NotePreviewBody note={note} />
    </Modal>
  );
}
