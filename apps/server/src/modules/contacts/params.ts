import { formFields } from '../../http/form-fields.js';
import { badRequest } from './errors.js';

/** The form fields of spec §7 (`data`, `server_ids`, `group_names`), refused with the contacts' text. */
export const { jsonField, idList, versionMap } = formFields(badRequest);

/** Group names: a JSON array, or one plain name (names may hold commas, so no splitting). */
export function nameList(value: unknown): string[] {
  if (typeof value === 'string' && !value.trim().startsWith('[')) return [value];
  const v = jsonField(value);
  if (!Array.isArray(v)) throw badRequest();
  return v.map((n) => (typeof n === 'string' ? n : String(n)));
}

/** merge.do's `data`: {repeat_ids: [[id, ...], ...]}. */
export function idGroups(value: unknown): number[][] {
  const v = jsonField(value) as { repeat_ids?: unknown } | unknown[];
  const groups = Array.isArray(v) ? v : (v as { repeat_ids?: unknown })?.repeat_ids;
  if (!Array.isArray(groups)) throw badRequest();
  return groups.map((g) => idList(Array.isArray(g) ? g : [g]));
}
