import {
  Code,
  type Envelope,
  Msg,
  TOTP_MAX_FAILURES,
  TOTP_RECOVERY_CODE_COUNT,
  TotpApi,
  type TotpConfirmed,
  type TotpEnrolment,
  TotpMsg,
  type TotpStatus,
  type VerifyInfo,
  VerifyType,
} from '@phonecloud/shared';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../src/housekeeping.js';
import { requireVerified } from '../src/http/guards.js';
import { accountModule } from '../src/modules/account/module.js';
import type { AppModule } from '../src/platform/app-module.js';
import { createUser, login, passVerification, type TestUser, verifiedClient } from './support/accounts.js';
import type { TestClient } from './support/client.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

/** Gated calls of both scopes, as the areas attach them. */
const probes: AppModule = {
  name: 'totp-probe',
  async routes(app, deps) {
    app.get('/probe/main.do', { preHandler: requireVerified(deps, 'main') }, async () => ({ code: 0 }));
    app.get('/probe/finder.do', { preHandler: requireVerified(deps, 'finder') }, async () => ({ code: 0 }));
  },
};

const STEP_MS = 30_000;

/** The data of a successful answer (fails the test on any other code). */
function dataOf<T>(res: Envelope<T>): T {
  expect(res.code, res.message).toBe(0);
  if (res.data === undefined) throw new Error('answer without data');
  return res.data;
}

describe.each(TEST_DIALECTS)('authenticator (TOTP) verification [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { modules: [probes] });
  });
  afterAll(() => server.close());

  const codeAt = (secret: string, ms = server.clock.now()) =>
    generate({ secret, epoch: Math.floor(ms / 1000) });
  /** Moves to the next time step, so that the app shows a code not used yet. */
  const nextStep = () => server.clock.advance(STEP_MS);

  async function signedIn(user: TestUser): Promise<TestClient> {
    const client = server.client();
    await login(client, user.username, user.password);
    return client;
  }

  async function enrolled() {
    const { client, user } = await verifiedClient(server);
    const { secret } = dataOf(await client.post<TotpEnrolment>(TotpApi.enrol));
    const confirm = dataOf(await client.post<TotpConfirmed>(TotpApi.confirm, { code: await codeAt(secret) }));
    nextStep();
    return { client, user, secret, recovery: confirm.recovery_codes };
  }

  async function checkTotp(client: TestClient, ticket: string, scope: 'main' | 'finder' = 'main') {
    const prefix = scope === 'finder' ? '/finder/verify' : '/verify';
    return client.post(`${prefix}/check_ticket.do`, { verify_type: VerifyType.TOTP, ticket });
  }

  it('enrolling and removing need a fresh verification', async () => {
    const user = await createUser(server);
    const client = await signedIn(user);
    expect((await client.post(TotpApi.enrol)).code).toBe(Code.VERIFY_REQUIRED);
    expect((await client.post(TotpApi.confirm, { code: '123456' })).code).toBe(Code.VERIFY_REQUIRED);
    expect((await client.post(TotpApi.remove)).code).toBe(Code.VERIFY_REQUIRED);
    expect(dataOf(await client.get<TotpStatus>(TotpApi.status))).toEqual({
      enabled: false,
      enrolled_at: 0,
      recovery_left: 0,
    });
    expect((await server.client().get(TotpApi.status)).code).toBe(Code.NOT_LOGGED_IN);
  });

  it('enrols with a QR code, refuses a wrong first code, confirms with a right one', async () => {
    const { client, user } = await verifiedClient(server);
    const { secret, uri, qr } = dataOf(await client.post<TotpEnrolment>(TotpApi.enrol));
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain(encodeURIComponent(user.username));
    expect(qr).toMatch(/^data:image\/png;base64,/);
    // Not enabled until the first code; the secret is stored sealed, never in clear.
    expect(dataOf(await client.get<TotpStatus>(TotpApi.status)).enabled).toBe(false);
    const row = await server.deps.db
      .selectFrom('totp_factors')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_box).not.toContain(secret);

    const right = await codeAt(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    expect((await client.post(TotpApi.confirm, { code: wrong })).code).toBe(Code.TICKET_WRONG);
    const codes = dataOf(await client.post<TotpConfirmed>(TotpApi.confirm, { code: right })).recovery_codes;
    expect(codes).toHaveLength(TOTP_RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(TOTP_RECOVERY_CODE_COUNT);
    for (const c of codes) expect(c).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    const recoveryRows = await server.deps.db
      .selectFrom('totp_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(recoveryRows).toHaveLength(TOTP_RECOVERY_CODE_COUNT);
    for (const r of recoveryRows)
      for (const c of codes) expect(r.code_hash).not.toContain(c.replace('-', ''));

    const status = await client.get<TotpStatus>(TotpApi.status);
    expect(dataOf(status)).toMatchObject({ enabled: true, recovery_left: TOTP_RECOVERY_CODE_COUNT });
    expect(JSON.stringify(status)).not.toContain(secret);
    // The secret is never handed out again: a new enrolment is refused while one is confirmed.
    const again = await client.post(TotpApi.enrol);
    expect(again).toMatchObject({ code: Code.INVALID, message: TotpMsg.ALREADY_ENROLLED });
    expect(dataOf(await client.get<VerifyInfo>('/verify/verify_info.do')).types).toEqual([
      VerifyType.SMS,
      VerifyType.EMAIL,
      VerifyType.TOTP,
      VerifyType.RECOVERY,
    ]);
    expect(dataOf(await client.get<VerifyInfo>('/finder/verify/verify_info.do')).types).toContain(
      VerifyType.TOTP,
    );
  });

  it('an enrolment waits 15 minutes for its first code', async () => {
    const { client } = await verifiedClient(server);
    const { secret } = dataOf(await client.post<TotpEnrolment>(TotpApi.enrol));
    server.clock.advance(16 * 60_000);
    await passVerificationAgain(client);
    expect(await client.post(TotpApi.confirm, { code: await codeAt(secret) })).toMatchObject({
      code: Code.INVALID,
      message: TotpMsg.NO_ENROLMENT,
    });
  });

  it('housekeeping removes enrolments left unconfirmed, never a confirmed one', async () => {
    const { client, user } = await verifiedClient(server);
    dataOf(await client.post<TotpEnrolment>(TotpApi.enrol));
    const kept = await enrolled();
    const rows = () =>
      server.deps.db
        .selectFrom('totp_factors')
        .select('user_id')
        .where('user_id', 'in', [user.id, kept.user.id])
        .execute();
    await purgeExpired(server.deps, [accountModule]);
    expect(await rows()).toHaveLength(2);
    server.clock.advance(16 * 60_000);
    await purgeExpired(server.deps, [accountModule]);
    expect((await rows()).map((r) => Number(r.user_id))).toEqual([kept.user.id]);
  });

  it('new recovery codes replace the old ones, with a fresh verification', async () => {
    const { client, user, recovery } = await enrolled();
    const renewed = dataOf(await client.post<TotpConfirmed>(TotpApi.recovery)).recovery_codes;
    expect(renewed).toHaveLength(TOTP_RECOVERY_CODE_COUNT);
    expect(renewed.filter((c) => recovery.includes(c))).toEqual([]);
    const other = await signedIn(user);
    expect((await other.post(TotpApi.recovery)).code).toBe(Code.VERIFY_REQUIRED);
    const check = (ticket: string) =>
      other.post('/verify/check_ticket.do', { verify_type: VerifyType.RECOVERY, ticket });
    expect((await check(recovery[0] ?? '')).code).toBe(Code.TICKET_WRONG);
    expect((await check(renewed[0] ?? '')).code).toBe(0);
    const plain = await verifiedClient(server);
    expect(await plain.client.post(TotpApi.recovery)).toMatchObject({
      code: Code.INVALID,
      message: TotpMsg.NOT_ENROLLED,
    });
  });

  async function passVerificationAgain(client: TestClient) {
    // The main verification of this test server lasts 120 minutes: still fresh after 16.
    expect((await client.get('/probe/main.do')).code).toBe(0);
  }

  it('passes the verification of both scopes, each code once', async () => {
    const { user, secret } = await enrolled();
    const a = await signedIn(user);
    expect((await a.get('/probe/main.do')).code).toBe(Code.VERIFY_REQUIRED);
    // Nothing to send for the authenticator, and no captcha before its check.
    expect(await a.post('/verify/send_ticket.do', { verify_type: VerifyType.TOTP })).toMatchObject({
      code: Code.INVALID,
      message: TotpMsg.NO_SEND,
    });
    const code = await codeAt(secret);
    expect((await checkTotp(a, code)).code).toBe(0);
    expect((await a.get('/probe/main.do')).code).toBe(0);
    expect((await a.get('/probe/finder.do')).code).toBe(Code.VERIFY_REQUIRED);

    // The same code again, in another session of the same user, is refused: used.
    const b = await signedIn(user);
    expect(await checkTotp(b, code)).toMatchObject({ code: Code.TICKET_EXPIRED, message: TotpMsg.CODE_USED });
    expect((await b.get('/probe/main.do')).code).toBe(Code.VERIFY_REQUIRED);

    // The next step's code passes the find-my-phone scope only.
    nextStep();
    expect((await checkTotp(b, await codeAt(secret), 'finder')).code).toBe(0);
    expect((await b.get('/probe/finder.do')).code).toBe(0);
    expect((await b.get('/probe/main.do')).code).toBe(Code.VERIFY_REQUIRED);
    // An older step's code than the last accepted one is refused too (even inside the drift).
    expect((await checkTotp(b, await codeAt(secret, server.clock.now() - STEP_MS))).code).toBe(
      Code.TICKET_EXPIRED,
    );
  });

  it('a code of the step before or after still passes (a phone clock a little off)', async () => {
    const { user, secret } = await enrolled();
    const client = await signedIn(user);
    nextStep();
    expect((await checkTotp(client, await codeAt(secret, server.clock.now() + STEP_MS))).code).toBe(0);
    const other = await signedIn(user);
    nextStep();
    nextStep();
    nextStep();
    // Two steps back is too old.
    expect((await checkTotp(other, await codeAt(secret, server.clock.now() - 2 * STEP_MS))).code).toBe(
      Code.TICKET_WRONG,
    );
  });

  it('recovery codes pass once each, typed in any case, with or without the dash', async () => {
    const { client, user, recovery } = await enrolled();
    const [first = '', second = ''] = recovery;
    const a = await signedIn(user);
    expect(
      (await a.post('/verify/check_ticket.do', { verify_type: VerifyType.RECOVERY, ticket: first })).code,
    ).toBe(0);
    expect((await a.get('/probe/main.do')).code).toBe(0);
    const b = await signedIn(user);
    expect(
      (await b.post('/finder/verify/check_ticket.do', { verify_type: VerifyType.RECOVERY, ticket: first }))
        .code,
    ).toBe(Code.TICKET_WRONG);
    const typed = ` ${second.replace('-', '').toLowerCase()} `;
    expect(
      (await b.post('/finder/verify/check_ticket.do', { verify_type: VerifyType.RECOVERY, ticket: typed }))
        .code,
    ).toBe(0);
    expect((await b.get('/probe/finder.do')).code).toBe(0);
    expect(dataOf(await client.get<TotpStatus>(TotpApi.status)).recovery_left).toBe(
      TOTP_RECOVERY_CODE_COUNT - 2,
    );
  });

  it('wrong codes count per account across sessions: five, then 1014 until the window passes', async () => {
    const { user, secret, recovery } = await enrolled();
    const sessions = [await signedIn(user), await signedIn(user)];
    const right = await codeAt(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < TOTP_MAX_FAILURES; i++) {
      const s = sessions[i % 2] as TestClient;
      const res =
        i === 2
          ? await s.post('/verify/check_ticket.do', {
              verify_type: VerifyType.RECOVERY,
              ticket: 'AAAAA-AAAAA',
            })
          : await checkTotp(s, wrong);
      expect(res.code, `try ${i + 1}`).toBe(Code.TICKET_WRONG);
    }
    const locked = sessions[0] as TestClient;
    expect(await checkTotp(locked, right)).toMatchObject({
      code: Code.TOO_MANY_FAILURES,
      message: Msg.TOO_MANY_FAILURES,
    });
    expect(
      (
        await locked.post('/verify/check_ticket.do', {
          verify_type: VerifyType.RECOVERY,
          ticket: recovery[0] ?? '',
        })
      ).code,
    ).toBe(Code.TOO_MANY_FAILURES);
    expect((await locked.get('/probe/main.do')).code).toBe(Code.VERIFY_REQUIRED);
    // Another account is not affected.
    const other = await enrolled();
    expect((await checkTotp(await signedIn(other.user), await codeAt(other.secret))).code).toBe(0);
    // After the window, the right code passes again.
    server.clock.advance(15 * 60_000);
    expect((await checkTotp(locked, await codeAt(secret))).code).toBe(0);
    expect((await locked.get('/probe/main.do')).code).toBe(0);
  });

  it('one account’s codes do not open another, and an account without one cannot use type 3', async () => {
    const a = await enrolled();
    const b = await enrolled();
    const bClient = await signedIn(b.user);
    expect((await checkTotp(bClient, await codeAt(a.secret))).code).toBe(Code.TICKET_WRONG);
    expect(
      (
        await bClient.post('/verify/check_ticket.do', {
          verify_type: VerifyType.RECOVERY,
          ticket: a.recovery[0] ?? '',
        })
      ).code,
    ).toBe(Code.TICKET_WRONG);
    const plain = await signedIn(await createUser(server));
    expect(await checkTotp(plain, '123456')).toMatchObject({
      code: Code.INVALID,
      message: Msg.CHANNEL_NOT_BOUND,
    });
    expect((await plain.post('/verify/send_ticket.do', { verify_type: VerifyType.TOTP })).message).toBe(
      Msg.CHANNEL_NOT_BOUND,
    );
    expect(dataOf(await plain.get<VerifyInfo>('/verify/verify_info.do')).types).toEqual([
      VerifyType.SMS,
      VerifyType.EMAIL,
    ]);
    expect((await plain.post('/verify/check_ticket.do', { verify_type: 9, ticket: '1' })).message).toBe(
      Msg.CHANNEL_NOT_BOUND,
    );
  });

  it('a password change keeps the authenticator; removing it needs a fresh verification', async () => {
    const { client, user, secret } = await enrolled();
    const changed = await client.post('/account/password.do', {
      old_password: user.password,
      password: 'newsecret9',
    });
    expect(changed.code).toBe(0);
    expect(dataOf(await client.get<TotpStatus>(TotpApi.status)).enabled).toBe(true);

    const fresh = server.client();
    await login(fresh, user.username, 'newsecret9');
    expect((await fresh.post(TotpApi.remove)).code).toBe(Code.VERIFY_REQUIRED);
    expect((await checkTotp(fresh, await codeAt(secret))).code).toBe(0);
    expect((await fresh.post(TotpApi.remove)).code).toBe(0);
    expect(dataOf(await fresh.get<TotpStatus>(TotpApi.status)).enabled).toBe(false);
    expect(dataOf(await fresh.get<VerifyInfo>('/verify/verify_info.do')).types).not.toContain(
      VerifyType.TOTP,
    );
    nextStep();
    expect((await checkTotp(fresh, await codeAt(secret))).message).toBe(Msg.CHANNEL_NOT_BOUND);
    const left = await server.deps.db
      .selectFrom('totp_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
    // A new enrolment is possible, with a new secret.
    expect(dataOf(await fresh.post<TotpEnrolment>(TotpApi.enrol)).secret).not.toBe(secret);
  });

  it('an authenticator sealed under another SESSION_SECRET counts as none and may be enrolled again', async () => {
    const { client, user } = await enrolled();
    await server.deps.db
      .updateTable('totp_factors')
      .set({ secret_box: 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA' })
      .where('user_id', '=', user.id)
      .execute();
    expect(dataOf(await client.get<TotpStatus>(TotpApi.status)).enabled).toBe(false);
    expect(dataOf(await client.get<VerifyInfo>('/verify/verify_info.do')).types).not.toContain(
      VerifyType.TOTP,
    );
    expect((await checkTotp(client, '123456')).message).toBe(Msg.CHANNEL_NOT_BOUND);
    const { secret } = dataOf(await client.post<TotpEnrolment>(TotpApi.enrol));
    dataOf(await client.post<TotpConfirmed>(TotpApi.confirm, { code: await codeAt(secret) }));
    expect(dataOf(await client.get<TotpStatus>(TotpApi.status)).enabled).toBe(true);
  });

  it('deleting the account removes its authenticator and recovery codes', async () => {
    const { client, user } = await enrolled();
    expect((await client.post('/user/delete.do', { password: user.password })).code).toBe(0);
    for (const table of ['totp_factors', 'totp_recovery_codes'] as const) {
      const rows = await server.deps.db
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', user.id)
        .execute();
      expect(rows, table).toEqual([]);
    }
    const keys = await server.deps.db.selectFrom('rate_limits').select('key').execute();
    expect(keys.filter((k) => k.key.endsWith(`:u:${user.id}`))).toEqual([]);
  });

  it('passVerification by SMS still works beside the authenticator', async () => {
    const { user } = await enrolled();
    const client = await signedIn(user);
    // The enrolment's own verification sent an SMS: one per 60 s per account.
    server.clock.advance(61_000);
    await passVerification(server, client, user, 'finder');
    expect((await client.get('/probe/finder.do')).code).toBe(0);
  });
});
