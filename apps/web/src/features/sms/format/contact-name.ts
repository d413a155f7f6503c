import type { SmsContactIcon } from '@phonecloud/shared';

/** Who a conversation is with, as the list and the detail show it. */
export interface Who {
  /** The contact's display name, or the number when the book has no such contact (or no name). */
  name: string;
  /** The book's contact for the number, with a display name or not. */
  contact: SmsContactIcon | null;
  /** A book contact without a display name (spec 001 §5: the user is asked to set one). */
  unnamed: boolean;
}

export function whoOf(address: string, icons: Readonly<Record<string, SmsContactIcon>>): Who {
  const contact = icons[address] ?? null;
  const display = contact?.name[0]?.display_name?.trim() ?? '';
  return { name: display || address, contact, unnamed: contact !== null && !display };
}
