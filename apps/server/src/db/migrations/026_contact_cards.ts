import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * The card a CardDAV client last wrote for a contact, kept whole: what the portal does not model
 * (N's five parts, ORG's units, Apple's labels and item groups, IMPP, unknown X- properties,
 * parameters) is written back from it on every way out, merged with the portal's edits of what
 * it does model (contacts/vcard/kept-card.ts). `photo` is the avatar the card's PHOTO was stored
 * as: while the contact still has that avatar, the card's own PHOTO is written back.
 * `contact_uids.dav_name` is the name a client created a contact under.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('contact_cards')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('contact_id', 'bigint', (c) => c.notNull())
    .addColumn('card', 'text', (c) => c.notNull())
    .addColumn('photo', 'text')
    .addPrimaryKeyConstraint('contact_cards_pk', ['user_id', 'contact_id'])
    .execute();
  // The resource name a CardDAV client created a contact under, when it is not `<UID>.vcf`: RFC
  // 4918 puts a resource where it was PUT, and the client asks for it by that name.
  await db.schema.alterTable('contact_uids').addColumn('dav_name', 'text').execute();
}
