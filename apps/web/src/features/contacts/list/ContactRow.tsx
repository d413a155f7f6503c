import type { Contact } from '@phonecloud/shared';
import { memo } from 'react';
import { ContactAvatar } from '../../../components/ContactAvatar';
import { Highlight } from '../../../components/Highlight';
import { useLongPress } from '../../../components/use-long-press';
import { avatarUrl, displayName } from '../format/contact-view';
import { rowLines } from './row-lines';

interface Props {
  id: string;
  contact: Contact;
  /** Normalised query ('' when not searching). */
  q: string;
  active: boolean;
  checked: boolean;
  selectMode: boolean;
  onOpen(id: string): void;
  onToggle(id: string): void;
}

/** One contact of the list: avatar, name and phone, or the field the search matched. */
export const ContactRow = memo(function ContactRow({
  id,
  contact,
  q,
  active,
  checked,
  selectMode,
  onOpen,
  onToggle,
}: Props) {
  const name = displayName(contact);
  // The second line says why a contact matched when its name as shown does not show it.
  const { name: shownName, why, phone } = rowLines(contact, q);
  // Phones have no hover to show the checkbox: a long press checks the row (and starts selecting).
  const longPress = useLongPress(() => onToggle(id));
  const className = `contact-row${active ? ' is-active' : ''}${checked ? ' is-checked' : ''}${selectMode ? ' is-selecting' : ''}`;
  return (
    <div
      className={className}
      role="option"
      aria-selected={selectMode ? checked : active}
      data-id={id}
      tabIndex={-1}
      {...longPress}
      onClick={(e) => {
        // The checkbox toggles on its own; a click on it must not also open the contact.
        if ((e.target as HTMLElement).closest('.contact-row__check')) return;
        if (selectMode) onToggle(id);
        else onOpen(id);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onOpen(id);
      }}
    >
      <span className="contact-row__check">
        {/* A plain checkbox: every row has one, and antd's costs more to mount than the row. */}
        <input
          type="checkbox"
          className="contact-row__box"
          checked={checked}
          onChange={() => onToggle(id)}
          aria-label={`选择 ${name}`}
        />
      </span>
      <ContactAvatar name={name} url={avatarUrl(contact)} size={36} />
      <span className="contact-row__text">
        <span className="contact-row__name" title={name}>
          <Highlight text={shownName} query={q} />
        </span>
        <span className="contact-row__sub">
          {why ? (
            <>
              <span className="contact-row__why">{why.label}</span>
              <Highlight text={why.text} query={q} />
            </>
          ) : (
            <Highlight text={phone} query={q} />
          )}
        </span>
      </span>
    </div>
  );
});
