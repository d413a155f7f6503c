import { SmsApi, type SmsConversation, type SmsItem } from '@phonecloud/shared';
import type { ConversationRow, MessageRow } from './repo.js';

/** The path an MMS picture is fetched by. */
export const picturePath = (key: string) => `${SmsApi.mmsFile}/${key}`;

/** A stored message as the calls answer it. */
export function itemOf(r: MessageRow): SmsItem {
  const content: SmsItem['content'] = {
    format_address: r.address,
    body: r.body,
    date: Number(r.date),
    type: Number(r.type),
    locked: Number(r.locked),
  };
  if (r.attachments) content.attachments = (JSON.parse(r.attachments) as string[]).map(picturePath);
  return { server_id: String(r.id), content, optime: Number(r.optime) };
}

export function summaryOf(c: ConversationRow): SmsConversation {
  return {
    format_address: c.address,
    count: c.count,
    format_date: c.last_date,
    server_id: String(c.last_id),
  };
}

/** Newest first, the newest message's id breaking ties. */
export function byNewest(a: ConversationRow, b: ConversationRow): number {
  return b.last_date - a.last_date || b.last_id - a.last_id;
}
