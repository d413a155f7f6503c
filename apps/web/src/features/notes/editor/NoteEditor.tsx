import { DeleteOutlined } from '@ant-design/icons';
import { NOTE_TITLE_MAX, NoteMsg } from '@phonecloud/shared';
import { Alert, Button } from 'antd';
import { useRef } from 'react';
import { confirmDelete } from '../confirm';
import { T } from '../texts';
import { BlockView } from './BlockView';
import { ColourMarks } from './ColourMarks';
import { EditorTools } from './EditorTools';
import { useDraftBlocks } from './use-draft-blocks';
import { useNoteAttachments } from './use-note-attachments';
import type { NoteSaver } from './use-note-saver';

/** The editing surface of a note (title, blocks, colour, the saved tip), in a dialog or in place. */
export function NoteEditor({ saver, onDone }: { saver: NoteSaver; onDone(): void }) {
  const { draft, edit, savedTip, conflict } = saver;
  const root = useRef<HTMLDivElement>(null);
  const blocks = useDraftBlocks(draft, edit, root);
  const { upload, uploading, fileError } = useNoteAttachments(blocks.setBlocks);
  const askDelete = () =>
    confirmDelete(async () => {
      if (await saver.remove()) onDone();
    });

  return (
    <div ref={root} className={`note-editor note-colour-${draft.classify}`}>
      {conflict && (
        <Alert className="note-editor__conflict" type="warning" showIcon message={NoteMsg.CONFLICT_COPY} />
      )}
      <div className="note-editor__titles">
        <input
          className="note-editor__title"
          aria-label={NoteMsg.TITLE_PLACEHOLDER}
          placeholder={NoteMsg.TITLE_PLACEHOLDER}
          maxLength={NOTE_TITLE_MAX}
          value={draft.main}
          onChange={(e) => edit((d) => ({ ...d, main: e.target.value }))}
        />
        <input
          className="note-editor__subtitle"
          aria-label={T.titleSub}
          placeholder={T.titleSub}
          maxLength={NOTE_TITLE_MAX}
          value={draft.sub}
          onChange={(e) => edit((d) => ({ ...d, sub: e.target.value }))}
        />
      </div>
      <div className="note-editor__blocks">
        {draft.blocks.map((b, i) => (
          <BlockView key={b.key} block={b} index={i} blocks={blocks} />
        ))}
      </div>
      <EditorTools addLine={blocks.addLine} upload={upload} uploading={uploading} />
      <div className="field-error" role={fileError ? 'alert' : undefined}>
        {fileError}
      </div>
      <div className="note-editor__foot">
        <ColourMarks value={draft.classify} onChange={(classify) => edit((d) => ({ ...d, classify }))} />
        <span className="note-editor__saved" role="status">
          {savedTip ? NoteMsg.SAVED : ''}
        </span>
        {draft.serverId && (
          <Button danger icon={<DeleteOutlined />} onClick={askDelete}>
            {T.delete}
          </Button>
        )}
        <Button type="primary" onClick={onDone}>
          {T.done}
        </Button>
      </div>
    </div>
  );
}
