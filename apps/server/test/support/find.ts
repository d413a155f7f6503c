import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeviceApiClient, Phone, PhoneFolder, type PhoneState } from '@phonecloud/phone';
import {
  CommandStatus,
  DeviceApi,
  type DeviceCommand,
  type Envelope,
  FIND_FUNCTIONS,
  FindApi,
} from '@phonecloud/shared';
import { expect } from 'vitest';
import { login, passVerification, type TestUser } from './accounts.js';
import type { TestClient } from './client.js';
import type { CapturingMessenger, TestServer } from './server.js';

/** Calls the device API as a phone does: JSON, the token as a bearer. */
export async function deviceCall<T = unknown>(
  baseUrl: string,
  path: string,
  body: object,
  token?: string | null,
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(baseUrl + path, { method: 'POST', headers, body: JSON.stringify(body) });
  return (await res.json()) as Envelope<T>;
}

/** Signs a phone in through both steps with the code the messenger captured; answers its token. */
export async function signInDevice(
  server: TestServer,
  user: TestUser,
  deviceId = 'phone-1',
  functions: number[] = [...FIND_FUNCTIONS],
): Promise<string> {
  // One code per 60 s per account and channel: a test sends many.
  server.clock.advance(61_000);
  const start = await deviceCall<{ challenge: string }>(server.baseUrl, DeviceApi.signinStart, {
    account: user.username,
    password: user.password,
  });
  expect(start.code).toBe(0);
  const code = (server.messenger as CapturingMessenger).lastCode(user.phone ?? user.email ?? '');
  const done = await deviceCall<{ token: string }>(server.baseUrl, DeviceApi.signinFinish, {
    challenge: start.data?.challenge,
    code,
    device_id: deviceId,
    brand: 'Xiaomi',
    model: 'Redmi Note 13',
    functions,
  });
  expect(done.code).toBe(0);
  return done.data?.token ?? '';
}

/** A portal client signed in and past find-my-phone's own verification. */
export async function finderClient(server: TestServer, user: TestUser) {
  const client = server.client();
  await login(client, user.username, user.password);
  server.clock.advance(61_000);
  await passVerification(server, client, user, 'finder');
  return client;
}

/** One command poll of the phone `token` (held up to `waitMs`). */
export async function pollOnce(server: TestServer, token: string, waitMs = 0): Promise<DeviceCommand[]> {
  const res = await deviceCall<{ commands: DeviceCommand[] }>(
    server.baseUrl,
    DeviceApi.commandsPoll,
    { wait_ms: waitMs },
    token,
  );
  expect(res.code).toBe(0);
  return res.data?.commands ?? [];
}

/** Polls command_result.do (as the portal does, faster) until the command is settled. */
export async function settled(client: TestClient, commandId: string, timeoutMs = 5_000): Promise<number> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.post<{ command_status: number }>(FindApi.commandResult, {
      command_id: commandId,
    });
    expect(res.code).toBe(0);
    const status = res.data?.command_status ?? 0;
    if (status !== CommandStatus.PENDING || Date.now() > until) return status;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The reference phone, in process, signed in with `token` and keeping its folder in a temp dir. */
export function startPhone(server: TestServer, token: string, deviceId: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pc-phone-'));
  const folder = new PhoneFolder(dir);
  const state: PhoneState = {
    server: server.baseUrl,
    account: '',
    device_id: deviceId,
    brand: 'Xiaomi',
    model: 'Redmi Note 13',
    token,
    locked: false,
    lock_info: null,
    started_at: Date.now(),
    done: [],
  };
  folder.write(state);
  folder.ensureData({ sample: true });
  const api = new DeviceApiClient(server.baseUrl);
  api.token = token;
  const lines: string[] = [];
  const phone = new Phone({
    api,
    folder,
    state,
    log: (l) => lines.push(l),
    reportEveryMs: 500,
    pollWaitMs: 5_000,
  });
  const running = phone.run();
  return {
    phone,
    folder,
    lines,
    running,
    async stop() {
      phone.stop();
      await running;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
