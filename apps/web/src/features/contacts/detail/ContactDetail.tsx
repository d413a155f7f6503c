import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import {
  CalendarKind,
  CONTACT_TRUNCATE,
  type Contact,
  GROUP_TRUNCATE_DETAIL,
  ImProtocol,
} from '@phonecloud/shared';
import { Button, Modal, Spin, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { ContactAvatar } from '../../../components/ContactAvatar';
import { toast } from '../../../components/toast';
import { callFailure } from '../api/call-failure';
import { contactCalls } from '../api/contact-calls';
import type { Book } from '../book/book';
import { useBookSync } from '../book/use-book';
import { avatarUrl, displayName } from '../format/contact-view';
import { truncate } from '../format/truncate';
import {
  ADDRESS_TYPES,
  CALENDAR_KINDS,
  EMAIL_TYPES,
  EVENT_TYPES,
  IM_PROTOCOLS,
  labelOf,
  PHONE_TYPES,
  WEBSITE_TYPES,
} from '../format/type-labels';
import { ContactRoute } from '../state/routes';
import { T } from '../texts';

interface Line {
  key: string;
  label: string;
  value: ReactNode;
  title?: string;
}

/** The detail's lines: every filled field of spec 001 §3 with its type, display-truncated. */
function linesOf(c: Contact): Line[] {
  const { content } = c;
  const lines: Line[] = [];
  const cut = (v: string, max: number) => ({ value: truncate(v, max), title: v });
  lines.push(
    ...content.phone.map((p, i) => ({
      key: `p${i}`,
      label: labelOf(PHONE_TYPES, p.type),
      ...cut(p.number, CONTACT_TRUNCATE.phone),
    })),
  );
  lines.push(
    ...content.email.map((e, i) => ({
      key: `e${i}`,
      label: `${labelOf(EMAIL_TYPES, e.type)}邮箱`,
      ...cut(e.address, CONTACT_TRUNCATE.email),
    })),
  );
  lines.push(
    ...content.im.map((m, i) => ({
      key: `i${i}`,
      label:
        m.protocol === ImProtocol.CUSTOM && m.custom_protocol
          ? m.custom_protocol
          : labelOf(IM_PROTOCOLS, m.protocol),
      value: m.address,
    })),
  );
  lines.push(
    ...content['postal-address'].map((a, i) => ({
      key: `a${i}`,
      label: `${labelOf(ADDRESS_TYPES, a.type)}地址`,
      ...cut(a.formatted_address, CONTACT_TRUNCATE.address),
    })),
  );
  lines.push(
    ...content.event.map((e, i) => ({
      key: `v${i}`,
      label: labelOf(EVENT_TYPES, e.type),
      value: `${e.start_date}${e.lunar_or_solar === CalendarKind.LUNAR ? `（${labelOf(CALENDAR_KINDS, e.lunar_or_solar)}）` : ''}`,
    })),
  );
  lines.push(...content.nickname.map((n, i) => ({ key: `n${i}`, label: T.nickname, value: n.name })));
  lines.push(
    ...content.website.map((w, i) => ({
      key: `w${i}`,
      label: labelOf(WEBSITE_TYPES, w.type),
      value: (
        <a
          href={/^[a-z]+:\/\//i.test(w.url) ? w.url : `http://${w.url}`}
          target="_blank"
          rel="noreferrer noopener"
        >
          {w.url}
        </a>
      ),
    })),
  );
  lines.push(
    ...content.note.map((n, i) => ({
      key: `o${i}`,
      label: T.note,
      value: <span className="detail-note">{n.note}</span>,
    })),
  );
  return lines;
}

/** /contact/index/{id}: one contact, with the edit link (and a delete button). */
export function ContactDetail({ book }: { book: Book }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const sync = useBookSync();
  const [modal, modalHolder] = Modal.useModal();
  const contact = book.byId.get(id);
  if (!contact) {
    // Not arrived yet, or gone (deleted here or on the phone): then back to the list.
    return book.loaded ? <Navigate to={ContactRoute.index} replace /> : <Spin className="contacts-loading" />;
  }

  const name = displayName(contact);
  const phonetic = contact.content.name[0]?.phonetic_family_name;
  const org = contact.content.organization[0];
  const lines = linesOf(contact);

  const remove = () =>
    void modal.confirm({
      title: T.delete,
      content: T.deleteOneConfirm,
      okText: T.delete,
      okButtonProps: { danger: true },
      cancelText: T.cancel,
      onOk: async () => {
        try {
          await contactCalls.remove(book.syncVersion, { [id]: contact.version_code });
        } catch (e) {
          // The dialog closes (a resolved onOk): a retry from it would send the same stale
          // version_code. The synced book then shows the contact as it is now, or leaves the
          // detail if it is gone, and the delete button sends its current version_code.
          const failed = callFailure(e);
          if (failed.text) toast.error(failed.text);
          if (failed.resync) await sync();
          return;
        }
        await sync();
        toast.success(T.deleted);
        navigate(ContactRoute.root);
      },
    });

  return (
    <article className="contact-detail" aria-label={name}>
      {modalHolder}
      <header className="contact-detail__head">
        <ContactAvatar name={name} url={avatarUrl(contact)} size={72} />
        <div className="contact-detail__who">
          <h2 className="contact-detail__name" title={name}>
            {truncate(name, CONTACT_TRUNCATE.name)}
          </h2>
          {phonetic && <div className="contact-detail__phonetic">{phonetic}</div>}
          {org && (
            <div className="contact-detail__org">{[org.company, org.title].filter(Boolean).join(' · ')}</div>
          )}
        </div>
        <div className="contact-detail__actions">
          <Button icon={<EditOutlined />} href={`#${ContactRoute.edit(id)}`}>
            {T.edit}
          </Button>
          <Button icon={<DeleteOutlined />} danger onClick={remove}>
            {T.delete}
          </Button>
        </div>
      </header>
      {contact.content.group.length > 0 && (
        <div className="contact-detail__groups">
          {contact.content.group.map((g) => (
            <Tag key={g.groupTitle} title={g.groupTitle}>
              {truncate(g.groupTitle, GROUP_TRUNCATE_DETAIL)}
            </Tag>
          ))}
        </div>
      )}
      <dl className="contact-detail__lines">
        {lines.map((l) => (
          <div key={l.key} className="detail-line">
            <dt>{l.label}</dt>
            <dd title={l.title}>{l.value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
