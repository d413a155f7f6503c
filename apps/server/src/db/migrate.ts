import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { DialectName, MigrationContext } from './migration-context.js';
import * as m001 from './migrations/001_platform.js';
import * as m002 from './migrations/002_contacts.js';
import * as m003 from './migrations/003_drive.js';
import * as m004 from './migrations/004_blob_holds.js';
import * as m005 from './migrations/005_contacts_hash_unindexed.js';
import * as m006 from './migrations/006_contact_file_refs.js';
import * as m007 from './migrations/007_sms.js';
import * as m008 from './migrations/008_totp.js';
import * as m009 from './migrations/009_notes.js';
import * as m010 from './migrations/010_calendar.js';
import * as m011 from './migrations/011_contacts_fields.js';
import * as m012 from './migrations/012_find.js';
import * as m013 from './migrations/013_sync.js';
import * as m014 from './migrations/014_app_passwords.js';
import * as m015 from './migrations/015_drive_shares.js';
import * as m016 from './migrations/016_drive_thumbs.js';
import * as m017 from './migrations/017_drive_find.js';
import * as m018 from './migrations/018_webdav.js';
import * as m019 from './migrations/019_contact_address_parts.js';
import * as m020 from './migrations/020_drive_name_chars.js';
import * as m021 from './migrations/021_sms_mms_twins.js';
import * as m022 from './migrations/022_calendar_bin.js';
import * as m023 from './migrations/023_sms_message_deletes.js';
import * as m025 from './migrations/025_calendar_dav_names.js';
import * as m026 from './migrations/026_contact_cards.js';
import * as m027 from './migrations/027_sync_held_earlier.js';
import * as m028 from './migrations/028_create_keys.js';
import * as m029 from './migrations/029_takeout.js';
import * as m030 from './migrations/030_calendar_portal.js';
import * as m032 from './migrations/032_backup_schedule.js';
import * as m033 from './migrations/033_photos.js';
import * as m036 from './migrations/036_photo_zips_places.js';
import * as m037 from './migrations/037_photo_watch.js';
import * as m038 from './migrations/038_photo_month_counts.js';
import * as m039 from './migrations/039_blob_checks.js';
import * as m040 from './migrations/040_blob_damaged_index.js';

type MigrationModule = { up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> };

/** Migrations in order; one set serves both dialects through `ctx.dialect`. */
const MIGRATIONS: Record<string, MigrationModule> = {
  '001_platform': m001,
  '002_contacts': m002,
  '003_drive': m003,
  '004_blob_holds': m004,
  '005_contacts_hash_unindexed': m005,
  '006_contact_file_refs': m006,
  '007_sms': m007,
  '008_totp': m008,
  '009_notes': m009,
  '010_calendar': m010,
  '011_contacts_fields': m011,
  '012_find': m012,
  '013_sync': m013,
  '014_app_passwords': m014,
  '015_drive_shares': m015,
  '016_drive_thumbs': m016,
  '017_drive_find': m017,
  '018_webdav': m018,
  '019_contact_address_parts': m019,
  '020_drive_name_chars': m020,
  '021_sms_mms_twins': m021,
  '022_calendar_bin': m022,
  '023_sms_message_deletes': m023,
  '025_calendar_dav_names': m025,
  '026_contact_cards': m026,
  '027_sync_held_earlier': m027,
  '028_create_keys': m028,
  '029_takeout': m029,
  '030_calendar_portal': m030,
  '032_backup_schedule': m032,
  '033_photos': m033,
  '036_photo_zips_places': m036,
  '037_photo_watch': m037,
  '038_photo_month_counts': m038,
  '039_blob_checks': m039,
  '040_blob_damaged_index': m040,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly ctx: MigrationContext) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, mod] of Object.entries(MIGRATIONS)) {
      out[name] = { up: (db) => mod.up(db, this.ctx) };
    }
    return out;
  }
}

export async function migrateToLatest(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // Kysely looks for its own tables in every schema it can see: pin it to the one in use, or
  // another schema's tables (a parallel test, a neighbour on a shared server) would count as ours.
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
      : undefined;
  // Areas land in any order: a database that ran 003 before 002 existed still takes 002.
  const migrator = new Migrator({
    db,
    provider: new StaticProvider({ dialect }),
    allowUnorderedMigrations: true,
    migrationTableSchema,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
