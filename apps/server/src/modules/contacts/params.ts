import { badRequest } from './errors.js';

/**
 * Readers of the form fields that carry JSON (spec §7: `data`, `server_ids`, `group_names`).
 * Anything malformed answers the same "bad request" text: a browser following the spec never
 * sends it.
 */

export function jsonField(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw badRequest();
  }
}

function toId(v: unknown): number {
  const n =
    typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : Number.NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw badRequest();
  return n;
}

/** Ids from a JSON array, a JSON map keyed by id, or a comma-separated list. */
export function idList(value: unknown): number[] {
  if (value === undefined || value === null || value === '') return [];
  let v: unknown = value;
  if (typeof v === 'string')
    v = v.trim().startsWith('[') || v.trim().startsWith('{') ? jsonField(v) : v.split(',');
  if (Array.isArray(v)) return [...new Set(v.map(toId))];
  if (typeof v === 'object' && v !== null) return [...new Set(Object.keys(v).map(toId))];
  return [toId(v)];
}

/** delete.do's `server_ids`: a JSON map of id to version_code. */
export function versionMap(value: unknown): Map<number, number> {
  const v = jsonField(value);
  const out = new Map<number, number>();
  if (Array.isArray(v)) {
    for (const e of v) {
      const { server_id, version_code } = (e ?? {}) as { server_id?: unknown; version_code?: unknown };
      out.set(toId(server_id), Number(version_code));
    }
  } else if (typeof v === 'object' && v !== null) {
    for (const [id, version] of Object.entries(v)) out.set(toId(id), Number(version));
  } else {
    throw badRequest();
  }
  return out;
}

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
