import { AudioOutlined, BorderOutlined, CheckSquareOutlined } from '@ant-design/icons';
import { type Note, noteRelativeTime } from '@phonecloud/shared';
import { memo } from 'react';
import { cardTitle, imagesOf, previewLines, recordCount } from '../state/note-text';
import { T } from '../texts';

const CARD_LINES = 3;

/** What a note card shows: colour mark, title, a few lines, image and recording marks, its time. */
export const NoteFace = memo(function NoteFace({ note, now }: { note: Note; now: number }) {
  const lines = previewLines(note, CARD_LINES);
  const images = imagesOf(note);
  const records = recordCount(note);
  return (
    <div className={`note-face note-colour-${note.classify}`}>
      <div className="note-face__title">{cardTitle(note, T.untitled)}</div>
      <ul className="note-face__lines">
        {lines.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: preview lines have no identity of their own.
          <li key={i} className={l.check === 'done' ? 'is-done' : undefined}>
            {l.check === 'open' && <BorderOutlined />}
            {l.check === 'done' && <CheckSquareOutlined />} {l.text}
          </li>
        ))}
      </ul>
      <div className="note-face__foot">
        {images.length > 0 && <span className="note-face__mark">{T.image}</span>}
        {records > 0 && (
          <span className="note-face__mark">
            <AudioOutlined /> {T.record}
          </span>
        )}
        <time className="note-face__time" dateTime={new Date(note.modified_date).toISOString()}>
          {noteRelativeTime(note.modified_date, now)}
        </time>
      </div>
    </div>
  );
});
