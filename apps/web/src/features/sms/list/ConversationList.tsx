import type { SmsData } from '@phonecloud/shared';
import { whoOf } from '../format/contact-name';
import { SmsRoute } from '../state/routes';
import { T } from '../texts';
import { ConversationRow } from './ConversationRow';
import { previewOf } from './preview';
import { VirtualRows } from './VirtualRows';

const ROW_PX = 68;

/** The messages tab: every conversation, newest first, with its last message and count. */
export function ConversationList({ box, activeAddress }: { box: SmsData; activeAddress: string | null }) {
  const list = box.collection_list;
  return (
    <VirtualRows
      label={T.tabMessages}
      resetKey="messages"
      count={list.length}
      rowPx={ROW_PX}
      rowKey={(i) => list[i]?.format_address ?? String(i)}
      renderRow={(i) => {
        const c = list[i];
        if (!c) return null;
        const who = whoOf(c.format_address, box.contactIcon_list);
        return (
          <ConversationRow
            name={who.name}
            plainName={who.name}
            contact={who.contact}
            line={previewOf(box.sms_list[c.server_id])}
            date={c.format_date}
            count={c.count}
            active={c.format_address === activeAddress}
            href={SmsRoute.full(c.format_address)}
            address={c.format_address}
          />
        );
      }}
    />
  );
}
