/** Error codes that mean the disk (or the account's share of it on the host) is full. */
const FULL_CODES = new Set([
  'ENOSPC', // the filesystem
  'EDQUOT', // the host's quota for the server's user
  'SQLITE_FULL', // better-sqlite3
  '53100', // PostgreSQL's disk_full
]);

/**
 * Whether an error (or one it wraps, by `cause`) says the server's storage is full: the blob
 * store, SQLite or PostgreSQL. Such a request is answered 507 with a text saying so, not as a bug.
 */
export function isDiskFull(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && FULL_CODES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
