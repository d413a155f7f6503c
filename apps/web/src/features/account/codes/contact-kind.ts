import { isValidEmail, isValidPhone, Msg } from '@phonecloud/shared';
import type { ContactKind } from '../account-paths';

export const KIND_LABEL: Readonly<Record<ContactKind, string>> = { phone: '手机号', email: '邮箱' };

/** The shared validators' verdict on a phone number or e-mail address, as the text to show. */
export function contactError(kind: ContactKind, value: string): string | null {
  if (kind === 'phone') return isValidPhone(value) ? null : Msg.PHONE_INVALID;
  return isValidEmail(value) ? null : Msg.EMAIL_INVALID;
}
