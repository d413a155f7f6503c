// `npm run admin -- user|sms|backup|restore ...`: operator commands against the same database the server uses.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureServerBuilt, ROOT } from './lib.mjs';

ensureServerBuilt();
const env = { ...process.env, DATA_DIR: path.resolve(process.env.DATA_DIR ?? path.join(ROOT, 'data')) };
const res = spawnSync(
  process.execPath,
  [path.join(ROOT, 'apps/server/dist/admin.js'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env,
  },
);
process.exit(res.status ?? 1);
