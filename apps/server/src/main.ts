import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDb } from './db/index.js';
import { withStartupLock } from './db/startup-lock.js';
import { startHousekeeping } from './housekeeping.js';
import { lifecycle } from './lib/lifecycle.js';
import { seedDemoIfEmpty } from './seed.js';

const config = loadConfig();
const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const { app, deps, modules } = await buildApp({ config, db: handle.db });
await withStartupLock(handle, () => seedDemoIfEmpty(deps, modules, app.log));
const housekeeping = startHousekeeping(deps, modules, app.log);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // /readyz answers 503 from now: a load balancer stops sending new requests, those in flight
  // finish within app.close().
  lifecycle.draining = true;
  clearInterval(housekeeping);
  await app.close();
  await handle.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await Promise.all(modules.map((m) => m.warmUp?.(deps, app.log)));
await app.listen({ port: config.port, host: config.host });
app.log.info(
  `portal on http://localhost:${config.port} (database: ${handle.dialect}, data: ${config.dataDir})`,
);
