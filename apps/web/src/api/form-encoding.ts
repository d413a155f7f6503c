export type FormValue = string | number | boolean | null | undefined;
export type FormFields = Readonly<Record<string, FormValue>>;

/** application/x-www-form-urlencoded, leaving out fields that are null or undefined. */
export function encodeForm(fields: FormFields): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  return params.toString();
}

/** Adds the query and the random `tmp` parameter that keeps caches from answering a GET. */
export function withQuery(path: string, fields: FormFields, tmp: string): string {
  const query = encodeForm({ ...fields, tmp });
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

export function randomTmp(): string {
  return `${Date.now()}${Math.random().toString().slice(2, 8)}`;
}
