import { type Kysely, sql } from 'kysely';
import { contentHash } from './019/content-hash.js';
import { withAddressParts } from './019/legacy-address.js';

// The rules applied are frozen copies in 019/ (the contacts code of that day), never the live
// code: on any later database this migration does what it did when it was written.

const BATCH = 500;
// Only rows with at least one address are read; which of them are from before the parts is
// decided on the parsed JSON.
const HAS_ADDRESS = '%"postal-address":[{%';

/**
 * Addresses keep their ADR parts (po box, extended, street, city, region, postcode, country):
 * the stored contacts and the revisions behind refresh.do and the time machine get them, in the
 * JSON both hold (019/legacy-address.ts says how the one text of before becomes parts). The row's
 * content hash and size follow its doc; the book's sync_version does not move (nothing a user
 * changed). A revision gets the same parts as the contact, so the time machine does not see a
 * change where there was none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  let after: [number, number] = [-1, -1];
  for (;;) {
    const { rows } = await sql<{ user_id: number; id: number; doc: string }>`
      SELECT user_id, id, doc FROM contacts
      WHERE doc LIKE ${HAS_ADDRESS} AND (user_id > ${after[0]} OR (user_id = ${after[0]} AND id > ${after[1]}))
      ORDER BY user_id, id LIMIT ${BATCH}`.execute(db);
    for (const r of rows) {
      const next = withAddressParts(r.doc);
      if (!next) continue;
      const hash = contentHash(next.content);
      await sql`
        UPDATE contacts SET doc = ${next.json}, content_hash = ${hash}, size = ${Buffer.byteLength(next.json)}
        WHERE user_id = ${r.user_id} AND id = ${r.id}`.execute(db);
    }
    const last = rows[rows.length - 1];
    if (!last || rows.length < BATCH) break;
    after = [Number(last.user_id), Number(last.id)];
  }

  let from: [number, number, number] = [-1, -1, -1];
  for (;;) {
    const { rows } = await sql<{ user_id: number; sync_version: number; contact_id: number; body: string }>`
      SELECT user_id, sync_version, contact_id, body FROM contact_revisions
      WHERE body LIKE ${HAS_ADDRESS} AND (user_id > ${from[0]} OR (user_id = ${from[0]} AND (sync_version > ${from[1]}
        OR (sync_version = ${from[1]} AND contact_id > ${from[2]}))))
      ORDER BY user_id, sync_version, contact_id LIMIT ${BATCH}`.execute(db);
    for (const r of rows) {
      const next = withAddressParts(r.body);
      if (!next) continue;
      await sql`
        UPDATE contact_revisions SET body = ${next.json}
        WHERE user_id = ${r.user_id} AND sync_version = ${r.sync_version} AND contact_id = ${r.contact_id}`.execute(
        db,
      );
    }
    const last = rows[rows.length - 1];
    if (!last || rows.length < BATCH) break;
    from = [Number(last.user_id), Number(last.sync_version), Number(last.contact_id)];
  }
}
