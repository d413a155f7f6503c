import { DeleteOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { SMS_TYPE_RECEIVED, type SmsItem } from '@phonecloud/shared';
import { Dropdown } from 'antd';
import { memo, type ReactNode } from 'react';
import { clockOf } from '../format/sms-date';
import { T } from '../texts';

interface Props {
  sms: SmsItem;
  /** The message full/{address}.{id} opened: marked. */
  anchored: boolean;
  /** This bubble's popup is open (one at a time in a conversation). */
  menuOpen: boolean;
  onMenu(serverId: string | null): void;
  onFavourite(sms: SmsItem, on: boolean): void;
  /** Asks to delete this one message (the conversation confirms first). */
  onDelete(sms: SmsItem): void;
}

/**
 * One message (spec 001 §2): received (type 1) on the left, sent on the right, with its time. A
 * click, tap or right click opens its popup: add or remove the favourite, delete the message. Only the bubble whose
 * popup is open carries antd's Dropdown: a scroll through a long conversation mounts plain
 * buttons, not a popup trigger per row.
 */
export const Bubble = memo(function Bubble({
  sms,
  anchored,
  menuOpen,
  onMenu,
  onFavourite,
  onDelete,
}: Props) {
  const received = sms.content.type === SMS_TYPE_RECEIVED;
  const locked = sms.content.locked === 1;
  const pictures = sms.content.attachments ?? [];
  const button = (
    <button
      type="button"
      className="sms-bubble"
      aria-haspopup="menu"
      aria-expanded={menuOpen}
      onClick={() => onMenu(menuOpen ? null : sms.server_id)}
      onContextMenu={(e) => {
        e.preventDefault();
        onMenu(sms.server_id);
      }}
    >
      {pictures.map((src) => (
        <img key={src} className="sms-bubble__picture" src={src} alt="" loading="lazy" />
      ))}
      {sms.content.body && <span className="sms-bubble__body">{sms.content.body}</span>}
    </button>
  );
  let bubble: ReactNode = button;
  if (menuOpen) {
    bubble = (
      <Dropdown
        open
        onOpenChange={(open) => {
          if (!open) onMenu(null);
        }}
        trigger={['click']}
        placement={received ? 'bottomLeft' : 'bottomRight'}
        rootClassName="sms-bubble-menu"
        menu={{
          items: [
            {
              key: 'favourite',
              icon: locked ? <StarOutlined /> : <StarFilled />,
              label: locked ? T.unfavourite : T.favourite,
              onClick: () => {
                onMenu(null);
                onFavourite(sms, !locked);
              },
            },
            {
              key: 'delete',
              icon: <DeleteOutlined />,
              label: T.deleteMessageItem,
              danger: true,
              onClick: () => {
                onMenu(null);
                onDelete(sms);
              },
            },
          ],
        }}
      >
        {button}
      </Dropdown>
    );
  }
  return (
    <div
      className={`sms-msg ${received ? 'sms-msg--in' : 'sms-msg--out'}${anchored ? ' is-anchor' : ''}`}
      data-server-id={sms.server_id}
      data-locked={locked ? 1 : 0}
    >
      {bubble}
      <span className="sms-msg__meta">
        {locked && <StarFilled className="sms-msg__star" aria-label={T.favourite} />}
        <time dateTime={new Date(sms.content.date).toISOString()}>{clockOf(sms.content.date)}</time>
      </span>
    </div>
  );
});
