import path from 'node:path';
import { DeviceApiClient, Phone, PhoneFolder } from '@phonecloud/phone';
import { FIND_FUNCTIONS } from '@phonecloud/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context.js';
import { randomToken } from '../../lib/crypto.js';
import { DevicesRepo } from './repo.js';
import { hashDeviceToken } from './service.js';

const DEMO_DEVICE = { deviceId: 'demo-phone', brand: 'Xiaomi', model: 'Redmi Note 13' };

/** The demo phone's folder: the same layout `npm run phone` keeps. */
const demoFolder = (deps: AppDeps) => new PhoneFolder(path.join(deps.config.dataDir, 'demo-phone'));

/**
 * Registers the demo account's phone and gives it a token, as a sign-in would (no code: the
 * seed is the operator's own act); the token goes only into the phone's folder.
 * @package
 */
export async function seedDemoPhone(deps: AppDeps, userId: number): Promise<void> {
  const token = randomToken(32);
  const now = deps.clock.now();
  await new DevicesRepo(deps.db).upsert(
    userId,
    { ...DEMO_DEVICE, functions: [...FIND_FUNCTIONS], tokenHash: hashDeviceToken(token) },
    now,
  );
  const folder = demoFolder(deps);
  folder.write({
    server: '',
    account: 'demo',
    device_id: DEMO_DEVICE.deviceId,
    brand: DEMO_DEVICE.brand,
    model: DEMO_DEVICE.model,
    token,
    locked: false,
    lock_info: null,
    started_at: now,
    done: [],
  });
  folder.ensureData({ sample: true });
}

/**
 * Runs the demo phone inside the server once it listens: the reference client (apps/phone),
 * speaking only the device API over HTTP to this server, its lines in the server's log. Runs
 * while its folder holds a token (a wipe or a revoked token ends it until it is signed in again).
 * @package
 */
export function runDemoPhone(app: FastifyInstance, deps: AppDeps): void {
  if (!deps.config.seedDemo) return;
  let phone: Phone | null = null;
  let running: Promise<unknown> | null = null;
  app.addHook('onListen', async () => {
    const folder = demoFolder(deps);
    const state = folder.read();
    if (!state?.token) return;
    const address = app.server.address();
    if (!address || typeof address !== 'object') return;
    const host = address.family === 'IPv6' ? '[::1]' : '127.0.0.1';
    const server = `http://${host}:${address.port}`;
    const api = new DeviceApiClient(server);
    api.token = state.token;
    const log = app.log.child({ phone: state.device_id });
    phone = new Phone({ api, folder, state: { ...state, server }, log: (line) => log.info(line) });
    running = phone.run().catch((err) => log.error({ err }, 'demo phone stopped'));
  });
  app.addHook('preClose', async () => {
    phone?.stop();
    await running;
  });
}
