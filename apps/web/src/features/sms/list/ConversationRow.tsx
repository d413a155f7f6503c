import type { SmsContactIcon } from '@phonecloud/shared';
import type { ReactNode } from 'react';
import { ContactAvatar } from '../../../components/ContactAvatar';
import { listDate } from '../format/sms-date';

interface Props {
  name: ReactNode;
  /** For the avatar's initial and tint (a number without a contact gets the person icon). */
  plainName: string;
  contact: SmsContactIcon | null;
  line: ReactNode;
  date: number;
  count?: number;
  active: boolean;
  href: string;
  /** Attributes for tests and the bench: which conversation or message the row opens. */
  address: string;
  serverId?: string;
}

/** One row of the list, the favourites or the search results: who, the text, when. */
export function ConversationRow(props: Props) {
  const { name, plainName, contact, line, date, count, active, href, address, serverId } = props;
  return (
    <a
      href={`#${href}`}
      className={`sms-row${active ? ' is-active' : ''}`}
      data-address={address}
      data-server-id={serverId}
      aria-current={active ? 'page' : undefined}
    >
      <ContactAvatar name={contact ? plainName : ''} url={contact?.avatar || null} size={40} />
      <span className="sms-row__text">
        <span className="sms-row__top">
          <span className="sms-row__name">{name}</span>
          <span className="sms-row__date">{listDate(date)}</span>
        </span>
        <span className="sms-row__bottom">
          <span className="sms-row__line">{line}</span>
          {count !== undefined && <span className="sms-row__count">{count}</span>}
        </span>
      </span>
    </a>
  );
}
