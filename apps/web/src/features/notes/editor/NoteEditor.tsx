import {
  AudioOutlined,
  CheckSquareOutlined,
  DeleteOutlined,
  FontSizeOutlined,
  PictureOutlined,
} from '@ant-design/icons';
import {
  NOTE_IMAGE_EXTENSIONS,
  NOTE_RECORD_EXTENSIONS,
  NOTE_TITLE_MAX,
  NoteBlockType,
  NoteMode,
  NoteMsg,
} from '@phonecloud/shared';
import { Alert, Button, Checkbox } from 'antd';
import { type KeyboardEvent, useRef, useState } from 'react';
import { shouldReport } from '../../../api';
import { useTransientText } from '../../../components/use-transient-text';
import { uploadNoteFile } from '../api/upload';
import { confirmDelete } from '../confirm';
import { T } from '../texts';
import { ColourMarks } from './ColourMarks';
import { type Draft, type DraftBlock, fileExtension, textBlock } from './draft';
import { RecordItem } from './RecordItem';
import type { NoteSaver } from './use-note-saver';

const IMAGE_ACCEPT = NOTE_IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');
const RECORD_ACCEPT = NOTE_RECORD_EXTENSIONS.map((e) => `.${e}`).join(',');
const isOneOf = (list: readonly string[], name: string) => list.includes(fileExtension(name));

/** The editing surface of a note (title, blocks, colour, the saved tip), in a dialog or in place. */
export function NoteEditor({ saver, onDone }: { saver: NoteSaver; onDone(): void }) {
  const { draft, edit, savedTip, conflict } = saver;
  const [fileError, showFileError] = useTransientText();
  const [uploading, setUploading] = useState(false);
  const imageInput = useRef<HTMLInputElement>(null);
  const recordInput = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);

  const setBlocks = (change: (blocks: DraftBlock[]) => DraftBlock[]) =>
    edit((d: Draft) => ({ ...d, blocks: change(d.blocks) }));
  const patch = (key: string, change: Partial<DraftBlock>) =>
    setBlocks((blocks) => blocks.map((b) => (b.key === key ? ({ ...b, ...change } as DraftBlock) : b)));
  const focusLine = (key: string) =>
    window.requestAnimationFrame(() =>
      root.current
        ?.querySelector<HTMLElement>(`[data-key="${key}"] input, [data-key="${key}"] textarea`)
        ?.focus(),
    );

  const addLine = (after: string | null, mode: number) => {
    const line = textBlock('', mode);
    setBlocks((blocks) => {
      const at = after === null ? blocks.length : blocks.findIndex((b) => b.key === after) + 1;
      return [...blocks.slice(0, at), line, ...blocks.slice(at)];
    });
    focusLine(line.key);
  };

  const onLineKey = (e: KeyboardEvent<HTMLInputElement>, block: DraftBlock, index: number) => {
    if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      addLine(block.key, NoteMode.UNCHECKED);
    } else if (e.key === 'Backspace' && block.type === NoteBlockType.TEXT && block.content === '') {
      e.preventDefault();
      const prev = draft.blocks[index - 1];
      setBlocks((blocks) => blocks.filter((b) => b.key !== block.key));
      if (prev) focusLine(prev.key);
    }
  };

  const upload = async (file: File, kind: 'image' | 'record') => {
    if (kind === 'image' && !isOneOf(NOTE_IMAGE_EXTENSIONS, file.name)) {
      showFileError(NoteMsg.IMAGE_FORMAT);
      return;
    }
    if (kind === 'record' && !isOneOf(NOTE_RECORD_EXTENSIONS, file.name)) {
      showFileError(NoteMsg.RECORD_FORMAT);
      return;
    }
    setUploading(true);
    try {
      const r = await uploadNoteFile(file, kind);
      const block: DraftBlock =
        kind === 'image'
          ? { key: textBlock().key, type: NoteBlockType.IMAGE, content: r.cloud_path }
          : {
              key: textBlock().key,
              type: NoteBlockType.RECORD,
              content: r.name || file.name,
              link: r.cloud_path,
            };
      setBlocks((blocks) => [...blocks, block]);
    } catch (e) {
      if (shouldReport(e)) showFileError(e instanceof Error ? e.message : NoteMsg.UPLOAD_FAILED);
    } finally {
      setUploading(false);
    }
  };

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
        {draft.blocks.map((b, i) => {
          if (b.type === NoteBlockType.IMAGE) {
            return (
              <figure key={b.key} data-key={b.key} className="note-block note-block--image">
                <img src={b.content} alt="" loading="lazy" />
                <Button
                  size="small"
                  className="note-block__remove"
                  icon={<DeleteOutlined />}
                  aria-label={`${T.removeBlock}图片`}
                  onClick={() => setBlocks((blocks) => blocks.filter((x) => x.key !== b.key))}
                />
              </figure>
            );
          }
          if (b.type === NoteBlockType.RECORD) {
            return (
              <div key={b.key} data-key={b.key} className="note-block note-block--record">
                <RecordItem name={b.content} link={b.link} />
                <Button
                  size="small"
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={`${T.removeBlock}录音`}
                  onClick={() => setBlocks((blocks) => blocks.filter((x) => x.key !== b.key))}
                />
              </div>
            );
          }
          if (b.mode === NoteMode.PLAIN) {
            return (
              <div key={b.key} data-key={b.key} className="note-block note-block--text">
                <textarea
                  aria-label="便签内容"
                  placeholder={T.textPlaceholder}
                  value={b.content}
                  rows={2}
                  onChange={(e) => patch(b.key, { content: e.target.value })}
                />
              </div>
            );
          }
          return (
            <div key={b.key} data-key={b.key} className="note-block note-block--check">
              <Checkbox
                aria-label={`勾选 ${b.content}`}
                checked={b.mode === NoteMode.CHECKED}
                onChange={(e) =>
                  patch(b.key, {
                    mode: e.target.checked ? NoteMode.CHECKED : NoteMode.UNCHECKED,
                    checked: e.target.checked ? 1 : 0,
                  })
                }
              />
              <input
                aria-label={T.checklistLine}
                className={b.mode === NoteMode.CHECKED ? 'is-done' : undefined}
                value={b.content}
                onChange={(e) => patch(b.key, { content: e.target.value })}
                onKeyDown={(e) => onLineKey(e, b, i)}
              />
              <Button
                size="small"
                type="text"
                icon={<DeleteOutlined />}
                aria-label={T.removeLine}
                onClick={() => setBlocks((blocks) => blocks.filter((x) => x.key !== b.key))}
              />
            </div>
          );
        })}
      </div>
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
        <input
          ref={imageInput}
          type="file"
          accept={IMAGE_ACCEPT}
          className="notes-sr-only"
          aria-label={T.insertImage}
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void upload(f, 'image');
          }}
        />
        <input
          ref={recordInput}
          type="file"
          accept={RECORD_ACCEPT}
          className="notes-sr-only"
          aria-label={T.insertRecord}
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void upload(f, 'record');
          }}
        />
      </div>
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
