import { DownloadOutlined, SoundOutlined } from '@ant-design/icons';
import { NoteMsg } from '@phonecloud/shared';
import { useMemo } from 'react';
import { audioType } from './draft';

/**
 * A recording that plays in the page; a format this browser cannot play (an .m4a in some
 * browsers, an unknown one) offers a download instead.
 */
export function RecordItem({ name, link }: { name: string; link: string }) {
  const playable = useMemo(() => {
    const type = audioType(name);
    return type !== '' && document.createElement('audio').canPlayType(type) !== '';
  }, [name]);
  return (
    <div className="note-record">
      <span className="note-record__name">
        <SoundOutlined /> {name}
      </span>
      {playable ? (
        // biome-ignore lint/a11y/useMediaCaption: a voice memo has no caption track to offer.
        <audio controls preload="none" src={link} aria-label={name} />
      ) : (
        <span className="note-record__fallback">
          {NoteMsg.RECORD_NOT_PLAYABLE}{' '}
          <a href={link} download={name}>
            <DownloadOutlined /> {NoteMsg.RECORD_DOWNLOAD}
          </a>
        </span>
      )}
    </div>
  );
}
