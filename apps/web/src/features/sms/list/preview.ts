import type { SmsItem } from '@phonecloud/shared';
import { T } from '../texts';

/** One line of a message for a list: its text, or [图片] for an MMS with only pictures. */
export function previewOf(sms: SmsItem | undefined): string {
  if (!sms) return '';
  const body = sms.content.body.replace(/\s+/g, ' ').trim();
  if (body) return body;
  return sms.content.attachments?.length ? T.picture : '';
}

// Characters kept before a search hit, so the hit shows in a one-line row.
const LEAD = 10;

/** The text from a little before the first hit of `hit` (lower-cased), so a row shows it. */
export function snippetAround(text: string, hit: string): string {
  if (!hit) return text;
  const at = text.toLowerCase().indexOf(hit);
  if (at <= LEAD) return text;
  return `…${text.slice(at - LEAD)}`;
}
