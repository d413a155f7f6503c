import type { Contact, ContactBook, ContactSaveResult, Envelope } from '@phonecloud/shared';
import { expect } from 'vitest';
import type { TestClient } from './client.js';
import type { TestServer } from './server.js';

/** Content of a contact as the editor sends it; `extra` adds or replaces arrays. */
export function person(name: string, extra: Record<string, unknown> = {}) {
  return { name: [{ display_name: name, is_primary: 1 }], ...extra };
}

export async function saveRaw(
  client: TestClient,
  content: unknown,
  more: Record<string, unknown> = {},
): Promise<Envelope<ContactSaveResult>> {
  return client.post<ContactSaveResult>('/contact/save.do', { data: JSON.stringify({ content, ...more }) });
}

/** Saves and expects success. */
export async function save(client: TestClient, content: unknown, more: Record<string, unknown> = {}) {
  const res = await saveRaw(client, content, more);
  expect(res.code, res.message).toBe(0);
  return res.data as ContactSaveResult;
}

export async function book(client: TestClient): Promise<ContactBook> {
  const res = await client.get<ContactBook>('/contact/list.do');
  expect(res.code, res.message).toBe(0);
  return res.data as ContactBook;
}

export async function names(client: TestClient): Promise<string[]> {
  const b = await book(client);
  return Object.values(b.list)
    .map((c: Contact) => c.content.name[0]?.display_name ?? '')
    .sort();
}

export async function remove(
  client: TestClient,
  contacts: Array<Pick<Contact, 'server_id' | 'version_code'>>,
) {
  const map = Object.fromEntries(contacts.map((c) => [c.server_id, c.version_code]));
  const res = await client.post('/contact/delete.do', { sync_version: 0, server_ids: JSON.stringify(map) });
  expect(res.code, res.message).toBe(0);
  return res;
}

/** Posts files as the import dialog does: multipart, field `file`, CSRF header. */
export async function importFiles(client: TestClient, files: Array<{ name: string; text: string | Buffer }>) {
  const form = new FormData();
  for (const f of files) form.append('file', new Blob([f.text]), f.name);
  const res = await client.raw('/contact/inport.do', { method: 'POST', body: form });
  return (await res.json()) as Envelope<{
    sync_version: number;
    total: number;
    added: number;
    duplicates: number;
    failed: Array<{ file: string; index: number; name: string; reason: string }>;
    warnings: string[];
  }>;
}

/**
 * Closes a test server without waiting on keep-alive sockets: a streamed response (avatar,
 * export) can finish a tick after the client has read it, too late for Fastify's one sweep of
 * idle connections at close, and the socket would then hold close() for the keep-alive timeout.
 */
export async function closeServer(server: TestServer): Promise<void> {
  server.app.server.closeAllConnections();
  await server.close();
}
