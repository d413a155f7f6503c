import { DeleteOutlined } from '@ant-design/icons';
import { NoteBlockType, NoteMode } from '@phonecloud/shared';
import { Button, Checkbox } from 'antd';
import { T } from '../texts';
import type { DraftBlock } from './draft';
import { RecordItem } from './RecordItem';
import type { DraftBlocks } from './use-draft-blocks';

/** One block of the note being edited: a picture, a recording, a paragraph or a checklist line. */
export function BlockView({
  block: b,
  index,
  blocks,
}: {
  block: DraftBlock;
  index: number;
  blocks: DraftBlocks;
}) {
  if (b.type === NoteBlockType.IMAGE) {
    return (
      <figure data-key={b.key} className="note-block note-block--image">
        <img src={b.content} alt="" loading="lazy" />
        <Button
          size="small"
          className="note-block__remove"
          icon={<DeleteOutlined />}
          aria-label={`${T.removeBlock}图片`}
          onClick={() => blocks.remove(b.key)}
        />
      </figure>
    );
  }
  if (b.type === NoteBlockType.RECORD) {
    return (
      <div data-key={b.key} className="note-block note-block--record">
        <RecordItem name={b.content} link={b.link} />
        <Button
          size="small"
          type="text"
          icon={<DeleteOutlined />}
          aria-label={`${T.removeBlock}录音`}
          onClick={() => blocks.remove(b.key)}
        />
      </div>
    );
  }
  if (b.mode === NoteMode.PLAIN) {
    return (
      <div data-key={b.key} className="note-block note-block--text">
        <textarea
          aria-label="便签内容"
          placeholder={T.textPlaceholder}
          value={b.content}
          rows={2}
          onChange={(e) => blocks.patch(b.key, { content: e.target.value })}
        />
      </div>
    );
  }
  return <ChecklistLine block={b} index={index} blocks={blocks} />;
}

function ChecklistLine({
  block: b,
  index,
  blocks,
}: {
  block: DraftBlock;
  index: number;
  blocks: DraftBlocks;
}) {
  const checked = b.type === NoteBlockType.TEXT && b.mode === NoteMode.CHECKED;
  return (
    <div data-key={b.key} className="note-block note-block--check">
      <Checkbox
        aria-label={`勾选 ${b.content}`}
        checked={checked}
        onChange={(e) =>
          blocks.patch(b.key, {
            mode: e.target.checked ? NoteMode.CHECKED : NoteMode.UNCHECKED,
            checked: e.target.checked ? 1 : 0,
          })
        }
      />
      <input
        aria-label={T.checklistLine}
        className={checked ? 'is-done' : undefined}
        value={b.content}
        onChange={(e) => blocks.patch(b.key, { content: e.target.value })}
        onKeyDown={(e) => blocks.onLineKey(e, b, index)}
      />
      <Button
        size="small"
        type="text"
        icon={<DeleteOutlined />}
        aria-label={T.removeLine}
        onClick={() => blocks.remove(b.key)}
      />
    </div>
  );
}
