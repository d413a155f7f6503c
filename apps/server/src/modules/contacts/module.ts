import { ServiceId } from '@phonecloud/shared';
import type { AppModule } from '../../platform/app-module.js';
import { BlobIndex } from '../../storage/blob-index.js';
import { CardDavStore } from './carddav-store.js';
import { seedContacts } from './demo/demo.js';
import { contactFileRoutes } from './files/routes-files.js';
import { purgeContacts } from './housekeeping.js';
import { contactRoutes } from './routes.js';
import { ContactsService } from './service.js';
import { contactsSync } from './sync-adapter.js';
import { contactsTakeout } from './takeout.js';
import { warmImportWorkers } from './vcard/pool.js';
import { warmImportWrites } from './vcard/warm.js';

export const contactsModule: AppModule = {
  name: 'contacts',
  serviceId: ServiceId.CONTACTS,
  async routes(app, deps) {
    await contactRoutes(app, deps);
    await contactFileRoutes(app, deps);
  },
  async usage(deps, userId) {
    return { kind: 'backup', bytes: await new ContactsService(deps).usageBytes(userId) };
  },
  housekeeping: purgeContacts,
  async warmUp(deps, log) {
    // The reading side (threads and parser), then the writing side (one rolled-back import).
    await warmImportWorkers();
    await warmImportWrites(deps, log);
  },
  async releaseUser(deps, userId, now) {
    // One reference per stored avatar or export file.
    const files = await deps.db
      .selectFrom('contact_files')
      .select('blob_key')
      .where('user_id', '=', userId)
      .execute();
    const index = new BlobIndex(deps.db);
    for (const f of files) await index.unref(deps.db, f.blob_key, now);
  },
  seedDemo: seedContacts,
  sync: contactsSync,
  dav: { area: 'contacts', open: (deps, userId) => new CardDavStore(deps, userId) },
  takeout: contactsTakeout,
};
