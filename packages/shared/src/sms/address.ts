/**
 * The conversation key of a phone number (spec 001 §2): dashes, spaces and a leading +86 (or
 * 0086) stripped, so `+86 138-0013-8000` and `13800138000` are one conversation. Other text
 * (a sender name such as `10086` or `BANK`) is kept as written, upper-cased for Latin letters.
 */
export function formatSmsAddress(raw: string): string {
  let s = raw.replace(/[\s\-()]/g, '');
  if (s.startsWith('+86')) s = s.slice(3);
  else if (s.startsWith('0086')) s = s.slice(4);
  return s.toUpperCase();
}

/**
 * The search text of spec 001 §5: a leading dot dropped, regex special characters stripped,
 * trimmed. Case is folded by the matcher, not here, so the highlight keeps the user's text.
 */
export function cleanSmsQuery(raw: string): string {
  return raw
    .replace(/^\./, '')
    .replace(/[.*+?^${}()|[\]\\/]/g, '')
    .trim();
}

/** `full/{id}`: a conversation address, or `address.serverId` for one message. */
export function parseSmsFullId(id: string): { address: string; anchor: string | null } {
  const dot = id.lastIndexOf('.');
  if (dot <= 0) return { address: id, anchor: null };
  return { address: id.slice(0, dot), anchor: id.slice(dot + 1) || null };
}
