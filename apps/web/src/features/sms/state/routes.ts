import { cleanSmsQuery, formatSmsAddress, parseSmsFullId } from '@phonecloud/shared';

/** Hash routes of the area (spec 001 §2). Parts that a user typed are URI-encoded. */
export const SmsRoute = {
  index: '/sms/index',
  search: (query: string) => `/sms/search&${encodeURIComponent(query)}`,
  /** A whole conversation, or with `serverId` one message of it (the page scrolls to it). */
  full: (address: string, serverId?: string) =>
    `/sms/full/${encodeURIComponent(serverId ? `${address}.${serverId}` : address)}`,
} as const;

const SEARCH_PREFIX = 'search&';

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The query of `/sms/search&{query}` from the part after `/sms/`, or null for another route. */
export function searchOfPath(rest: string): string | null {
  if (!rest.startsWith(SEARCH_PREFIX)) return null;
  return decode(rest.slice(SEARCH_PREFIX.length));
}

// A number as people write it: digits with spaces, dashes, brackets and a leading +.
const PHONE_LIKE = /^\+?[\d\s\-()]+$/;

/**
 * What the box is searched for (spec 001 §5): a leading dot and regex characters dropped; a
 * phone number (`/sms/search&{phone}`) also loses its dashes, spaces and +86.
 */
export function searchText(raw: string): string {
  const trimmed = raw.trim();
  // The number is normalised before the cleaning would take its + (and so the 86 would stay).
  return cleanSmsQuery(PHONE_LIKE.test(trimmed) ? formatSmsAddress(trimmed) : trimmed);
}

/** `full/{id}`: the conversation (its number normalised) and the message to scroll to, if any. */
export function fullTarget(id: string): { address: string; anchor: string | null } {
  const { address, anchor } = parseSmsFullId(decode(id));
  return { address: formatSmsAddress(address), anchor };
}
