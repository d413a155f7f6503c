import { randomUUID } from 'node:crypto';
import {
  type Contact,
  ContactApi,
  SyncApi,
  type SyncArea,
  type SyncHeldInfo,
  type SyncPullPage,
  type SyncPushResult,
} from '@phonecloud/shared';
import { expect } from 'vitest';
import { createUser, type TestUser, verifiedClient } from './accounts.js';
import type { TestClient } from './client.js';
import { deviceCall, signInDevice } from './find.js';
import type { TestServer } from './server.js';

/** The phone sync's calls for tests, on the server `current()` answers (set in a beforeAll). */
export function syncKit(current: () => TestServer) {
  /** An account with a signed-in phone and a verified portal session. */
  async function setup(): Promise<{ user: TestUser; token: string; portal: TestClient }> {
    const user = await createUser(current());
    const token = await signInDevice(current(), user, `phone-${randomUUID().slice(0, 8)}`);
    current().clock.advance(61_000);
    const { client } = await verifiedClient(current(), user);
    return { user, token, portal: client };
  }

  const call = <T>(path: string, body: object, token: string | null) =>
    deviceCall<T>(current().baseUrl, path, body, token);
  const push = (token: string, area: SyncArea, changes: unknown[], batchId: string = randomUUID()) =>
    call<SyncPushResult | SyncHeldInfo>(SyncApi.push, { area, batch_id: batchId, changes }, token);
  const pushed = async (token: string, area: SyncArea, changes: unknown[], batchId?: string) => {
    const res = await push(token, area, changes, batchId);
    expect(res.code, res.message).toBe(0);
    return res.data as SyncPushResult;
  };
  /** Every page of a pull from `anchor`. */
  async function pullAll<A extends SyncArea>(token: string, area: A, anchor: string, limit = 500) {
    const items: SyncPullPage<A>['items'] = [];
    const deleted: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const res = await call<SyncPullPage<A>>(SyncApi.pull, { area, anchor, cursor, limit }, token);
      expect(res.code, res.message).toBe(0);
      const page = res.data as SyncPullPage<A>;
      items.push(...page.items);
      deleted.push(...page.deleted);
      if (!page.more) return { items, deleted, anchor: page.anchor, full: page.full };
      cursor = page.cursor ?? undefined;
    }
  }
  const contactBook = async (portal: TestClient) => {
    const res = await portal.get<{ list: Record<string, Contact> }>(ContactApi.list);
    return res.data?.list ?? {};
  };
  return { setup, call, push, pushed, pullAll, contactBook };
}
