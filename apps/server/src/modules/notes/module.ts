import { ServiceId } from '@phonecloud/shared';
import type { AppModule } from '../../platform/app-module.js';
import { BlobIndex } from '../../storage/blob-index.js';
import { seedNotes } from './demo.js';
import { purgeNotesArea } from './housekeeping.js';
import { noteRoutes } from './routes.js';
import { noteFileRoutes } from './routes-files.js';
import { NotesService } from './service.js';
import { notesSync } from './sync-adapter.js';
import { notesTakeout } from './takeout.js';

export const notesModule: AppModule = {
  name: 'notes',
  serviceId: ServiceId.NOTES,
  async routes(app, deps) {
    await noteRoutes(app, deps);
    await noteFileRoutes(app, deps);
  },
  async usage(deps, userId) {
    return { kind: 'backup', bytes: await new NotesService(deps).usageBytes(userId) };
  },
  housekeeping: purgeNotesArea,
  async releaseUser(deps, userId, now) {
    // One reference per stored image or recording.
    const files = await deps.db.selectFrom('note_files').select('id').where('user_id', '=', userId).execute();
    const index = new BlobIndex(deps.db);
    for (const f of files) await index.unref(deps.db, f.id, now);
  },
  seedDemo: seedNotes,
  sync: notesSync,
  takeout: notesTakeout,
};
