import {
  CSRF_COOKIE,
  type Envelope,
  NoteApi,
  type NoteBlock,
  type NoteInput,
  type NoteList,
  type NoteSaveResult,
  type NoteUploadResult,
} from '@phonecloud/shared';
import { expect } from 'vitest';
import { AREA_MODULES } from '../../src/app.js';
import { notesModule } from '../../src/modules/notes/module.js';
import type { TestClient } from './client.js';
import type { TestDialect } from './db.js';
import { startTestServer } from './server.js';

/** The app with the notes area: passed in while the portal does not serve it yet. */
export function startNotesServer(dialect: TestDialect) {
  return startTestServer(dialect, { modules: AREA_MODULES.includes(notesModule) ? [] : [notesModule] });
}

export const text = (content: string): NoteBlock => ({ type: 'text', content, mode: 2, checked: 0 });
export const item = (content: string, checked = false): NoteBlock => ({
  type: 'text',
  content,
  mode: checked ? 1 : 0,
  checked: checked ? 1 : 0,
});

export function saveRaw(client: TestClient, data: NoteInput | string) {
  return client.post<NoteSaveResult>(NoteApi.save, {
    data: typeof data === 'string' ? data : JSON.stringify(data),
  });
}

export async function saveNote(client: TestClient, data: NoteInput): Promise<NoteSaveResult> {
  const res = await saveRaw(client, data);
  expect(res.code, res.message).toBe(0);
  return res.data as NoteSaveResult;
}

export async function noteList(client: TestClient): Promise<NoteList> {
  const res = await client.get<NoteList>(NoteApi.list);
  expect(res.code, res.message).toBe(0);
  return res.data as NoteList;
}

/** upload.do as the page sends it: multipart with the fixed token field. */
export async function uploadRaw(
  client: TestClient,
  name: string,
  bytes: Buffer,
  opts: { type?: 'image' | 'record'; token?: string } = {},
): Promise<Envelope<NoteUploadResult>> {
  if (!client.cookies.has(CSRF_COOKIE)) await client.raw('/platform/info.do');
  const form = new FormData();
  form.set('token', opts.token ?? client.cookies.get(CSRF_COOKIE) ?? '');
  if (opts.type) form.set('type', opts.type);
  form.set('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await client.raw(NoteApi.upload, { method: 'POST', body: form });
  return (await res.json()) as Envelope<NoteUploadResult>;
}

export async function upload(
  client: TestClient,
  name: string,
  bytes: Buffer,
  type?: 'image' | 'record',
): Promise<NoteUploadResult> {
  const res = await uploadRaw(client, name, bytes, { type });
  expect(res.code, res.message).toBe(0);
  return res.data as NoteUploadResult;
}

export const keyOf = (cloudPath: string) => cloudPath.slice(cloudPath.lastIndexOf('/') + 1);
