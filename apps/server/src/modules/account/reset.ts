import {
  Code,
  isValidPassword,
  Msg,
  RESEND_WAIT_SECONDS,
  RESET_MAX_REQUESTS_PER_ADDRESS_HOUR,
  ResetText,
} from '@phonecloud/shared';
import { RateLimiter } from '../../db/rate-limit.js';
import type { AppDeps } from '../../http/context.js';
import { AppError, invalid } from '../../http/errors.js';
import { CaptchaService } from '../captcha/index.js';
import { type CodeOrigin, CodeService } from '../codes/index.js';
import { normalizeLogin, type UserRow, Users } from '../users/index.js';
import { type ContactKind, replacePassword } from './service.js';
import { LoginThrottle, throttleKeys } from './throttle.js';

const HOUR_MS = 3_600_000;
const RESEND_MS = RESEND_WAIT_SECONDS * 1000;

/** The address of the account the code goes to, if the account exists and has one bound. */
function boundAddress(user: UserRow | undefined, kind: ContactKind): string | null {
  if (!user) return null;
  return (kind === 'phone' ? user.phone : user.email) || null;
}

/** One live code per account and channel; an unknown name keeps a planted one of its own. */
function resetPurpose(user: UserRow | undefined, name: string, kind: ContactKind): string {
  return user ? `reset:u:${user.id}:${kind}` : `reset:n:${kind}:${name.toLowerCase()}`;
}

/**
 * 忘记密码: a code to the account's bound phone or e-mail, then a new password. Every answer is
 * the same whether the typed name is an account's or not, whether it has the channel bound or
 * not: a real code is stored before the answer and goes out after it (the answer does not wait
 * for the gateway, nor tells a limit the account reached), and an unknown name gets a planted code
 * nobody receives, so its last step fails as a wrong code does.
 * @package
 */
export class PasswordResetService {
  private readonly users: Users;
  private readonly captcha: CaptchaService;
  private readonly codes: CodeService;
  private readonly limiter: RateLimiter;
  private readonly throttle: LoginThrottle;

  constructor(private readonly deps: AppDeps) {
    this.users = new Users(deps.db);
    this.captcha = new CaptchaService(deps);
    this.codes = new CodeService(deps);
    this.limiter = new RateLimiter(deps.db);
    this.throttle = new LoginThrottle(deps);
  }

  async requestCode(opts: {
    account: string;
    kind: ContactKind;
    captchaOwner: string;
    origin: Omit<CodeOrigin, 'userId'>;
  }): Promise<void> {
    const name = normalizeLogin(opts.account);
    if (!(await this.captcha.consumePass(opts.captchaOwner, 'account'))) {
      throw new AppError(Code.CAPTCHA_REQUIRED);
    }
    await this.admitRequest(name, opts.kind, opts.origin.ip);
    const user = await this.users.byLogin(name);
    const purpose = resetPurpose(user, name, opts.kind);
    const to = boundAddress(user, opts.kind);
    if (!user || !to) {
      await this.codes.plant(purpose);
      return;
    }
    const product = this.deps.config.productName;
    // No resend keys of its own: the typed name's minute (admitRequest) is the same for any name.
    await this.codes.issueQuietly({
      purpose,
      channel: opts.kind === 'phone' ? 'sms' : 'email',
      to,
      rateKeys: [],
      describe: (code) => ResetText.code(product, code),
      origin: { ...opts.origin, userId: user.id },
    });
  }

  /** Per typed name and channel once a minute, per address ten an hour: the same for any name. */
  private async admitRequest(name: string, kind: ContactKind, ip: string): Promise<void> {
    const now = this.deps.clock.now();
    const nameKey = `reset:n:${kind}:${name.toLowerCase()}`;
    const ipKey = `reset:ip:${ip}`;
    if ((await this.limiter.count(nameKey, RESEND_MS, now)) > 0) {
      throw new AppError(Code.TICKET_TOO_FREQUENT);
    }
    if ((await this.limiter.count(ipKey, HOUR_MS, now)) >= RESET_MAX_REQUESTS_PER_ADDRESS_HOUR) {
      throw new AppError(Code.TICKET_TOO_FREQUENT, Msg.RESET_TOO_FREQUENT);
    }
    await this.limiter.hit(nameKey, RESEND_MS, now);
    await this.limiter.hit(ipKey, HOUR_MS, now);
  }

  /**
   * Checks the code and sets the new password (the password change's rules and endings: every
   * session, device token and app password), then tells the owner. Wrong codes count in the
   * sign-in's throttle, so guessing here is held to the login's limits.
   */
  async reset(opts: {
    account: string;
    kind: ContactKind;
    code: string;
    password: string;
    ip: string;
    captchaOwner: string;
  }): Promise<void> {
    // Checked first, so a weak password does not use the code up.
    if (!isValidPassword(opts.password)) throw invalid(Msg.PASSWORD_INVALID);
    const name = normalizeLogin(opts.account);
    const user = await this.users.byLogin(name);
    const keys = throttleKeys(user, name, opts.ip);
    await this.throttle.admit(keys, opts.captchaOwner);
    try {
      // A planted code names no address, so it never passes (`plant`).
      await this.codes.consume(
        resetPurpose(user, name, opts.kind),
        opts.code,
        boundAddress(user, opts.kind) ?? '-',
      );
    } catch (err) {
      await this.throttle.fail(keys);
      throw err;
    }
    if (!user) throw new AppError(Code.TICKET_WRONG);
    await replacePassword(this.deps, user.id, opts.password, null);
    await this.throttle.succeed(keys);
    await this.notifyOwner(user, opts.ip);
  }

  /** By e-mail when one is bound, else by SMS: someone else may have done this. */
  private async notifyOwner(user: UserRow, ip: string): Promise<void> {
    const product = this.deps.config.productName;
    const to = user.email
      ? { channel: 'email' as const, to: user.email }
      : user.phone
        ? { channel: 'sms' as const, to: user.phone }
        : null;
    if (!to) return;
    await this.deps.messenger
      .send({
        ...to,
        subject: ResetText.noticeSubject(product),
        text: ResetText.notice(product, user.username, ip),
      })
      .catch(() => undefined);
  }
}
