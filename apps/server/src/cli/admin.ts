import { parseArgs } from 'node:util';
import { ALL_SERVICE_IDS, isValidPassword, isValidUsername } from '@phonecloud/shared';
import { AREA_MODULES, buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDb } from '../db/index.js';
import { hashPassword } from '../lib/credentials/password.js';
import { normalizeContact } from '../modules/account/index.js';
import { revokeAppPasswords } from '../modules/app-passwords/index.js';
import { revokeDeviceTokens } from '../modules/device/index.js';
import { SMS_USAGE, smsCommand } from '../modules/sms/index.js';
import { deleteUser, Users } from '../modules/users/index.js';

const USAGE = `Usage: npm run admin -- <command>
  user add --username U --password P [--phone N] [--email E] [--paid-gb G]
  user list
  user set-password --username U --password P
  user set-member --username U --member 1,4,8,14   (or --member all)
  user set-paid --username U --paid-gb G
  user delete --username U --yes   (the account and all its data, at once)
${SMS_USAGE}`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

async function main() {
  const [area, command, ...rest] = process.argv.slice(2);
  if (area === 'sms') {
    process.exitCode = await smsCommand(command, rest);
    return;
  }
  if (area !== 'user' || !command) fail(USAGE);
  const { values } = parseArgs({
    args: rest,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      phone: { type: 'string' },
      email: { type: 'string' },
      'paid-gb': { type: 'string' },
      member: { type: 'string' },
      yes: { type: 'boolean' },
    },
  });
  const config = loadConfig();
  const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const users = new Users(handle.db);
  const now = Date.now();
  const byName = async () => {
    const user = values.username ? await users.byLogin(values.username) : undefined;
    return user ?? fail(`no such user: ${values.username ?? '(none given)'}`);
  };
  const paid = () => {
    const n = Number(values['paid-gb'] ?? 0);
    return Number.isFinite(n) && n >= 0 ? n : fail('--paid-gb must be a number >= 0');
  };
  try {
    switch (command) {
      case 'add': {
        const { username, password } = values;
        if (!username || !isValidUsername(username))
          fail('--username: 3-20 letters, digits or _, starting with a letter');
        if (!password || !isValidPassword(password))
          fail('--password: 8-64 characters with letters and digits');
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
        break;
      }
      case 'list': {
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
        break;
      }
      case 'set-password': {
        const user = await byName();
        if (!values.password || !isValidPassword(values.password))
          fail('--password: 8-64 characters with letters and digits');
        await users.update(user.id, { password_hash: await hashPassword(values.password) }, now);
        await handle.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
        await revokeDeviceTokens(handle.db, user.id);
        await revokeAppPasswords(handle.db, user.id);
        console.log(
          `password changed for ${user.username}; its sessions, device sign-ins and app passwords were ended`,
        );
        break;
      }
      case 'set-member': {
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
        break;
      }
      case 'set-paid': {
        const user = await byName();
        await users.update(user.id, { paid_gb: paid() }, now);
        console.log(`paid space of ${user.username}: ${paid()} GB`);
        break;
      }
      case 'delete': {
        const user = await byName();
        if (!values.yes) fail(`add --yes to delete ${user.username} and all of its data`);
        const { app, deps } = await buildApp({ config, db: handle.db, logger: false });
        try {
          await deleteUser(deps, AREA_MODULES, user.id);
        } finally {
          await app.close();
        }
        console.log(`deleted ${user.username} (id ${user.id}) and all of its data`);
        break;
      }
      default:
        fail(USAGE);
    }
  } finally {
    await handle.close();
  }
}

await main();
