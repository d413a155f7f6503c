import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../../../config.js';
import { openDb } from '../../../db/index.js';
import type { AppDeps } from '../../../http/context.js';
import { AppEvents } from '../../../lib/app-events.js';
import { systemClock } from '../../../lib/clock.js';
import { createBlobStore } from '../../../storage/index.js';
import { Users } from '../../users/index.js';
import { importBackupFile } from './import.js';

export const SMS_USAGE =
  '  sms import --username U FILE   (an SMS Backup & Restore XML file; importing it again adds nothing)';

/** `npm run admin -- sms import --username U FILE`; answers the process exit code. */
export async function smsCommand(command: string | undefined, args: string[]): Promise<number> {
  if (command !== 'import') {
    console.error(`Usage: npm run admin -- <command>\n${SMS_USAGE}`);
    return 2;
  }
  const { values, positionals } = parseArgs({
    args,
    options: { username: { type: 'string' } },
    allowPositionals: true,
  });
  const file = positionals[0];
  if (!values.username || !file || positionals.length > 1) {
    console.error(`Usage: npm run admin -- <command>\n${SMS_USAGE}`);
    return 2;
  }
  if (!existsSync(file)) {
    console.error(`no such file: ${file}`);
    return 2;
  }
  const config = loadConfig();
  const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const user = await new Users(handle.db).byLogin(values.username);
    if (!user) {
      console.error(`no such user: ${values.username}`);
      return 2;
    }
    // Only what the import uses: no HTTP app to build (its start-up would count in every import).
    // A bigger page cache for this one connection: the import's index writes stay in memory.
    if (handle.dialect === 'sqlite') await sql`PRAGMA cache_size = -16384`.execute(handle.db);
    const deps: AppDeps = {
      db: handle.db,
      config,
      clock: systemClock,
      messenger: {
        async send() {
          throw new Error('the import sends no messages');
        },
      },
      blobs: await createBlobStore(config),
      // No area listens in an import: nothing it writes is a drive item.
      events: new AppEvents(),
    };
    try {
      const started = Date.now();
      const report = await importBackupFile(deps, user.id, file);
      for (const b of report.broken) {
        console.error(`skipped entry ${b.index}${b.line ? ` (line ${b.line})` : ''}: ${b.reason}`);
      }
      console.log(
        `${user.username}: ${report.entries} entries read, ${report.added} messages added, ` +
          `${report.known} already there, ${report.broken.length} skipped (${Date.now() - started} ms)`,
      );
      return 0;
    } catch (err) {
      console.error(`import failed: ${(err as Error).message}`);
      return 1;
    }
  } finally {
    await handle.close();
  }
}
