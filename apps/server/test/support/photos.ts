import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type Envelope,
  PhotoApi,
  PhotoDeviceApi,
  type PhotoPage,
  type PhotoUploadState,
} from '@phonecloud/shared';
import { photoQueue } from '../../src/modules/photos/meta/queue.js';
import type { TestClient } from './client.js';
import { deviceCall } from './find.js';
import type { TestServer } from './server.js';

export const PHOTO_FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'photos');
export const photoBytes = (name: string) => readFileSync(path.join(PHOTO_FIXTURES, name));
export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A portal JSON call (CSRF and Origin as the page sends them). */
export async function portal<T = unknown>(
  client: TestClient,
  p: string,
  body: object = {},
): Promise<Envelope<T>> {
  const res = await client.raw(p, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  return (await res.json()) as Envelope<T>;
}

/** PUT one part of a photo upload as the phone does. */
export async function putPart(server: TestServer, token: string, uploadId: string, n: number, bytes: Buffer) {
  const qs = new URLSearchParams({ upload_id: uploadId, part: String(n) });
  const res = await fetch(`${server.baseUrl}${PhotoDeviceApi.part}?${qs}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: bytes,
  });
  return (await res.json()) as Envelope<{ part_number: number; size: number }>;
}

/** The phone's whole backup of one file: start (skipped when kept), the parts, complete. */
export async function backUp(
  server: TestServer,
  token: string,
  name: string,
  bytes: Buffer,
  mtime = Date.UTC(2024, 0, 2, 3, 4, 5),
): Promise<{ photoId: number; uploaded: boolean }> {
  const announce = { sha256: sha256(bytes), size: bytes.length, name, mtime, tz_offset: 480 };
  const start = await deviceCall<PhotoUploadState>(server.baseUrl, PhotoDeviceApi.start, announce, token);
  if (start.code !== 0 || !start.data) throw new Error(`start: ${start.code} ${start.message}`);
  if (start.data.done) return { photoId: start.data.photo_id, uploaded: false };
  const { upload_id, part_size, part_count } = start.data;
  for (let n = 1; n <= part_count; n++) {
    const part = await putPart(
      server,
      token,
      upload_id,
      n,
      bytes.subarray((n - 1) * part_size, n * part_size),
    );
    if (part.code !== 0) throw new Error(`part ${n}: ${part.code} ${part.message}`);
  }
  const done = await deviceCall<{ photo_id: number }>(
    server.baseUrl,
    PhotoDeviceApi.complete,
    { ...announce, upload_id },
    token,
  );
  if (done.code !== 0 || !done.data) throw new Error(`complete: ${done.code} ${done.message}`);
  return { photoId: done.data.photo_id, uploaded: true };
}

/** Resolves once every uploaded photo has been read (metadata, thumbnails, pairing). */
export function photosRead(server: TestServer): Promise<void> {
  return photoQueue(server.deps).idle();
}

/** A page of the photos' timeline as the portal asks for it. */
export const timeline = async (client: TestClient, body: object = {}) =>
  (await portal<PhotoPage>(client, PhotoApi.timeline, body)).data as PhotoPage;

/** The user's drive space, used and reserved (photos count against it). */
export async function driveBytes(server: TestServer, userId: number) {
  const row = await server.deps.db
    .selectFrom('drives')
    .select(['used_bytes', 'reserved_bytes'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { used: Number(row.used_bytes), reserved: Number(row.reserved_bytes) };
}
