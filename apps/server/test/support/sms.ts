import type { Envelope, SmsData, SmsDetail } from '@phonecloud/shared';
import { SmsApi } from '@phonecloud/shared';
import { expect } from 'vitest';
import { addMessages, type IncomingMessage } from '../../src/modules/sms/store.js';
import type { TestClient } from './client.js';
import type { TestServer } from './server.js';

/** A message as the phone would state it; `at` minutes after a fixed start. */
export function msg(
  address: string,
  body: string,
  at: number,
  over: Partial<IncomingMessage> = {},
): IncomingMessage {
  return { address, body, date: Date.UTC(2026, 0, 1) + at * 60_000, type: 1, read: 1, locked: 0, ...over };
}

/** Puts messages in a user's box as the phone sync and the import do. */
export function give(server: TestServer, userId: number, messages: IncomingMessage[]): Promise<number> {
  return addMessages(server.deps, userId, messages);
}

export async function smsList(client: TestClient): Promise<SmsData> {
  const res = await client.get<SmsData>(SmsApi.list);
  expect(res.code, res.message).toBe(0);
  return res.data as SmsData;
}

export async function smsDetail(
  client: TestClient,
  form: Record<string, string | number>,
): Promise<SmsDetail> {
  const res = await client.post<SmsDetail>(SmsApi.detail, form);
  expect(res.code, res.message).toBe(0);
  return res.data as SmsDetail;
}

export async function okPost<T>(
  client: TestClient,
  path: string,
  form: Record<string, string | number>,
): Promise<T> {
  const res: Envelope<T> = await client.post<T>(path, form);
  expect(res.code, res.message).toBe(0);
  return res.data as T;
}
