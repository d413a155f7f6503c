import { isValidPhone, normalizeEmail, normalizePhone } from '@phonecloud/shared';

/** A sign-in name as typed: a phone or e-mail is looked up in its stored spelling. */
export function normalizeLogin(account: string): string {
  const trimmed = account.trim();
  if (isValidPhone(trimmed)) return normalizePhone(trimmed);
  if (trimmed.includes('@')) return normalizeEmail(trimmed);
  return trimmed;
}
