import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FIND_FUNCTIONS } from '@phonecloud/shared';
import type { AppDeps } from '../../http/context.js';
import { randomToken } from '../../lib/crypto.js';
import { DevicesRepo } from './repo.js';
import { hashDeviceToken } from './service.js';

const DEMO_DEVICE = { deviceId: 'demo-phone', brand: 'Xiaomi', model: 'Redmi Note 13' };

/**
 * Registers the demo account's phone and gives it a token, as a sign-in would (no code: the
 * seed is the operator's own act). The token goes only into the phone's folder,
 * `DATA_DIR/demo-phone/state.json` in the reference phone's own state format (apps/phone,
 * `PhoneState`): `npm start` then runs that phone as a process of its own with `--dir` there,
 * already signed in. The server writes the file and never runs the phone.
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
  const dir = path.join(deps.config.dataDir, 'demo-phone');
  mkdirSync(dir, { recursive: true });
  const state = {
    // The phone takes the address it is started with (`--server`).
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
  };
  // Renamed into place, as the phone writes it: a phone started meanwhile never reads half a file.
  const file = path.join(dir, 'state.json');
  writeFileSync(`${file}.tmp`, JSON.stringify(state, null, 2), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}
