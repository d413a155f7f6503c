import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { DeviceApiClient, DeviceApiError } from './api.js';
import { Phone } from './phone.js';
import { photosBackup, photosFree } from './photos/run.js';
import { signIn } from './signin.js';
import { PhoneFolder } from './state.js';
import { syncLoop } from './sync/loop.js';
import type { RoundEnd } from './sync/run.js';

const USAGE = `Usage: npm run phone -- --server URL --account NAME [options]
       npm run phone -- sync --server URL --account NAME [--every S] [--area A,B]
       npm run phone -- photos backup --folder DIR [--every S] [--parallel N]
       npm run phone -- photos free --folder DIR [--remove]

  --server URL        the portal (default http://localhost:8080)
  --account NAME      user name, phone or e-mail of the account
  --password P        the account's password (else PHONE_PASSWORD, else asked)
  --code CODE         the sign-in code (else asked once it was sent)
  --dir DIR           the phone's folder: state and data (default ./phone-data)
  --device-id ID      this phone's id (default: a new one, kept in the folder)
  --brand B --model M what the portal shows (default Xiaomi, Redmi Note 13)
  --report-every S    seconds between location reports (default 30)
  --sync-every S      also sync the phone's files every S seconds (see sync)
  --sample            a new phone folder gets a sample contact, note and photo (a
                      demo or test account only: a sync sends them to the account)

While it runs, type the 6-digit ring code and Enter to stop a ringing phone.

sync: syncs the phone's files in DIR/data with the cloud (docs/phone-sync.md):
  contacts.vcf, sms.xml, notes/*.md, calendar.ics. Once, or every S seconds.
  --every S           sync again every S seconds until stopped (default: once)
  --area A,B          only these of contacts, sms, notes, calendar
  Exit code: 0 synced, 1 an area failed, 3 signed out, 4 held: the round would delete most of a
  book, and waits for the owner to apply or refuse it in the portal.

photos backup: backs up the pictures and videos of a folder (its subfolders too) to the cloud's
  photos (docs/photos.md): each content once, resumable after a cut or a kill (DIR/photos-state.json).
  --folder DIR        the camera roll (default DIR/data/photos)
  --every S           look for new files every S seconds until stopped (default: once)
  --parallel N        files uploaded at once (default 4)
  A file deleted here is deleted in the cloud only when its owner turned that on in the portal.
  Exit code: 0 done, 1 a file failed (tried again next round), 3 signed out.
photos free: lists the files the cloud safely keeps (backed up, same content); --remove deletes
  them from the phone (the cloud keeps them).`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    server: { type: 'string', default: 'http://localhost:8080' },
    account: { type: 'string' },
    password: { type: 'string' },
    code: { type: 'string' },
    dir: { type: 'string', default: 'phone-data' },
    'device-id': { type: 'string' },
    brand: { type: 'string', default: 'Xiaomi' },
    model: { type: 'string', default: 'Redmi Note 13' },
    'report-every': { type: 'string', default: '30' },
    every: { type: 'string' },
    folder: { type: 'string' },
    parallel: { type: 'string' },
    remove: { type: 'boolean', default: false },
    'sync-every': { type: 'string' },
    area: { type: 'string' },
    sample: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

/** `sync`'s exit code: 0 done, 1 an area failed, 3 signed out, 4 held for the owner's decision. */
const EXIT_CODES: Record<RoundEnd, number> = { done: 0, failed: 1, 'signed-out': 3, held: 4 };

const stamp = () => new Date().toLocaleTimeString('zh-CN', { hour12: false });
const say = (line: string) => process.stdout.write(`[${stamp()}] ${line}\n`);

/**
 * Standard input as lines: `ask` prints a prompt and answers the next line (a code or a password
 * typed, or piped in before it was asked for).
 */
function stdinLines() {
  const rl = createInterface({ input: process.stdin, terminal: false });
  const lines: string[] = [];
  let waiting: ((line: string) => void) | null = null;
  rl.on('line', (line) => {
    if (waiting) {
      const w = waiting;
      waiting = null;
      w(line);
    } else lines.push(line);
  });
  const ask = (prompt: string) =>
    new Promise<string>((resolve) => {
      process.stdout.write(prompt);
      const queued = lines.shift();
      if (queued !== undefined) resolve(queued);
      else waiting = resolve;
    });
  return { rl, ask };
}

type SignedIn = NonNullable<ReturnType<PhoneFolder['read']>>;

/** The folder's device, signed in first when it has no token: its state, or the exit code. */
async function signedIn(
  api: DeviceApiClient,
  folder: PhoneFolder,
  ask: (prompt: string) => Promise<string>,
): Promise<SignedIn | number> {
  let state = folder.read();
  if (state && state.server !== values.server) state = { ...state, server: values.server };
  if (state?.token) return state;
  if (!values.account) {
    console.error(USAGE);
    return 2;
  }
  const password = values.password ?? process.env.PHONE_PASSWORD ?? (await ask('账号密码：'));
  try {
    state = await signIn(api, {
      account: values.account,
      password,
      deviceId: values['device-id'] ?? state?.device_id ?? `phone-${randomUUID().slice(0, 8)}`,
      brand: values.brand,
      model: values.model,
      askCode: async (where) => values.code ?? (await ask(`验证码已发送到${where}，请输入验证码：`)),
    });
  } catch (err) {
    say(`登录失败：${err instanceof DeviceApiError ? `${err.message}（${err.code}）` : String(err)}`);
    return 1;
  }
  folder.write(state);
  say(`登录成功，设备 ${state.device_id} 已登记`);
  return state;
}

async function main(): Promise<number> {
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const command = positionals[0] ?? 'run';
  if (command !== 'run' && command !== 'sync' && command !== 'photos') {
    console.error(USAGE);
    return 2;
  }
  const folder = new PhoneFolder(path.resolve(values.dir));
  const { rl, ask } = stdinLines();
  const api = new DeviceApiClient(values.server);
  const state = await signedIn(api, folder, ask);
  if (typeof state === 'number') {
    rl.close();
    return state;
  }
  api.token = state.token;
  if (command === 'photos') {
    rl.close();
    return runPhotos(api, folder, positionals[1]);
  }
  if (command === 'sync') {
    const end = await syncLoop({
      api,
      folder,
      log: say,
      everyMs: values.every ? Math.max(1, Number(values.every) || 0) * 1000 : 0,
      areas: values.area,
      onSignedOut: () => folder.write({ ...state, token: null }),
    });
    rl.close();
    return EXIT_CODES[end];
  }
  return runPhone(api, folder, state, rl);
}

/** `run`: the phone answers the cloud's commands (and syncs its files with `--sync-every`). */
async function runPhone(
  api: DeviceApiClient,
  folder: PhoneFolder,
  state: SignedIn,
  rl: ReturnType<typeof createInterface>,
): Promise<number> {
  folder.ensureData({ sample: values.sample });
  const phone = new Phone({
    api,
    folder,
    state,
    log: say,
    reportEveryMs: Math.max(1, Number(values['report-every']) || 30) * 1000,
  });
  rl.on('line', (line) => {
    if (line.trim()) phone.enterCode(line);
  });
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => phone.stop());
  // `--sync-every S`: the phone also syncs its files while it runs (as `sync --every S`).
  const syncStop = new AbortController();
  const syncing = values['sync-every']
    ? syncLoop({
        api,
        folder,
        log: say,
        everyMs: Math.max(1, Number(values['sync-every']) || 0) * 1000,
        areas: values.area,
        onSignedOut: () => undefined,
        signal: syncStop.signal,
      })
    : Promise.resolve('done' as const);
  const end = await phone.run();
  syncStop.abort();
  await syncing;
  // A round that was under way when the wipe came may have written files again.
  if (end === 'wiped') folder.erase();
  rl.close();
  say(end === 'wiped' ? '已擦除，程序退出' : end === 'signed-out' ? '已退出登录' : '已停止');
  return end === 'signed-out' ? 3 : 0;
}

/** `photos backup` / `photos free`. */
async function runPhotos(
  api: DeviceApiClient,
  folder: PhoneFolder,
  sub: string | undefined,
): Promise<number> {
  const opts = {
    api,
    dir: folder.dir,
    folder: values.folder ?? path.join(folder.dataDir, 'photos'),
    log: say,
    everyMs: values.every ? Math.max(1, Number(values.every) || 0) * 1000 : 0,
    parallel: values.parallel ? Math.max(1, Number(values.parallel) || 1) : undefined,
  };
  if (sub === 'backup') return photosBackup(opts);
  if (sub === 'free') return photosFree({ ...opts, remove: values.remove });
  console.error(USAGE);
  return 2;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
