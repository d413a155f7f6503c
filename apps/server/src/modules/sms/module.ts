import { ServiceId } from '@phonecloud/shared';
import type { AppModule } from '../../platform/app-module.js';
import { BlobIndex } from '../../storage/blob-index.js';
import { seedSms } from './demo/seed.js';
import { SmsFilesRepo } from './files-repo.js';
import { purgeSms } from './housekeeping.js';
import { smsRoutes } from './routes.js';
import { smsFileRoutes } from './routes-files.js';
import { SmsService } from './service.js';
import { smsSync } from './sync-adapter.js';
import { smsTakeout } from './takeout.js';

export const smsModule: AppModule = {
  name: 'sms',
  serviceId: ServiceId.SMS,
  async routes(app, deps) {
    await smsRoutes(app, deps);
    await smsFileRoutes(app, deps);
  },
  async usage(deps, userId) {
    return { kind: 'backup', bytes: await new SmsService(deps).usageBytes(userId) };
  },
  housekeeping: purgeSms,
  async releaseUser(deps, userId, now) {
    // One reference per stored picture or export file.
    const index = new BlobIndex(deps.db);
    for (const key of await new SmsFilesRepo(deps.db).blobKeys(userId)) await index.unref(deps.db, key, now);
  },
  seedDemo: seedSms,
  sync: smsSync,
  takeout: smsTakeout,
};
