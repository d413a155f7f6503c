import {
  ContactMsg,
  checkEventDate,
  isValidContactEmail,
  isValidContactPhone,
  isValidWebsite,
} from '@phonecloud/shared';
import type { EditorForm } from './editor-model';

/** Inline errors: 'name', or a list and a row key such as 'phones:12'. */
export type FormErrors = Readonly<Record<string, string>>;

export const rowErrorKey = (list: string, key: number) => `${list}:${key}`;

/**
 * The shared rules of spec 001 §5 applied field by field, so each text shows under its own
 * input. Empty rows are not judged: they are stripped before saving.
 */
export function validateForm(form: EditorForm): FormErrors {
  const errors: Record<string, string> = {};
  if (!form.name.trim()) errors.name = ContactMsg.NAME_REQUIRED;
  for (const p of form.phones) {
    const v = p.number.trim();
    if (v && !isValidContactPhone(v)) errors[rowErrorKey('phones', p.key)] = ContactMsg.PHONE_CHARS;
  }
  for (const e of form.emails) {
    const v = e.address.trim();
    if (v && !isValidContactEmail(v)) errors[rowErrorKey('emails', e.key)] = ContactMsg.EMAIL_FORMAT;
  }
  if (form.open.includes('event')) {
    for (const e of form.events) {
      const v = e.date.trim();
      if (!v) continue;
      const check = checkEventDate(v, e.lunar);
      if (!check.ok) errors[rowErrorKey('events', e.key)] = check.message;
    }
  }
  if (form.open.includes('website')) {
    for (const w of form.websites) {
      const v = w.url.trim();
      if (v && !isValidWebsite(v)) errors[rowErrorKey('websites', w.key)] = ContactMsg.WEBSITE_FORMAT;
    }
  }
  return errors;
}
