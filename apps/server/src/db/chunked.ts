/** Far below SQLite's 32,766 and PostgreSQL's 65,535 bound parameters per statement. */
const CHUNK = 500;

/** A list in pieces of `size`: one `IN (...)` or multi-row INSERT per piece. */
export function chunked<T>(list: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
