import { type Contact, emptyContent, letterOf, nameSpell } from '@phonecloud/shared';

/** A contact as list.do answers it, for the unit tests of this area. */
export function contactFixture(id: string, name: string, extra: Partial<Contact['content']> = {}): Contact {
  const spell = nameSpell(name);
  return {
    server_id: id,
    version_code: 1,
    nameSpell: spell,
    letter_index: letterOf(name, spell),
    content: {
      ...emptyContent(),
      name: [{ is_primary: 1, display_name: name, given_name: name, phonetic_family_name: '' }],
      ...extra,
    },
    attachment: [],
  };
}
