import type { SmsData, SmsItem } from '@phonecloud/shared';
import { useMemo } from 'react';
import { whoOf } from '../format/contact-name';
import { SmsRoute } from '../state/routes';
import { T } from '../texts';
import { ConversationRow } from './ConversationRow';
import { previewOf } from './preview';
import { VirtualRows } from './VirtualRows';

const ROW_PX = 68;

/**
 * The favourite messages in the order of favourite_list (conversations with a favourite, newest
 * first), newest first within one; sms_list holds every favourite message (spec 001 §3).
 */
export function favouriteMessages(box: SmsData): SmsItem[] {
  const byAddress = new Map<string, SmsItem[]>();
  for (const sms of Object.values(box.sms_list)) {
    if (sms.content.locked !== 1) continue;
    const list = byAddress.get(sms.content.format_address);
    if (list) list.push(sms);
    else byAddress.set(sms.content.format_address, [sms]);
  }
  return box.favourite_list.flatMap((c) =>
    (byAddress.get(c.format_address) ?? []).sort((a, b) => b.content.date - a.content.date),
  );
}

/** The favourites tab: each row opens its message in its conversation (full/{address}.{id}). */
export function FavouriteList({ box, activeId }: { box: SmsData; activeId: string | null }) {
  const items = useMemo(() => favouriteMessages(box), [box]);
  return (
    <VirtualRows
      label={T.tabFavourites}
      resetKey="favourites"
      count={items.length}
      rowPx={ROW_PX}
      rowKey={(i) => items[i]?.server_id ?? String(i)}
      renderRow={(i) => {
        const sms = items[i];
        if (!sms) return null;
        const address = sms.content.format_address;
        const who = whoOf(address, box.contactIcon_list);
        return (
          <ConversationRow
            name={who.name}
            plainName={who.name}
            contact={who.contact}
            line={previewOf(sms)}
            date={sms.content.date}
            active={sms.server_id === activeId}
            href={SmsRoute.full(address, sms.server_id)}
            address={address}
            serverId={sms.server_id}
          />
        );
      }}
    />
  );
}
