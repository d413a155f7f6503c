import { buildApp } from './app.js';
import { startBackupSchedule } from './cli/backup/schedule.js';
import { loadConfig } from './config.js';
import { openDb } from './db/index.js';
import { withStartupLock } from './db/startup-lock.js';
import { startHousekeeping } from './housekeeping.js';
import { stopAccepting } from './http/stop-accepting.js';
import { lifecycle } from './lib/lifecycle.js';
import { seedDemoIfEmpty } from './seed.js';

const config = loadConfig();
const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const { app, deps, modules } = await buildApp({ config, db: handle.db });
await withStartupLock(handle, () => seedDemoIfEmpty(deps, modules, app.log));
const housekeeping = startHousekeeping(deps, modules, app.log);
const backups = startBackupSchedule(handle.db, config, app.log);

let closing = false;
/**
 * SIGTERM (a rolling restart): /readyz answers 503 and phones' held polls are answered (they
 * poll again, elsewhere) while requests are still served for the drain time, so the load
 * balancer moves new ones elsewhere. Then the server stops accepting and every answer closes its
 * connection; the connections still open finish their requests (a proxy closes its idle ones
 * itself: its keep-alive timeout is shorter than the drain, docs/deploy/nginx.conf), given up
 * to the drain time again, before the idle ones left are closed. What is still in flight
 * (uploads) then gets the grace time before the process exits. SIGINT skips the drain.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  lifecycle.beginDrain();
  clearInterval(housekeeping);
  const drain = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
  app.log.info({ signal, drainMs: drain, graceMs: config.shutdownGraceMs }, 'shutting down');
  if (drain > 0) await new Promise((resolve) => setTimeout(resolve, drain));
  const grace = setTimeout(() => {
    app.log.warn('requests still in flight after the grace time: exiting');
    process.exit(1);
  }, config.shutdownGraceMs + drain);
  grace.unref();
  lifecycle.closing = true;
  if (drain > 0 && !(await stopAccepting(app.server, drain)))
    app.log.info('connections still open after the drain: closing the idle ones');
  await app.close();
  await backups?.stop();
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
