import {
  Code,
  isValidEmail,
  isValidPassword,
  isValidPhone,
  isValidUsername,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  Msg,
  normalizeEmail,
  normalizePhone,
} from '@phonecloud/shared';
import type { AppDeps } from '../../http/context.js';
import { AppError, invalid } from '../../http/errors.js';
import { endOtherSessions } from '../../http/session.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/credentials/password.js';
import { revokeAppPasswords } from '../app-passwords/index.js';
import { CaptchaService } from '../captcha/index.js';
import { type CodeOrigin, CodeService } from '../codes/index.js';
import { revokeDeviceTokens } from '../device/index.js';
import { normalizeLogin, type UserRow, Users } from '../users/index.js';
import { LoginThrottle, throttleKeys } from './throttle.js';

/** @package */
export type ContactKind = 'phone' | 'email';

/** Normalises a phone or e-mail address and checks its form; answers the stored spelling. */
export function normalizeContact(kind: ContactKind, value: string): string {
  if (kind === 'phone') {
    if (!isValidPhone(value)) throw invalid(Msg.PHONE_INVALID);
    return normalizePhone(value);
  }
  if (!isValidEmail(value)) throw invalid(Msg.EMAIL_INVALID);
  return normalizeEmail(value);
}

/**
 * Sets a new password and ends what the old one opened: every session but `keepSessionId`
 * (none when null: 忘记密码 keeps no session), every device token and app password.
 * @package
 */
export async function replacePassword(
  deps: AppDeps,
  userId: number,
  password: string,
  keepSessionId: string | null,
): Promise<void> {
  if (!isValidPassword(password)) throw invalid(Msg.PASSWORD_INVALID);
  await new Users(deps.db).update(userId, { password_hash: await hashPassword(password) }, deps.clock.now());
  // No session id is empty, so '' keeps none.
  await endOtherSessions(deps.db, userId, keepSessionId ?? '');
  await revokeDeviceTokens(deps.db, userId);
  await revokeAppPasswords(deps.db, userId);
}

/**
 * The central login: accounts, passwords, sign-up and binding of phone and e-mail.
 * @package
 */
export class AccountService {
  readonly users: Users;
  readonly captcha: CaptchaService;
  private readonly codes: CodeService;
  private readonly throttle: LoginThrottle;

  constructor(private readonly deps: AppDeps) {
    this.users = new Users(deps.db);
    this.captcha = new CaptchaService(deps);
    this.codes = new CodeService(deps);
    this.throttle = new LoginThrottle(deps);
  }

  /**
   * Checks a password sign-in, held to the sign-in throttle (`throttle.ts`); 1013 never says
   * which part was wrong. The owner gets an e-mail when the account's limit is first reached.
   */
  async login(account: string, password: string, ip: string, captchaOwner: string): Promise<UserRow> {
    const name = normalizeLogin(account);
    const user = await this.users.byLogin(name);
    const keys = throttleKeys(user, name, ip);
    await this.throttle.admit(keys, captchaOwner);
    const right = user ? await verifyPassword(user.password_hash, password) : false;
    if (!user) await burnPasswordCheck(password);
    if (!user || !right) {
      const count = await this.throttle.fail(keys);
      if (user && count === LOGIN_MAX_FAILURES_PER_ACCOUNT) await this.warnOwner(user, ip, count);
      throw new AppError(Code.BAD_CREDENTIALS);
    }
    await this.throttle.succeed(keys);
    return user;
  }

  /** Tells the owner, by e-mail, that someone keeps trying wrong passwords on the account. */
  private async warnOwner(user: UserRow, ip: string, failures: number): Promise<void> {
    if (!user.email) return;
    const product = this.deps.config.productName;
    await this.deps.messenger
      .send({
        channel: 'email',
        to: user.email,
        subject: `${product}：登录失败提醒`,
        text: `【${product}】您的账号 ${user.username} 在${LOGIN_FAILURE_WINDOW_MINUTES}分钟内有${failures}次密码错误的登录尝试（最近一次来自 ${ip}）。之后的登录需要先通过图片验证码。如非本人操作，建议尽快修改密码。`,
      })
      .catch(() => undefined);
  }

  /** Sends a code to a phone or e-mail that is about to be registered or bound. */
  async sendCode(opts: {
    captchaOwner: string;
    purpose: 'register' | 'bind';
    kind: ContactKind;
    target: string;
    userId?: number;
    /** The signed-in session asking for a bind code: only it may use the code. */
    sessionId?: string;
    origin: Omit<CodeOrigin, 'userId'>;
  }): Promise<void> {
    const target = normalizeContact(opts.kind, opts.target);
    if (await this.users.isTaken(opts.kind, target, opts.userId)) {
      throw new AppError(Code.TAKEN, opts.kind === 'phone' ? Msg.PHONE_TAKEN : Msg.EMAIL_TAKEN);
    }
    if (!(await this.captcha.consumePass(opts.captchaOwner, 'account'))) {
      throw new AppError(Code.CAPTCHA_REQUIRED);
    }
    const channel = opts.kind === 'phone' ? 'sms' : 'email';
    const rateKeys = [`send:t:${target}`];
    if (opts.userId !== undefined) rateKeys.push(`send:u:${opts.userId}:${channel}`);
    const product = this.deps.config.productName;
    const action = opts.purpose === 'register' ? '注册账号' : '绑定账号';
    await this.codes.issue({
      purpose: this.codePurpose(opts.purpose, opts.kind, target, opts.sessionId),
      channel,
      to: target,
      rateKeys,
      describe: (code) => `【${product}】您正在${action}，验证码为${code}，10分钟内有效。`,
      origin: { ...opts.origin, userId: opts.userId },
    });
  }

  /** Sign-up codes belong to the address itself; bind codes to the asking session (target checked). */
  private codePurpose(purpose: 'register' | 'bind', kind: ContactKind, target: string, sessionId?: string) {
    return purpose === 'register' ? `register:${kind}:${target}` : `bind:s:${sessionId}:${kind}`;
  }

  async register(input: {
    username: string;
    password: string;
    kind: ContactKind;
    target: string;
    code: string;
  }): Promise<number> {
    if (!isValidUsername(input.username)) throw invalid(Msg.USERNAME_INVALID);
    if (!isValidPassword(input.password)) throw invalid(Msg.PASSWORD_INVALID);
    const target = normalizeContact(input.kind, input.target);
    const purpose = this.codePurpose('register', input.kind, target);
    // The code first: whether a name is taken is told only to whoever passed the captcha and
    // received a code (a bogus code told taken names from free ones, unlimited). Checked, not
    // used up, so a taken name costs the user a new name, not a new code.
    await this.codes.check(purpose, input.code, target);
    if (await this.users.isTaken('username', input.username)) {
      throw new AppError(Code.TAKEN, Msg.USERNAME_TAKEN);
    }
    await this.codes.consume(purpose, input.code, target);
    if (await this.users.isTaken(input.kind, target)) {
      throw new AppError(Code.TAKEN, input.kind === 'phone' ? Msg.PHONE_TAKEN : Msg.EMAIL_TAKEN);
    }
    return this.users.create(
      {
        username: input.username,
        passwordHash: await hashPassword(input.password),
        [input.kind]: target,
      },
      this.deps.clock.now(),
    );
  }

  async bind(
    userId: number,
    sessionId: string,
    kind: ContactKind,
    rawTarget: string,
    code: string,
  ): Promise<void> {
    const target = normalizeContact(kind, rawTarget);
    await this.codes.consume(this.codePurpose('bind', kind, target, sessionId), code, target);
    if (await this.users.isTaken(kind, target, userId)) {
      throw new AppError(Code.TAKEN, kind === 'phone' ? Msg.PHONE_TAKEN : Msg.EMAIL_TAKEN);
    }
    await this.users.update(userId, { [kind]: target }, this.deps.clock.now());
  }

  async changePassword(userId: number, oldPassword: string, password: string, keepSessionId: string) {
    const user = await this.users.byId(userId);
    if (!user) throw new AppError(Code.NOT_LOGGED_IN);
    if (!(await verifyPassword(user.password_hash, oldPassword))) throw invalid(Msg.OLD_PASSWORD_WRONG);
    await replacePassword(this.deps, userId, password, keepSessionId);
  }
}
