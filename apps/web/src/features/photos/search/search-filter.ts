import type { PhotoFilter } from '@phonecloud/shared/api';

export const SEARCH_FIELDS = ['from', 'to', 'place', 'camera', 'kind'] as const;
type Field = (typeof SEARCH_FIELDS)[number];
export type SearchForm = Record<Field, string>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The search's fields from the address (`?from=…&place=…`), so a search can be reloaded or shared. */
export function formFromParams(params: URLSearchParams): SearchForm {
  const form = { from: '', to: '', place: '', camera: '', kind: '' };
  for (const f of SEARCH_FIELDS) form[f] = params.get(f)?.trim() ?? '';
  return form;
}

/**
 * The timeline's filter from the fields: empty ones are left out, days that are not days are
 * ignored, and a range given backwards is put the right way round. Null when nothing is asked.
 */
export function filterFromForm(form: SearchForm): PhotoFilter | null {
  const filter: PhotoFilter = {};
  let from = DAY.test(form.from) ? form.from : '';
  let to = DAY.test(form.to) ? form.to : '';
  if (from && to && from > to) [from, to] = [to, from];
  if (from) filter.from = from;
  if (to) filter.to = to;
  if (form.place.trim()) filter.place = form.place.trim();
  if (form.camera.trim()) filter.camera = form.camera.trim();
  if (form.kind === 'image' || form.kind === 'video') filter.kind = form.kind;
  return Object.keys(filter).length ? filter : null;
}

/** The address's parameters for the fields (empty ones left out). */
export function paramsFromForm(form: SearchForm): Record<string, string> {
  return Object.fromEntries(SEARCH_FIELDS.filter((f) => form[f].trim()).map((f) => [f, form[f].trim()]));
}
