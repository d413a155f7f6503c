import { StarFilled, StarOutlined } from '@ant-design/icons';
import { SMS_TYPE_RECEIVED, type SmsItem } from '@phonecloud/shared';
import { Dropdown } from 'antd';
import { clockOf } from '../format/sms-date';
import { T } from '../texts';

interface Props {
  sms: SmsItem;
  /** The message full/{address}.{id} opened: marked. */
  anchored: boolean;
  onFavourite(sms: SmsItem, on: boolean): void;
}

/**
 * One message (spec 001 §2): received (type 1) on the left, sent on the right, with its time. A
 * click (or right click) opens its popup to add or remove the favourite.
 */
export function Bubble({ sms, anchored, onFavourite }: Props) {
  const received = sms.content.type === SMS_TYPE_RECEIVED;
  const locked = sms.content.locked === 1;
  const pictures = sms.content.attachments ?? [];
  return (
    <div
      className={`sms-msg ${received ? 'sms-msg--in' : 'sms-msg--out'}${anchored ? ' is-anchor' : ''}`}
      data-server-id={sms.server_id}
      data-locked={locked ? 1 : 0}
    >
      <Dropdown
        trigger={['click', 'contextMenu']}
        placement={received ? 'bottomLeft' : 'bottomRight'}
        menu={{
          items: [
            {
              key: 'favourite',
              icon: locked ? <StarOutlined /> : <StarFilled />,
              label: locked ? T.unfavourite : T.favourite,
              onClick: () => onFavourite(sms, !locked),
            },
          ],
        }}
      >
        <button type="button" className="sms-bubble" aria-haspopup="menu">
          {pictures.map((src) => (
            <img key={src} className="sms-bubble__picture" src={src} alt="" loading="lazy" />
          ))}
          {sms.content.body && <span className="sms-bubble__body">{sms.content.body}</span>}
        </button>
      </Dropdown>
      <span className="sms-msg__meta">
        {locked && <StarFilled className="sms-msg__star" aria-label={T.favourite} />}
        <time dateTime={new Date(sms.content.date).toISOString()}>{clockOf(sms.content.date)}</time>
      </span>
    </div>
  );
}
