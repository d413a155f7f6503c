import { type ContactBook, compareContacts, type LetterIndex } from '@phonecloud/shared';
import type { IndexRow } from './repo.js';

type Indexes = Pick<ContactBook, 'group' | 'letter_index' | 'group_letter_index'>;

function parseGroups(json: string): string[] {
  // Most contacts are in no group.
  if (json === '[]') return [];
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((g): g is string => typeof g === 'string') : [];
  } catch {
    return [];
  }
}

/** The list's derived views: ids by group, by letter, and by letter within each group. */
export function buildIndexes(rows: readonly IndexRow[], groupNames: readonly string[]): Indexes {
  const sorted = rows
    .map((r) => ({
      server_id: String(r.id),
      letter_index: r.letter,
      nameSpell: r.name_spell,
      groups: parseGroups(r.groups),
    }))
    .sort(compareContacts);
  const group: Record<string, string[]> = {};
  const groupLetters: Record<string, LetterIndex> = {};
  for (const name of groupNames) {
    group[name] = [];
    groupLetters[name] = {};
  }
  const letters: LetterIndex = {};
  for (const c of sorted) {
    letters[c.letter_index] ??= [];
    letters[c.letter_index]?.push(c.server_id);
    for (const g of c.groups) {
      const members = group[g];
      const byLetter = groupLetters[g];
      // A title without a group row cannot happen through the API; such a title is not shown.
      if (!members || !byLetter) continue;
      members.push(c.server_id);
      byLetter[c.letter_index] ??= [];
      byLetter[c.letter_index]?.push(c.server_id);
    }
  }
  return { group, letter_index: letters, group_letter_index: groupLetters };
}
