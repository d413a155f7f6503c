import { Api, AVATAR_MAX_BYTES, Code, ContactApi, Msg, REQUEST_BODY_MAX_BYTES } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedClient } from './support/accounts.js';
import type { TestClient } from './support/client.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

describe.each(TEST_DIALECTS)('body limits answer in Chinese [%s]', (dialect) => {
  let server: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    ({ client } = await verifiedClient(server));
  });
  afterAll(() => server.close());

  async function rawPost(path: string, body: string | Buffer, contentType: string) {
    const res = await client.raw(path, { method: 'POST', body, headers: { 'content-type': contentType } });
    return { status: res.status, body: (await res.json()) as { code: number; message: string } };
  }

  it('a form past the limit', async () => {
    const big = `account=${'a'.repeat(REQUEST_BODY_MAX_BYTES + 10)}&password=x`;
    const res = await rawPost(Api.accountLogin, big, 'application/x-www-form-urlencoded');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: Code.INVALID, message: Msg.BODY_TOO_LARGE });
  });

  it('a JSON body past the limit, and a malformed one', async () => {
    const big = JSON.stringify({ data: 'x'.repeat(REQUEST_BODY_MAX_BYTES + 10) });
    const res = await rawPost(ContactApi.save, big, 'application/json');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(Msg.BODY_TOO_LARGE);
    const bad = await rawPost(ContactApi.save, '{"data":', 'application/json');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(Msg.BODY_MALFORMED);
  });

  it('a base64 avatar far past its own limit', async () => {
    const huge = Buffer.alloc(AVATAR_MAX_BYTES * 3, 1).toString('base64');
    const res = await rawPost(
      ContactApi.upload,
      new URLSearchParams({ file: huge, filename: 'a.png', fid: '' }).toString(),
      'application/x-www-form-urlencoded',
    );
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(Msg.BODY_TOO_LARGE);
  });

  it('an unsupported content type', async () => {
    const res = await rawPost(ContactApi.save, 'data', 'application/x-unknown');
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(Msg.BODY_UNSUPPORTED);
  });
});
