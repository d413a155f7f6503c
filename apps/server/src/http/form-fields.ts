/**
 * Readers of the form fields that carry JSON or ids (spec §7: `data`, `server_ids`), alike in
 * every area's save, delete and recycle-bin calls. Anything malformed is refused with the
 * area's own "bad request" error (`bad`): a browser following the spec never sends it.
 */
export function formFields(bad: () => Error) {
  function jsonField(value: unknown): unknown {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      throw bad();
    }
  }

  /** A positive integer id from a form field or JSON value. */
  function toId(v: unknown): number {
    const n =
      typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : Number.NaN;
    if (!Number.isSafeInteger(n) || n <= 0) throw bad();
    return n;
  }

  /** Ids from a JSON array, a JSON map keyed by id, or a comma-separated list. */
  function idList(value: unknown): number[] {
    if (value === undefined || value === null || value === '') return [];
    let v: unknown = value;
    if (typeof v === 'string')
      v = v.trim().startsWith('[') || v.trim().startsWith('{') ? jsonField(v) : v.split(',');
    if (Array.isArray(v)) return [...new Set(v.map(toId))];
    if (typeof v === 'object' && v !== null) return [...new Set(Object.keys(v).map(toId))];
    return [toId(v)];
  }

  /** delete.do's `server_ids`: a JSON map of id to version_code (or a list of both). */
  function versionMap(value: unknown): Map<number, number> {
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
      throw bad();
    }
    return out;
  }

  return { jsonField, toId, idList, versionMap };
}
