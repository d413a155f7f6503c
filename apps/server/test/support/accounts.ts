import { expect } from 'vitest';
import { hashPassword } from '../../src/lib/credentials/password.js';
import { UsersRepo } from '../../src/modules/users/repo.js';
import type { TestClient } from './client.js';
import { CAPTCHA_TEST_ANSWER, type CapturingMessenger, type TestServer } from './server.js';

export interface TestUser {
  id: number;
  username: string;
  password: string;
  phone: string | null;
  email: string | null;
}

let counter = 0;
/** Creates an account directly in the database (sign-up has its own tests). */
export async function createUser(
  server: TestServer,
  over: Partial<Omit<TestUser, 'id'>> & { paidGb?: number } = {},
): Promise<TestUser> {
  counter++;
  const n = String(counter).padStart(4, '0');
  const user = {
    username: over.username ?? `user${n}${process.pid % 1000}`,
    password: over.password ?? 'secret123',
    phone: over.phone === undefined ? `1390000${n}` : over.phone,
    email: over.email === undefined ? `user${n}@example.com` : over.email,
  };
  const id = await new UsersRepo(server.deps.db).create(
    { ...user, passwordHash: await hashPassword(user.password), paidGb: over.paidGb ?? 0 },
    server.clock.now(),
  );
  return { id, ...user };
}

export async function login(client: TestClient, account: string, password: string) {
  const res = await client.post('/account/login.do', { account, password });
  expect(res.code).toBe(0);
}

/** Passes the second verification of a scope by SMS, with the code the messenger captured. */
export async function passVerification(
  server: TestServer,
  client: TestClient,
  user: TestUser,
  scope: 'main' | 'finder' = 'main',
) {
  const prefix = scope === 'finder' ? '/finder/verify' : '/verify';
  await client.text('/verify/draw.do');
  expect((await client.post('/verify/check_draw.do', { captcha: CAPTCHA_TEST_ANSWER })).data).toEqual({
    success: true,
  });
  expect((await client.post(`${prefix}/send_ticket.do`, { verify_type: 1 })).code).toBe(0);
  const code = (server.messenger as CapturingMessenger).lastCode(user.phone ?? '');
  expect((await client.post(`${prefix}/check_ticket.do`, { verify_type: 1, ticket: code })).code).toBe(0);
}

/** A signed-in client whose session passed the main verification: ready for a gated area. */
export async function verifiedClient(server: TestServer, user?: TestUser) {
  const u = user ?? (await createUser(server));
  const client = server.client();
  await login(client, u.username, u.password);
  await passVerification(server, client, u);
  return { client, user: u };
}
