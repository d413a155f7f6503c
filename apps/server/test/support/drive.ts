import { createHash, randomBytes } from 'node:crypto';
import type {
  DriveToken,
  Envelope,
  V1File,
  V1UploadUrl,
  V2CreateFileResult,
  V2File,
} from '@phonecloud/shared';
import { expect } from 'vitest';
import { verifiedClient } from './accounts.js';
import type { TestServer } from './server.js';

export const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
export const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');

export const bytesOf = (size: number) => randomBytes(size);

/** A verified user with a drive token (v2) and a drive session (v1), and helpers for both faces. */
export async function driveUser(server: TestServer, opts: { paidGb?: number } = {}) {
  const { client, user } = await verifiedClient(
    server,
    opts.paidGb === undefined ? undefined : await createPaid(server, opts.paidGb),
  );
  const tok = await client.get<DriveToken>('/user/ali_oauth_token.do');
  expect(tok.code).toBe(0);
  let token = tok.data?.access_token ?? '';
  const driveId = tok.data?.default_drive_id ?? '';
  expect((await client.get('/user/refreshYun.do')).code).toBe(0);

  async function v2<T = unknown>(path: string, body: Record<string, unknown> = {}): Promise<Envelope<T>> {
    const res = await fetch(`${server.baseUrl}/v2${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ drive_id: driveId, ...body }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Envelope<T>;
  }

  async function uploadV2(
    name: string,
    bytes: Uint8Array,
    parent = 'root',
    extra: Record<string, unknown> = {},
  ) {
    const created = await v2<V2CreateFileResult>('/file/create', {
      parent_file_id: parent,
      name,
      type: 'file',
      size: bytes.length,
      ...extra,
    });
    if (created.code !== 0 || !created.data) return created as unknown as Envelope<V2File>;
    let offset = 0;
    for (const part of created.data.part_info_list) {
      const res = await fetch(part.upload_url, {
        method: 'PUT',
        body: bytes.subarray(offset, offset + part.part_size),
      });
      expect(res.status).toBe(200);
      offset += part.part_size;
    }
    return v2<V2File>('/file/complete', { file_id: created.data.file_id, upload_id: created.data.upload_id });
  }

  async function uploadUrl(): Promise<V1UploadUrl> {
    const r = await client.post<V1UploadUrl>('/v1/files/uploadUrl.json');
    expect(r.code).toBe(0);
    return r.data as V1UploadUrl;
  }

  async function uploadV1(name: string, bytes: Uint8Array, pid: number | string = 999, policy = 2) {
    const { token: up, secureUploadDomain } = await uploadUrl();
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    const qs = new URLSearchParams({
      size: String(bytes.length),
      filename: name,
      pid: String(pid),
      token: up,
      duplicatePolicy: String(policy),
      channel: 'web',
      appId: '1',
    });
    const res = await fetch(`${secureUploadDomain}/rest/4.0/file?${qs}`, { method: 'POST', body: form });
    return { status: res.status, body: (await res.json()) as Envelope<V1File> };
  }

  return {
    client,
    user,
    driveId,
    get token() {
      return token;
    },
    async refreshToken() {
      const t = await client.get<DriveToken>('/user/ali_oauth_token.do');
      token = t.data?.access_token ?? '';
      return t;
    },
    v2,
    uploadV2,
    uploadV1,
    uploadUrl,
    async download(url: string, headers: Record<string, string> = {}) {
      const res = await fetch(url, { headers });
      return { res, bytes: Buffer.from(await res.arrayBuffer()) };
    },
    async mkdirV2(name: string, parent = 'root') {
      const r = await v2<V2File>('/file/create', { parent_file_id: parent, name, type: 'folder' });
      expect(r.code, r.message).toBe(0);
      return r.data as V2File;
    },
  };
}

async function createPaid(server: TestServer, paidGb: number) {
  const { createUser } = await import('./accounts.js');
  return createUser(server, { paidGb });
}

export type DriveUser = Awaited<ReturnType<typeof driveUser>>;
