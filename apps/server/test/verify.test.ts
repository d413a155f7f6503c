import { Code, Msg } from '@phonecloud/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentSession, requireVerified } from '../src/http/guards.js';
import type { AppModule } from '../src/platform/app-module.js';
import { createUser, login, passVerification } from './support/accounts.js';
import { TEST_DIALECTS } from './support/db.js';
import {
  CAPTCHA_TEST_ANSWER,
  type CapturingMessenger,
  startTestServer,
  type TestServer,
} from './support/server.js';

/** An area that attaches the platform's guard, as every gated area does. */
const gatedArea: AppModule = {
  name: 'gated-probe',
  async routes(app, deps) {
    app.get('/probe/main.do', { preHandler: requireVerified(deps, 'main') }, async (req) => ({
      code: 0,
      data: { user: currentSession(req).userId },
    }));
    app.get('/probe/finder.do', { preHandler: requireVerified(deps, 'finder') }, async () => ({ code: 0 }));
  },
};

describe.each(TEST_DIALECTS)('second verification [%s]', (dialect) => {
  let server: TestServer;
  const codes = () => server.messenger as CapturingMessenger;
  beforeAll(async () => {
    server = await startTestServer(dialect, { modules: [gatedArea] });
  });
  afterAll(() => server.close());

  async function signedIn() {
    const user = await createUser(server);
    const client = server.client();
    await login(client, user.username, user.password);
    return { user, client };
  }

  it('answers 2002 on every call without a session', async () => {
    const client = server.client();
    for (const path of [
      '/verify/verify_info.do',
      '/finder/verify/verify_info.do',
      '/probe/main.do',
      '/user/detail.do',
    ]) {
      expect((await client.get(path)).code, path).toBe(Code.NOT_LOGGED_IN);
    }
    expect((await client.post('/verify/send_ticket.do', { verify_type: 1 })).code).toBe(Code.NOT_LOGGED_IN);
  });

  it('tells which channels are bound, masked', async () => {
    const user = await createUser(server, { phone: '13912345678', email: null });
    const client = server.client();
    await login(client, user.username, user.password);
    expect((await client.get('/verify/verify_info.do')).data).toEqual({
      phone: '139****5678',
      email: '',
      types: [1],
    });
    expect((await client.post('/verify/send_ticket.do', { verify_type: 2 })).message).toBe(
      Msg.CHANNEL_NOT_BOUND,
    );
  });

  it('draws a real GIF captcha, no-store, a new one each time', async () => {
    const { client } = await signedIn();
    const res = await client.raw('/verify/draw.do?tmp=1');
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const gif = Buffer.from(await res.arrayBuffer());
    expect(gif.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    // It decodes, at the size the page shows it (scaled to 110 × 38).
    const image = sharp(gif);
    expect(await image.metadata()).toMatchObject({ format: 'gif', width: 200, height: 70 });
    // Not blank: the letters and the noise are drawn in ink on the white ground.
    const { channels } = await image.stats();
    expect(Math.min(...channels.map((c) => c.min))).toBeLessThan(200);
    const again = Buffer.from(await (await client.raw('/verify/draw.do?tmp=2')).arrayBuffer());
    expect(again.equals(gif)).toBe(false);
  });

  it('checks the captcha: empty, wrong, right, reused, expired', async () => {
    const { client } = await signedIn();
    expect((await client.post('/verify/check_draw.do', { captcha: '' })).message).toBe(Msg.CAPTCHA_EMPTY);
    // Without an image there is nothing to pass.
    expect((await client.post('/verify/check_draw.do', { captcha: CAPTCHA_TEST_ANSWER })).data).toEqual({
      success: false,
    });
    await client.text('/verify/draw.do');
    expect((await client.post('/verify/check_draw.do', { captcha: 'zzzz' })).data).toEqual({
      success: false,
    });
    // A wrong answer uses the image up: the right one no longer passes without a new image.
    expect((await client.post('/verify/check_draw.do', { captcha: CAPTCHA_TEST_ANSWER })).data).toEqual({
      success: false,
    });
    await client.text('/verify/draw.do');
    expect((await client.post('/verify/check_draw.do', { captcha: CAPTCHA_TEST_ANSWER })).data).toEqual({
      success: true,
    });
    // Single use.
    expect((await client.post('/verify/check_draw.do', { captcha: CAPTCHA_TEST_ANSWER })).data).toEqual({
      success: false,
    });
    await client.text('/verify/draw.do');
    server.clock.advance(6 * 60_000);
    expect((await client.post('/verify/check_draw.do', { captcha: CAPTCHA_TEST_ANSWER })).data).toEqual({
      success: false,
    });
  });

  it('binds the captcha to the session that drew it', async () => {
    const a = await signedIn();
    const b = await signedIn();
    await a.client.text('/verify/draw.do');
    expect((await b.client.post('/verify/check_draw.do', { captcha: CAPTCHA_TEST_ANSWER })).data).toEqual({
      success: false,
    });
    expect((await a.client.post('/verify/check_draw.do', { captcha: CAPTCHA_TEST_ANSWER })).data).toEqual({
      success: true,
    });
  });

  it('refuses to send a code before the captcha passed, and a pass sends once', async () => {
    const { client } = await signedIn();
    expect((await client.post('/verify/send_ticket.do', { verify_type: 1 })).code).toBe(
      Code.CAPTCHA_REQUIRED,
    );
    await client.text('/verify/draw.do');
    await client.post('/verify/check_draw.do', { captcha: CAPTCHA_TEST_ANSWER });
    expect((await client.post('/verify/send_ticket.do', { verify_type: 1 })).code).toBe(0);
    server.clock.advance(61_000);
    expect((await client.post('/verify/send_ticket.do', { verify_type: 1 })).code).toBe(
      Code.CAPTCHA_REQUIRED,
    );
  });

  it('limits one code per 60 s per account and channel (6004)', async () => {
    const { user, client } = await signedIn();
    const pass = async () => {
      await client.text('/verify/draw.do');
      await client.post('/verify/check_draw.do', { captcha: CAPTCHA_TEST_ANSWER });
    };
    await pass();
    expect((await client.post('/verify/send_ticket.do', { verify_type: 1 })).code).toBe(0);
    await pass();
    server.clock.advance(59_000);
    const again = await client.post('/verify/send_ticket.do', { verify_type: 1 });
    expect(again).toMatchObject({ code: Code.TICKET_TOO_FREQUENT, message: Msg.CODE_TOO_FREQUENT });
    // The other channel has its own clock.
    await pass();
    expect((await client.post('/verify/send_ticket.do', { verify_type: 2 })).code).toBe(0);
    // A second session of the same account shares the limit.
    const other = server.client();
    await login(other, user.username, user.password);
    await other.text('/verify/draw.do');
    await other.post('/verify/check_draw.do', { captcha: CAPTCHA_TEST_ANSWER });
    expect((await other.post('/verify/send_ticket.do', { verify_type: 1 })).code).toBe(
      Code.TICKET_TOO_FREQUENT,
    );
    server.clock.advance(2_000);
    await pass();
    expect((await client.post('/verify/send_ticket.do', { verify_type: 1 })).code).toBe(0);
    expect(codes().sent.filter((m) => m.to === user.phone)).toHaveLength(2);
  });

  it('checks codes: empty, wrong (6002), right once, expired (6003), voided after 5 wrong', async () => {
    const { user, client } = await signedIn();
    const send = async () => {
      await client.text('/verify/draw.do');
      await client.post('/verify/check_draw.do', { captcha: CAPTCHA_TEST_ANSWER });
      expect((await client.post('/verify/send_ticket.do', { verify_type: 1 })).code).toBe(0);
      return codes().lastCode(user.phone ?? '');
    };
    expect((await client.post('/verify/check_ticket.do', { verify_type: 1, ticket: '' })).message).toBe(
      Msg.CODE_EMPTY,
    );
    expect((await client.post('/verify/check_ticket.do', { verify_type: 1, ticket: '123456' })).code).toBe(
      Code.TICKET_EXPIRED,
    );
    let code = await send();
    const wrong = code === '000000' ? '000001' : '000000';
    expect(await client.post('/verify/check_ticket.do', { verify_type: 1, ticket: wrong })).toMatchObject({
      code: Code.TICKET_WRONG,
      message: Msg.CODE_WRONG,
    });
    expect((await client.post('/verify/check_ticket.do', { verify_type: 1, ticket: code })).code).toBe(0);
    expect((await client.post('/verify/check_ticket.do', { verify_type: 1, ticket: code })).code).toBe(
      Code.TICKET_EXPIRED,
    );

    server.clock.advance(61_000);
    code = await send();
    server.clock.advance(10 * 60_000 + 1);
    expect(await client.post('/verify/check_ticket.do', { verify_type: 1, ticket: code })).toMatchObject({
      code: Code.TICKET_EXPIRED,
      message: Msg.CODE_EXPIRED,
    });

    code = await send();
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/verify/check_ticket.do', { verify_type: 1, ticket: wrong })).code).toBe(
        Code.TICKET_WRONG,
      );
    }
    expect((await client.post('/verify/check_ticket.do', { verify_type: 1, ticket: code })).code).toBe(
      Code.TICKET_EXPIRED,
    );
  });

  it('gates areas with 6001 until verified, for the configured time', async () => {
    const { user, client } = await signedIn();
    expect((await client.get('/probe/main.do')).code).toBe(Code.VERIFY_REQUIRED);
    await passVerification(server, client, user);
    expect(await client.get('/probe/main.do')).toEqual({ code: 0, data: { user: user.id } });
    server.clock.advance(120 * 60_000 + 1);
    expect((await client.get('/probe/main.do')).code).toBe(Code.VERIFY_REQUIRED);
  });

  it('keeps find-my-phone a separate scope', async () => {
    const { user, client } = await signedIn();
    await passVerification(server, client, user, 'main');
    expect((await client.get('/probe/finder.do')).code).toBe(Code.VERIFY_REQUIRED);
    server.clock.advance(61_000);
    await passVerification(server, client, user, 'finder');
    expect((await client.get('/probe/finder.do')).code).toBe(0);
    // A main-scope code does not open the finder scope either.
    const fresh = await signedIn();
    await fresh.client.text('/verify/draw.do');
    await fresh.client.post('/verify/check_draw.do', { captcha: CAPTCHA_TEST_ANSWER });
    await fresh.client.post('/verify/send_ticket.do', { verify_type: 1 });
    const code = codes().lastCode(fresh.user.phone ?? '');
    expect(
      (await fresh.client.post('/finder/verify/check_ticket.do', { verify_type: 1, ticket: code })).code,
    ).toBe(Code.TICKET_EXPIRED);
  });

  it('does not carry a verification over to a new session', async () => {
    const { user, client } = await signedIn();
    await passVerification(server, client, user);
    const other = server.client();
    await login(other, user.username, user.password);
    expect((await other.get('/probe/main.do')).code).toBe(Code.VERIFY_REQUIRED);
  });

  it('binds a code to the session that asked for it: another session of the user cannot use it', async () => {
    const { user, client } = await signedIn();
    const other = server.client();
    await login(other, user.username, user.password);
    await client.text('/verify/draw.do');
    await client.post('/verify/check_draw.do', { captcha: CAPTCHA_TEST_ANSWER });
    expect((await client.post('/verify/send_ticket.do', { verify_type: 1 })).code).toBe(0);
    const code = codes().lastCode(user.phone ?? '');
    // The second session holds no code of its own: the first one's does not open it.
    expect((await other.post('/verify/check_ticket.do', { verify_type: 1, ticket: code })).code).toBe(
      Code.TICKET_EXPIRED,
    );
    expect((await other.get('/probe/main.do')).code).toBe(Code.VERIFY_REQUIRED);
    expect((await client.post('/verify/check_ticket.do', { verify_type: 1, ticket: code })).code).toBe(0);
    expect((await client.get('/probe/main.do')).code).toBe(0);
    expect((await other.get('/probe/main.do')).code).toBe(Code.VERIFY_REQUIRED);
  });
});
