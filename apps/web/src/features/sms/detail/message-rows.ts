import type { SmsItem } from '@phonecloud/shared';
import { sameDay } from '../format/sms-date';

/** A line of the conversation: a day separator or a message. */
export type MessageRow =
  | { kind: 'day'; key: string; date: number }
  | { kind: 'sms'; key: string; sms: SmsItem };

/** The messages (oldest first) with a separator before each day's first one. */
export function messageRows(messages: readonly SmsItem[]): MessageRow[] {
  const rows: MessageRow[] = [];
  let last: number | null = null;
  for (const sms of messages) {
    const { date } = sms.content;
    // A day's separator is keyed by its first message, so loading older pages keeps the keys.
    if (last === null || !sameDay(last, date)) rows.push({ kind: 'day', key: `d${sms.server_id}`, date });
    rows.push({ kind: 'sms', key: sms.server_id, sms });
    last = date;
  }
  return rows;
}

/** Index of a message's row, or -1. */
export function rowOf(rows: readonly MessageRow[], serverId: string): number {
  return rows.findIndex((r) => r.kind === 'sms' && r.sms.server_id === serverId);
}
