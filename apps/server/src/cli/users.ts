import { parseArgs } from 'node:util';
import { ALL_SERVICE_IDS, isValidPassword, isValidUsername } from '@phonecloud/shared';
import { AREA_MODULES, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type Db, openDb } from '../db/index.js';
import { hashPassword } from '../lib/credentials/password.js';
import { normalizeContact } from '../modules/account/index.js';
import { revokeAppPasswords } from '../modules/app-passwords/index.js';
import { revokeDeviceTokens } from '../modules/device/index.js';
import { SMS_USAGE } from '../modules/sms/index.js';
import { deleteUser, Users } from '../modules/users/index.js';
import { BACKUP_USAGE } from './backup/index.js';
import { BLOBS_USAGE } from './blobs.js';

const USAGE = `Usage: npm run admin -- <command>
  user add --username U --password P [--phone N] [--email E] [--paid-gb G]
  user list
  user set-password --username U --password P
  user set-member --username U --member 1,4,8,14   (or --member all)
  user set-paid --username U --paid-gb G
  user delete --username U --yes   (the account and all its data, at once)
${SMS_USAGE}
${BACKUP_USAGE}
${BLOBS_USAGE}`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

/** `user ...` (and the usage for anything the CLI does not know). */
export async function userCommand(area: string | undefined, command: string | undefined, rest: string[]) {
  if (area !== 'user' || !command) fail(USAGE);
  const values = parseUserArgs(rest);
  const config = loadConfig();
  const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const users = new Users(handle.db);
  const cmd: UserCommand = {
    values,
    users,
    now: Date.now(),
    byName: async () => {
      const user = values.username ? await users.byLogin(values.username) : undefined;
      return user ?? fail(`no such user: ${values.username ?? '(none given)'}`);
    },
    paid: () => {
      const n = Number(values['paid-gb'] ?? 0);
      return Number.isFinite(n) && n >= 0 ? n : fail('--paid-gb must be a number >= 0');
    },
  };
  try {
    switch (command) {
      case 'add':
        await addUser(cmd);
        break;
      case 'list':
        await listUsers(cmd);
        break;
      case 'set-password':
        await setPassword(cmd, handle.db);
        break;
      case 'set-member':
        await setMember(cmd);
        break;
      case 'set-paid': {
        const user = await cmd.byName();
        await users.update(user.id, { paid_gb: cmd.paid() }, cmd.now);
        console.log(`paid space of ${user.username}: ${cmd.paid()} GB`);
        break;
      }
      case 'delete':
        await deleteAccount(cmd, config, handle.db);
        break;
      default:
        fail(USAGE);
    }
  } finally {
    await handle.close();
  }
}

function parseUserArgs(args: string[]) {
  return parseArgs({
    args,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      phone: { type: 'string' },
      email: { type: 'string' },
      'paid-gb': { type: 'string' },
      member: { type: 'string' },
      yes: { type: 'boolean' },
    },
  }).values;
}

type User = NonNullable<Awaited<ReturnType<Users['byLogin']>>>;

/** What a `user` command works with. */
interface UserCommand {
  values: ReturnType<typeof parseUserArgs>;
  users: Users;
  now: number;
  /** The user --username names; a command naming none, or no such user, fails. */
  byName: () => Promise<User>;
  /** --paid-gb in GB (0 when not given); anything but a number >= 0 fails. */
  paid: () => number;
}

async function addUser({ values, users, now, paid }: UserCommand): Promise<void> {
  const { username, password } = values;
  if (!username || !isValidUsername(username))
    fail('--username: 3-20 letters, digits or _, starting with a letter');
  if (!password || !isValidPassword(password)) fail('--password: 8-64 characters with letters and digits');
  const phone = values.phone ? normalizeContact('phone', values.phone) : null;
  const email = values.email ? normalizeContact('email', values.email) : null;
  if (await users.isTaken('username', username)) fail(`user name taken: ${username}`);
  if (phone && (await users.isTaken('phone', phone))) fail(`phone taken: ${phone}`);
  if (email && (await users.isTaken('email', email))) fail(`e-mail taken: ${email}`);
  const id = await users.create(
    { username, passwordHash: await hashPassword(password), phone, email, paidGb: paid() },
    now,
  );
  console.log(`created user ${username} (id ${id})`);
}

async function listUsers({ users }: UserCommand): Promise<void> {
  for (const u of await users.list()) {
    console.log(
      [
        u.id,
        u.username,
        u.phone ?? '-',
        u.email ?? '-',
        `${u.paid_gb}GB paid`,
        `member=${u.member ?? 'all'}`,
      ].join('\t'),
    );
  }
}

/** A new password ends every sign-in the old one made. */
async function setPassword({ values, users, now, byName }: UserCommand, db: Db): Promise<void> {
  const user = await byName();
  if (!values.password || !isValidPassword(values.password))
    fail('--password: 8-64 characters with letters and digits');
  await users.update(user.id, { password_hash: await hashPassword(values.password) }, now);
  await db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
  await revokeDeviceTokens(db, user.id);
  await revokeAppPasswords(db, user.id);
  console.log(
    `password changed for ${user.username}; its sessions, device sign-ins and app passwords were ended`,
  );
}

async function setMember({ values, users, now, byName }: UserCommand): Promise<void> {
  const user = await byName();
  const raw = values.member ?? fail('--member: comma-separated service ids, or all');
  let member: string | null = null;
  if (raw !== 'all') {
    const ids = raw.split(',').filter(Boolean).map(Number);
    const known: readonly number[] = ALL_SERVICE_IDS;
    if (ids.some((id) => !known.includes(id))) fail(`--member: ids among ${ALL_SERVICE_IDS.join(',')}`);
    member = JSON.stringify(ids);
  }
  await users.update(user.id, { member }, now);
  console.log(`member list of ${user.username}: ${raw}`);
}

async function deleteAccount({ values, byName }: UserCommand, config: Config, db: Db): Promise<void> {
  const user = await byName();
  if (!values.yes) fail(`add --yes to delete ${user.username} and all of its data`);
  const { app, deps } = await buildApp({ config, db, logger: false });
  try {
    await deleteUser(deps, AREA_MODULES, user.id);
  } finally {
    await app.close();
  }
  console.log(`deleted ${user.username} (id ${user.id}) and all of its data`);
}
