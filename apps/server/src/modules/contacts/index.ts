/**
 * The contacts area's public face for other areas: the dates people keep on their contacts
 * (birthdays, anniversaries), which the calendar shows as a read-only calendar.
 */
import { type Contact, EventType } from '@phonecloud/shared';
import type { AppDeps } from '../../http/context.js';
import { displayNameOf } from './doc.js';
import { ContactsRepo } from './repo.js';

/** One date of a contact, as the contact keeps it. */
export interface ContactDate {
  contact_id: number;
  name: string;
  kind: 'birthday' | 'anniversary' | 'other';
  /** 'YYYY-MM-DD' (solar), '--MM-DD' (solar without a year), or 'YYYY-M-D' (lunar). */
  date: string;
  lunar: boolean;
}

const PAGE = 1000;

function kindOf(type: number): ContactDate['kind'] {
  if (type === EventType.BIRTHDAY) return 'birthday';
  if (type === EventType.ANNIVERSARY) return 'anniversary';
  return 'other';
}

/** The contacts book's sync_version: the dates below change only when it moves. */
export async function contactsVersion(deps: AppDeps, userId: number): Promise<number> {
  return new ContactsRepo(deps.db).syncVersion(userId);
}

/** Every date on the user's live contacts (the recycle bin's are left out). */
export async function contactDates(deps: AppDeps, userId: number): Promise<ContactDate[]> {
  const repo = new ContactsRepo(deps.db);
  const out: ContactDate[] = [];
  let after = 0;
  for (;;) {
    const rows = await repo.aliveDocsAfter(userId, after, PAGE);
    for (const row of rows) {
      const contact = JSON.parse(row.doc) as Contact;
      const name = displayNameOf(contact.content) || contact.content.nickname[0]?.name || '';
      for (const e of contact.content.event ?? []) {
        if (!e.start_date) continue;
        out.push({
          contact_id: Number(row.id),
          name,
          kind: kindOf(e.type),
          date: e.start_date,
          lunar: e.lunar_or_solar === 1,
        });
      }
    }
    if (rows.length < PAGE) return out;
    after = Number(rows[rows.length - 1]?.id);
  }
}
