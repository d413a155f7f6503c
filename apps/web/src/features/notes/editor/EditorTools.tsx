import { AudioOutlined, CheckSquareOutlined, FontSizeOutlined, PictureOutlined } from '@ant-design/icons';
import { NOTE_IMAGE_EXTENSIONS, NOTE_RECORD_EXTENSIONS, NoteMode } from '@phonecloud/shared';
import { Button } from 'antd';
import { useRef } from 'react';
import { T } from '../texts';

const IMAGE_ACCEPT = NOTE_IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');
const RECORD_ACCEPT = NOTE_RECORD_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The editor's tools: a paragraph, a checklist line, a picture or a recording at the end. */
export function EditorTools({
  addLine,
  upload,
  uploading,
}: {
  addLine(after: string | null, mode: number): void;
  upload(file: File, kind: 'image' | 'record'): Promise<void>;
  uploading: boolean;
}) {
  const imageInput = useRef<HTMLInputElement>(null);
  const recordInput = useRef<HTMLInputElement>(null);
  const fileInput = (kind: 'image' | 'record') => (
    <input
      ref={kind === 'image' ? imageInput : recordInput}
      type="file"
      accept={kind === 'image' ? IMAGE_ACCEPT : RECORD_ACCEPT}
      className="notes-sr-only"
      aria-label={kind === 'image' ? T.insertImage : T.insertRecord}
      onChange={(e) => {
        const f = e.target.files?.[0];
        e.target.value = '';
        if (f) void upload(f, kind);
      }}
    />
  );
  return (
    <div className="note-editor__tools">
      <Button icon={<FontSizeOutlined />} onClick={() => addLine(null, NoteMode.PLAIN)}>
        {T.addText}
      </Button>
      <Button icon={<CheckSquareOutlined />} onClick={() => addLine(null, NoteMode.UNCHECKED)}>
        {T.addChecklist}
      </Button>
      <Button icon={<PictureOutlined />} loading={uploading} onClick={() => imageInput.current?.click()}>
        {T.insertImage}
      </Button>
      <Button icon={<AudioOutlined />} disabled={uploading} onClick={() => recordInput.current?.click()}>
        {T.insertRecord}
      </Button>
      {fileInput('image')}
      {fileInput('record')}
    </div>
  );
}
