import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The bodies of one box in one string, lower-cased, newest message first, each ended by a NUL
 * (no match runs from one into the next). Queries too short for the trigram index (one or two
 * characters) are found here with the engine's native substring search, which runs at grep's
 * speed; docs/sms.md tells why.
 */
interface Corpus {
  version: number;
  text: string;
  /** Where each message starts in `text`, in order; one more entry for the end. */
  starts: Int32Array;
  ids: Float64Array;
}

// Boxes searched last; each takes about twice its bodies' bytes.
const CORPORA_KEPT = 4;
const cache = new WeakMap<object, Map<number, Corpus>>();
const READ_PAGE = 20_000;

async function build(db: Kysely<Database>, userId: number, version: number): Promise<Corpus> {
  // Read in key order (one range of the primary key), then put newest first here.
  const rows: { id: number; date: number; body: string }[] = [];
  for (let after = 0; ; ) {
    const page = await db
      .selectFrom('sms_messages')
      .select(['id', 'date', 'body'])
      .where('user_id', '=', userId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(READ_PAGE)
      .execute();
    for (const r of page) rows.push({ id: Number(r.id), date: Number(r.date), body: r.body });
    if (page.length < READ_PAGE) break;
    after = Number(page[page.length - 1]?.id);
  }
  rows.sort((a, b) => b.date - a.date || b.id - a.id);
  const starts = new Int32Array(rows.length + 1);
  const ids = new Float64Array(rows.length);
  // Each body lower-cased on its own: folding may change a string's length (İ), the starts follow.
  const lowered = rows.map((r) => r.body.toLowerCase());
  let at = 0;
  lowered.forEach((body, i) => {
    starts[i] = at;
    ids[i] = rows[i]?.id ?? 0;
    at += body.length + 1;
  });
  starts[rows.length] = at;
  const text = `${lowered.join('\u0000')}\u0000`;
  return { version, text, starts, ids };
}

async function corpus(db: Kysely<Database>, userId: number, version: number): Promise<Corpus> {
  let kept = cache.get(db);
  if (!kept) {
    kept = new Map();
    cache.set(db, kept);
  }
  const hit = kept.get(userId);
  if (hit && hit.version === version) {
    kept.delete(userId);
    kept.set(userId, hit);
    return hit;
  }
  const built = await build(db, userId, version);
  kept.delete(userId);
  kept.set(userId, built);
  if (kept.size > CORPORA_KEPT) kept.delete(kept.keys().next().value as number);
  return built;
}

/** The message holding position `pos`: the last start at or before it. */
function messageAt(starts: Int32Array, pos: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Ids of the messages (newest first) whose body holds `query` ignoring case, `limit` of them
 * from `offset`, and how many there are in all.
 */
export async function scanBodies(
  db: Kysely<Database>,
  userId: number,
  version: number,
  query: string,
  offset: number,
  limit: number,
): Promise<{ ids: number[]; total: number }> {
  const c = await corpus(db, userId, version);
  const needle = query.toLowerCase();
  const ids: number[] = [];
  let total = 0;
  for (let pos = c.text.indexOf(needle); pos !== -1; ) {
    const i = messageAt(c.starts, pos);
    if (total >= offset && ids.length < limit) ids.push(c.ids[i] as number);
    total++;
    pos = c.text.indexOf(needle, c.starts[i + 1] as number);
  }
  return { ids, total };
}
