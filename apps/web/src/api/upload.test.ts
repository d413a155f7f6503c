import { Code, Msg } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { header, setup } from './fake-client-env';

describe('api client uploads', () => {
  it('posts a multipart body as it is, with the CSRF header and no tmp', async () => {
    const { client, calls } = setup([{ code: 0, data: { added: 2 } }], { cookies: 'XSRF-TOKEN=n.m' });
    const form = new FormData();
    form.append('file', new Blob(['BEGIN:VCARD']), 'a.vcf');
    await expect(
      client.upload('/contact/inport.do', form, { headers: () => ({ filename: 'a.vcf' }) }),
    ).resolves.toEqual({ added: 2 });
    expect(calls[0]?.url).toBe('/contact/inport.do');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(calls[0]?.init?.body).toBe(form);
    expect(header(calls[0], 'x-xsrf-token')).toBe('n.m');
    expect(header(calls[0], 'filename')).toBe('a.vcf');
    expect(header(calls[0], 'content-type')).toBeNull();
  });

  it('reports progress and follows the same envelope rules (6001 to the check screen)', async () => {
    const { client, env } = setup([{ code: Code.VERIFY_REQUIRED }]);
    const seen: number[] = [];
    const error = await client
      .upload('/note/upload.do', new FormData(), { area: 'note', onProgress: (n) => seen.push(n) })
      .catch((e: unknown) => e);
    expect((error as ApiError).kind).toBe('redirected');
    expect(env.goToRoute).toHaveBeenCalledWith('/note.check');
    expect(env.fetchWithProgress).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([1]);
  });

  it('sends the bytes again after a 2003 and one refresh of the drive token', async () => {
    const { client, env, calls } = setup([{ code: Code.DRIVE_TOKEN_EXPIRED }, { code: 0, data: 'ok' }]);
    await expect(client.upload('/part?t=x', new Blob(['abc']), { method: 'PUT' })).resolves.toBe('ok');
    expect(env.refreshDriveToken).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.init?.method)).toEqual(['PUT', 'PUT']);
  });
});

describe('api client uploads to the drive upload host', () => {
  it('sends no CSRF header where the address carries the credential', async () => {
    const { client, calls } = setup([{ code: 0 }], { cookies: '' });
    await client.upload('https://up.example/rest/4.0/file?token=t', new Blob(['x']), {
      tokenInAddress: true,
    });
    expect(calls).toHaveLength(1);
    expect(header(calls[0], 'x-xsrf-token')).toBeNull();
  });

  it('answers an HTTP status by itself before reading any body', async () => {
    const { client } = setup([new Response('', { status: 422 }), new Response('<html>', { status: 404 })]);
    const byStatus = (status: number) => (status === 422 ? 'exists' : undefined);
    const url = '/rest/4.0/file/head?token=t';
    await expect(client.upload(url, undefined, { method: 'GET', byStatus })).resolves.toBe('exists');
    await expect(client.upload(url, undefined, { method: 'GET', byStatus })).rejects.toMatchObject({
      code: 404,
      kind: 'network',
      message: Msg.NET_SERVER,
    });
  });

  it('answers the whole envelope when the data sits beside the code', async () => {
    const { client } = setup([{ code: 0, sid: 's', offset: 3, len: 9 }]);
    await expect(
      client.upload('/rest/4.0/file/head?token=t', undefined, { method: 'GET', wholeEnvelope: true }),
    ).resolves.toEqual({ code: 0, sid: 's', offset: 3, len: 9 });
  });

  it('turns an unreachable host into the network text', async () => {
    const { client } = setup([new TypeError('Failed to fetch')]);
    const error = await client
      .upload('/x', new Blob([]), { netError: Msg.NET_LIST })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'network', message: Msg.NET_LIST });
  });
});
