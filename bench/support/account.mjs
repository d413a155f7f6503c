// A signed-in, second-verified account on a bench server, written straight into its SQLite
// database: the captcha of the real verification cannot be solved by a script, and the flow
// itself is not what the server benchmarks measure.
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';

/** Opens the bench server's database (WAL: the running server keeps working alongside). */
export function openServerDb(server) {
  const db = new Database(path.join(server.dataDir, 'phonecloud.sqlite'));
  db.pragma('busy_timeout = 10000');
  return db;
}

/**
 * Creates an account and a verified session; answers a client that sends its cookie, the CSRF
 * header and Origin the way the portal does.
 */
export async function benchAccount(server, username, { paidGb = 0 } = {}) {
  const now = Date.now();
  const cookie = randomBytes(32).toString('base64url');
  const db = openServerDb(server);
  try {
    const user = db
      .prepare(
        `INSERT INTO users (username, password_hash, phone, email, paid_gb, member, skin, created_at, updated_at)
         VALUES (?, 'bench-no-password', NULL, NULL, ?, NULL, '05', ?, ?)`,
      )
      .run(username, paidGb, now, now);
    const userId = Number(user.lastInsertRowid);
    db.prepare(
      `INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at, verified_main_at, verified_finder_at, ip, user_agent)
       VALUES (?, ?, ?, ?, ?, ?, NULL, '127.0.0.1', 'bench')`,
    ).run(createHash('sha256').update(cookie).digest('hex'), userId, now, now, now + 86_400_000, now);
    const client = new BenchClient(server.url, `pc_sid=${cookie}`);
    await client.fetch('/platform/info.do');
    return { userId, client };
  } finally {
    db.close();
  }
}

export class BenchClient {
  constructor(baseUrl, cookie) {
    this.baseUrl = baseUrl;
    this.cookies = new Map([cookie.split('=')]);
  }

  headers(extra = {}) {
    const h = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...extra };
    const csrf = this.cookies.get('XSRF-TOKEN');
    if (csrf) Object.assign(h, { 'x-xsrf-token': csrf, origin: this.baseUrl });
    return h;
  }

  async fetch(pathname, init = {}) {
    const res = await fetch(this.baseUrl + pathname, { ...init, headers: this.headers(init.headers) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  }

  /** GET or form POST of a portal call; answers the envelope's data, throws on a non-zero code. */
  async call(pathname, form) {
    const init = form
      ? {
          method: 'POST',
          body: new URLSearchParams(form),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }
      : {};
    const env = await (await this.fetch(pathname, init)).json();
    if (env.code !== 0) throw new Error(`${pathname}: ${env.code} ${env.message ?? ''}`);
    return env.data;
  }
}
