import {
  Code,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
} from '@phonecloud/shared';
import { RateLimiter } from '../../db/rate-limit.js';
import type { AppDeps } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { CaptchaService } from '../captcha/index.js';
import type { UserRow } from '../users/index.js';

const FAILURE_WINDOW_MS = LOGIN_FAILURE_WINDOW_MINUTES * 60_000;
/** Wait before checking a try past the failure limit: doubles per further failure, capped. */
const DELAY_BASE_MS = 250;
const DELAY_MAX_MS = 4000;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The counters one try is held to: its account (or the unknown name) and the client address. */
export interface ThrottleKeys {
  account: string;
  address: string;
}

/** Keys by account, whichever of its names was typed; an unknown name counts by itself. */
export function throttleKeys(user: UserRow | undefined, name: string, ip: string): ThrottleKeys {
  return {
    account: user ? `login:u:${user.id}` : `login:n:${name.toLowerCase()}`,
    address: `login:ip:${ip}`,
  };
}

/**
 * The sign-in's throttle, shared by the password sign-in and 忘记密码's last step: failures
 * count per account and per address; past either limit a try needs a passed image captcha
 * (1001) and waits a little longer at each further failure (Nextcloud's throttler). Nobody is
 * locked out: a stranger who knows a user name cannot keep its owner out.
 * @package
 */
export class LoginThrottle {
  private readonly limiter: RateLimiter;
  private readonly captcha: CaptchaService;

  constructor(private readonly deps: AppDeps) {
    this.limiter = new RateLimiter(deps.db);
    this.captcha = new CaptchaService(deps);
  }

  /** Before a try: past a limit, takes a captcha pass (1001 without one) and waits. */
  async admit(keys: ThrottleKeys, captchaOwner: string): Promise<void> {
    const now = this.deps.clock.now();
    const over = Math.max(
      (await this.limiter.count(keys.account, FAILURE_WINDOW_MS, now)) - LOGIN_MAX_FAILURES_PER_ACCOUNT,
      (await this.limiter.count(keys.address, FAILURE_WINDOW_MS, now)) - LOGIN_MAX_FAILURES_PER_ADDRESS,
    );
    if (over < 0) return;
    if (!(await this.captcha.consumePass(captchaOwner, 'account'))) throw new AppError(Code.CAPTCHA_REQUIRED);
    await delay(Math.min(DELAY_BASE_MS * 2 ** over, DELAY_MAX_MS));
  }

  /** Counts a failed try; answers the account's count in the window. */
  async fail(keys: ThrottleKeys): Promise<number> {
    const now = this.deps.clock.now();
    const count = await this.limiter.hit(keys.account, FAILURE_WINDOW_MS, now);
    await this.limiter.hit(keys.address, FAILURE_WINDOW_MS, now);
    return count;
  }

  async succeed(keys: ThrottleKeys): Promise<void> {
    await this.limiter.reset(keys.account);
  }
}
