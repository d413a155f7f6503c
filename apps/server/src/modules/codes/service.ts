import {
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MINUTES,
  Code,
  Msg,
  RESEND_WAIT_SECONDS,
} from '@phonecloud/shared';
import type { FastifyBaseLogger } from 'fastify';
import { RateLimiter } from '../../db/rate-limit.js';
import type { AppDeps } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { hmacHex, randomDigits, safeEqual } from '../../lib/crypto.js';

export type Channel = 'sms' | 'email';

/** @package */
export interface IssueRequest {
  /** What the code proves; one live code per purpose, a new one replaces it. */
  purpose: string;
  channel: Channel;
  /** Phone number or e-mail address the code goes to. */
  to: string;
  /** Keys that may send once per 60 s (account and channel, or the target itself). */
  rateKeys: string[];
  /** Sentence the code is embedded in. */
  describe: (code: string) => string;
  /** Who asks: the client's address, and the account when signed in (hourly SMS limits). */
  origin: CodeOrigin;
}

export interface CodeOrigin {
  ip: string;
  userId?: number;
  /** The request's log, for the operator's warning. */
  log: FastifyBaseLogger;
}

const HOUR_MS = 3_600_000;

const RESEND_MS = RESEND_WAIT_SECONDS * 1000;
const TTL_MS = CODE_TTL_MINUTES * 60_000;

/** Six-digit codes: single use, expiring (6003), rate-limited (6004), voided after 5 wrong tries. */
export class CodeService {
  private readonly limiter: RateLimiter;
  constructor(private readonly deps: AppDeps) {
    this.limiter = new RateLimiter(deps.db);
  }

  private hash(purpose: string, code: string) {
    return hmacHex(this.deps.config.sessionSecret, `code:${purpose}:${code}`);
  }

  async issue(req: IssueRequest): Promise<void> {
    const now = this.deps.clock.now();
    await this.admit(req, now);
    const code = randomDigits(CODE_LENGTH);
    try {
      await this.deliver(req, code);
    } catch (err) {
      // Nothing was delivered: the user may try again at once.
      for (const key of req.rateKeys) await this.limiter.reset(key);
      throw err;
    }
    await this.store(req.purpose, code, req.to, now);
  }

  /**
   * As `issue`, for an answer that must not tell whether anything was sent (忘记密码): the code
   * is stored before the answer and delivered after it, and a refusal of the limits is logged, not
   * answered, with a planted code in its place. A failed delivery takes the code back.
   */
  async issueQuietly(req: IssueRequest): Promise<void> {
    const now = this.deps.clock.now();
    try {
      await this.admit(req, now);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      req.origin.log.warn({ code: err.code, channel: req.channel }, 'code not sent: a limit was reached');
      await this.plant(req.purpose);
      return;
    }
    const code = randomDigits(CODE_LENGTH);
    await this.store(req.purpose, code, req.to, now);
    void this.deliver(req, code).catch(async (err: unknown) => {
      req.origin.log.warn({ err, channel: req.channel }, 'code not delivered');
      await this.deps.db
        .deleteFrom('verify_codes')
        .where('purpose', '=', req.purpose)
        .where('code_hash', '=', this.hash(req.purpose, code))
        .execute()
        .catch(() => undefined);
    });
  }

  /** The resend wait and the hourly SMS limits: refuses (6004), or counts this message. */
  private async admit(req: IssueRequest, now: number): Promise<void> {
    for (const key of req.rateKeys) {
      if ((await this.limiter.count(key, RESEND_MS, now)) > 0) {
        throw new AppError(Code.TICKET_TOO_FREQUENT);
      }
    }
    const hourly = req.channel === 'sms' ? await this.checkSmsHourly(req, now) : [];
    for (const key of req.rateKeys) await this.limiter.hit(key, RESEND_MS, now);
    for (const key of hourly) await this.limiter.hit(key, HOUR_MS, now);
  }

  private deliver(req: IssueRequest, code: string): Promise<void> {
    return this.deps.messenger.send({
      channel: req.channel,
      to: req.to,
      subject: '验证码',
      text: req.describe(code),
    });
  }

  /** One live code per purpose: a new one replaces it. */
  private async store(purpose: string, code: string, target: string, now: number): Promise<void> {
    const values = {
      code_hash: this.hash(purpose, code),
      target,
      created_at: now,
      expires_at: now + TTL_MS,
      attempts: 0,
    };
    await this.deps.db
      .insertInto('verify_codes')
      .values({ purpose, ...values })
      .onConflict((oc) => oc.column('purpose').doUpdateSet(values))
      .execute();
  }

  /**
   * Stores a code that is never sent, under a purpose a stranger may ask about (忘记密码 for an
   * unknown name): checking it then answers as a real code would (6002, voided after 5 tries).
   * No address is empty, so the planted code never passes a check that names one.
   */
  async plant(purpose: string): Promise<void> {
    await this.store(purpose, randomDigits(CODE_LENGTH), '', this.deps.clock.now());
  }

  /**
   * The hourly SMS limits, per client address, per account, per number block and in all: a
   * captcha solved by a farm must not turn the server into an SMS pump. Answers the keys to count
   * this message under; refuses (6004) when any is full. Reaching the global cap warns the
   * operator once per hour.
   */
  private async checkSmsHourly(req: IssueRequest, now: number): Promise<string[]> {
    const limits = this.deps.config.smsHourly;
    const checks: Array<[string, number]> = [
      [`sms:h:ip:${req.origin.ip}`, limits.perAddress],
      [`sms:h:prefix:${req.to.replace(/\D/g, '').slice(0, 7)}`, limits.perPrefix],
      ['sms:h:all', limits.global],
    ];
    if (req.origin.userId !== undefined) checks.push([`sms:h:u:${req.origin.userId}`, limits.perAccount]);
    for (const [key, limit] of checks) {
      if ((await this.limiter.count(key, HOUR_MS, now)) < limit) continue;
      if (key === 'sms:h:all') await this.warnOperator(now, req.origin.log);
      throw new AppError(Code.TICKET_TOO_FREQUENT, Msg.SMS_HOURLY_LIMIT);
    }
    return checks.map(([key]) => key);
  }

  private async warnOperator(now: number, log: FastifyBaseLogger): Promise<void> {
    if ((await this.limiter.hit('sms:h:all:warned', HOUR_MS, now)) > 1) return;
    const { config, messenger } = this.deps;
    const text = `${config.productName}：本小时发送的短信验证码已达上限（SMS_HOURLY_GLOBAL=${config.smsHourly.global}），之后的请求被拒绝。请检查是否有人滥用注册或验证接口。`;
    log.warn(
      { cap: config.smsHourly.global },
      'hourly SMS cap reached (SMS_HOURLY_GLOBAL): further code requests are refused this hour',
    );
    if (config.operatorEmail) {
      await messenger
        .send({ channel: 'email', to: config.operatorEmail, subject: '短信发送达到上限', text })
        .catch(() => undefined);
    }
  }

  /**
   * Checks and uses up a code: 6003 when there is none (never sent, used, expired, voided),
   * 6002 when wrong. `target` must match where the code was sent, when given.
   */
  async consume(purpose: string, code: string, target?: string): Promise<void> {
    const row = await this.verify(purpose, code, target);
    // Deleting with the hash in the filter makes a concurrent second use find nothing.
    const res = await this.deps.db
      .deleteFrom('verify_codes')
      .where('purpose', '=', purpose)
      .where('code_hash', '=', row.code_hash)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw new AppError(Code.TICKET_EXPIRED);
  }

  /**
   * Checks a code as `consume` does (a wrong one counts as an attempt) without using it up: a
   * call that answers more than "wrong code" only to whoever holds the code checks it first.
   */
  async check(purpose: string, code: string, target?: string): Promise<void> {
    await this.verify(purpose, code, target);
  }

  private async verify(purpose: string, code: string, target?: string) {
    const { db, clock } = this.deps;
    const now = clock.now();
    const row = await db
      .selectFrom('verify_codes')
      .selectAll()
      .where('purpose', '=', purpose)
      .executeTakeFirst();
    if (!row || row.expires_at <= now || row.attempts >= CODE_MAX_ATTEMPTS) {
      if (row) await db.deleteFrom('verify_codes').where('purpose', '=', purpose).execute();
      throw new AppError(Code.TICKET_EXPIRED);
    }
    const right =
      safeEqual(row.code_hash, this.hash(purpose, code.trim())) &&
      (target === undefined || row.target === target);
    if (!right) {
      const attempts = row.attempts + 1;
      if (attempts >= CODE_MAX_ATTEMPTS) {
        await db.deleteFrom('verify_codes').where('purpose', '=', purpose).execute();
      } else {
        await db.updateTable('verify_codes').set({ attempts }).where('purpose', '=', purpose).execute();
      }
      throw new AppError(Code.TICKET_WRONG);
    }
    return row;
  }
}
