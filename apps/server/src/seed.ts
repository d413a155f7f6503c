import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './http/context.js';
import { hashPassword } from './lib/credentials/password.js';
import { Users } from './modules/users/index.js';
import type { AppModule } from './platform/app-module.js';

export const DEMO = { username: 'demo', phone: '13800138000', email: 'demo@example.com', paidGb: 10 };

/** On a first start with no accounts, creates the demo account and lets each area add its data. */
export async function seedDemoIfEmpty(deps: AppDeps, modules: AppModule[], log: FastifyBaseLogger) {
  if (!deps.config.seedDemo) return;
  const users = new Users(deps.db);
  if ((await users.count()) > 0) return;
  const userId = await users.create(
    {
      username: DEMO.username,
      passwordHash: await hashPassword(deps.config.demoPassword),
      phone: DEMO.phone,
      email: DEMO.email,
      paidGb: DEMO.paidGb,
    },
    deps.clock.now(),
  );
  for (const m of modules) await m.seedDemo?.(deps, userId);
  log.info({ username: DEMO.username }, 'demo account created (SEED_DEMO=0 turns this off)');
}
