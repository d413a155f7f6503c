import { Api, Code, Msg, REQUEST_KEY_HEADER, REQUEST_KEY_RE } from '@phonecloud/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { newRequestKey } from './client';
import { earlyPostKey } from './early-responses';
import { header, setup } from './fake-client-env';

describe('api client', () => {
  it('adds the random tmp parameter to GETs and answers data of code 0', async () => {
    const { client, calls } = setup([{ code: 0, data: { member: [1] } }]);
    await expect(client.get(Api.navigateList, { query: { a: 'x y' } })).resolves.toEqual({ member: [1] });
    expect(calls[0]?.url).toBe('/navigate/list.do?a=x+y&tmp=T1');
    expect(calls[0]?.init?.credentials).toBe('same-origin');
  });

  it('form-encodes POSTs and sends the CSRF cookie back in X-XSRF-TOKEN', async () => {
    const { client, calls } = setup([{ code: 0 }], { cookies: 'a=1; XSRF-TOKEN=n0nce.mac%3D; b=2' });
    await client.post(Api.verifyCheckTicket, { verify_type: 1, ticket: '12 34&5', skipped: undefined });
    const call = calls[0];
    expect(call?.url).toBe('/verify/check_ticket.do');
    expect(call?.init?.method).toBe('POST');
    expect(call?.init?.body).toBe('verify_type=1&ticket=12+34%265');
    expect(header(call, 'content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(header(call, 'x-xsrf-token')).toBe('n0nce.mac=');
  });

  it("sends a create's request key, the same on a retry, and none without one", async () => {
    const { client, calls } = setup([{ code: 0 }, { code: 0 }, { code: 0 }], { cookies: 'XSRF-TOKEN=t' });
    const key = newRequestKey();
    expect(key).toMatch(REQUEST_KEY_RE);
    expect(newRequestKey()).not.toBe(key);
    await client.post('/contact/save.do', { data: '{}' }, { requestKey: key });
    await client.post('/contact/save.do', { data: '{}' }, { requestKey: key });
    await client.post('/contact/save.do', { data: '{}' });
    expect(calls.map((c) => header(c, REQUEST_KEY_HEADER.toLowerCase()))).toEqual([key, key, null]);
  });

  it('fetches a CSRF cookie first when the page has none yet', async () => {
    const { client, calls } = setup([{ code: 0 }, { code: 0 }], { cookies: '' });
    await client.post(Api.accountLogin, { account: 'demo', password: 'x' });
    expect(calls.map((c) => c.url)).toEqual(['/platform/info.do?tmp=T1', '/account/login.do']);
  });
});

describe('api client: the envelope codes', () => {
  it('sends the browser to the login page on 2002 with the route to come back to', async () => {
    const { client, env } = setup([{ code: Code.NOT_LOGGED_IN }], { hash: '#/contact.check' });
    const error = await client.get(Api.userDetail).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('redirected');
    expect(env.assign).toHaveBeenCalledWith('/account/#/login?redirect=%23%2Fcontact.check');
  });

  it('answers 2002 as an error without leaving when the caller asks to stay', async () => {
    const { client, env } = setup([{ code: Code.NOT_LOGGED_IN }], { pathname: '/account/', hash: '#/login' });
    const error = await client.get(Api.userDetail, { stayOnLogout: true }).catch((e: unknown) => e);
    expect((error as ApiError).kind).toBe('business');
    expect((error as ApiError).code).toBe(Code.NOT_LOGGED_IN);
    expect(env.assign).not.toHaveBeenCalled();
  });

  it('comes back to the full path when not on the portal page', async () => {
    const { client, env } = setup([{ code: Code.NOT_LOGGED_IN }], {
      pathname: '/account/',
      hash: '#/centre',
    });
    await client.get(Api.accountProfile).catch(() => undefined);
    expect(env.assign).toHaveBeenCalledWith('/account/#/login?redirect=%2Faccount%2F%23%2Fcentre');
  });

  it("sends the browser to the area's check screen on 6001", async () => {
    const { client, env } = setup([{ code: Code.VERIFY_REQUIRED }]);
    const error = await client.get('/contact/list.do', { area: 'contact' }).catch((e: unknown) => e);
    expect((error as ApiError).kind).toBe('redirected');
    expect(env.goToRoute).toHaveBeenCalledWith('/contact.check');
  });

  it('refreshes the drive token once on 2003 and retries', async () => {
    const { client, env, calls } = setup([{ code: Code.DRIVE_TOKEN_EXPIRED }, { code: 0, data: 7 }]);
    await expect(client.get('/v2/drive/get')).resolves.toBe(7);
    expect(env.refreshDriveToken).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
  });

  it('gives up after one refresh when the token stays expired', async () => {
    const { client, calls } = setup([{ code: Code.DRIVE_TOKEN_EXPIRED }, { code: Code.DRIVE_TOKEN_EXPIRED }]);
    const error = await client.get('/v2/drive/get').catch((e: unknown) => e);
    expect((error as ApiError).code).toBe(Code.DRIVE_TOKEN_EXPIRED);
    expect(calls).toHaveLength(2);
  });

  it('posts JSON with headers read again for the retry after a 2003', async () => {
    const { client, env, calls } = setup([{ code: Code.DRIVE_TOKEN_EXPIRED }, { code: 0, data: 1 }]);
    let token = 'old';
    vi.mocked(env.refreshDriveToken).mockImplementation(async () => {
      token = 'new';
      return true;
    });
    await client.postJson(
      '/v2/file/list',
      { parent_file_id: 'root', ids: [1] },
      {
        headers: () => ({ Authorization: `Bearer ${token}` }),
      },
    );
    expect(calls[0]?.init?.body).toBe('{"parent_file_id":"root","ids":[1]}');
    expect(header(calls[0], 'content-type')).toMatch(/^application\/json/);
    expect(header(calls[0], 'authorization')).toBe('Bearer old');
    expect(header(calls[1], 'authorization')).toBe('Bearer new');
  });
});

describe('api client: failures and early answers', () => {
  it("shows the server's message for other codes, else the code's own text", async () => {
    const { client } = setup([
      { code: Code.TAKEN, message: Msg.USERNAME_TAKEN },
      { code: Code.TICKET_WRONG },
    ]);
    await expect(client.post(Api.accountRegister)).rejects.toMatchObject({
      code: Code.TAKEN,
      message: Msg.USERNAME_TAKEN,
      kind: 'business',
    });
    await expect(client.post(Api.verifyCheckTicket)).rejects.toMatchObject({ message: Msg.CODE_WRONG });
  });

  it("answers the action's network-failure text when the server cannot be reached", async () => {
    const { client } = setup([new TypeError('Failed to fetch'), '<html>bad gateway</html>']);
    await expect(client.get(Api.verifyInfo, { netError: Msg.NET_BIND_INFO })).rejects.toMatchObject({
      kind: 'network',
      message: Msg.NET_BIND_INFO,
    });
    await expect(client.get(Api.navigateList)).rejects.toMatchObject({
      kind: 'network',
      message: Msg.NET_SERVER,
    });
  });

  it('uses, once, the answer the page asked for early for a GET that allows it', async () => {
    const { client, env, calls } = setup([
      { code: 0, data: { from: 'fetch' } },
      { code: 0, data: { from: 'fetch' } },
    ]);
    const early = new Map<string, Promise<Response>>([
      [Api.userDetail, Promise.resolve(new Response(JSON.stringify({ code: 0, data: { from: 'early' } })))],
    ]);
    env.takeEarly = (path) => {
      const answer = early.get(path);
      early.delete(path);
      return answer;
    };
    expect(await client.get(Api.userDetail)).toEqual({ from: 'fetch' });
    expect(await client.get(Api.userDetail, { early: true })).toEqual({ from: 'early' });
    expect(await client.get(Api.userDetail, { early: true })).toEqual({ from: 'fetch' });
    expect(calls).toHaveLength(2);
  });

  it('uses the early answer of a JSON POST only for the same path and body', async () => {
    const { client, env, calls } = setup([
      { code: 0, data: { from: 'fetch' } },
      { code: 0, data: { from: 'fetch' } },
    ]);
    const early = new Map<string, Promise<Response>>([
      [
        earlyPostKey('/photo/timeline', '{"limit":600}'),
        Promise.resolve(new Response(JSON.stringify({ code: 0, data: { from: 'early' } }))),
      ],
    ]);
    env.takeEarly = (key) => {
      const answer = early.get(key);
      early.delete(key);
      return answer;
    };
    expect(await client.postJson('/photo/timeline', { limit: 300 }, { early: true })).toEqual({
      from: 'fetch',
    });
    expect(await client.postJson('/photo/timeline', { limit: 600 }, { early: true })).toEqual({
      from: 'early',
    });
    expect(await client.postJson('/photo/timeline', { limit: 600 }, { early: true })).toEqual({
      from: 'fetch',
    });
    expect(calls).toHaveLength(2);
  });
});
