import {
  Code,
  Msg,
  maskEmail,
  maskPhone,
  TotpMsg,
  type VerifyInfo,
  type VerifyScope,
  VerifyType,
} from '@phonecloud/shared';
import type { AppDeps, SessionInfo } from '../../http/context.js';
import { AppError, invalid } from '../../http/errors.js';
import { CaptchaService } from '../captcha/index.js';
import { type Channel, type CodeOrigin, CodeService } from '../codes/index.js';
import { TotpService } from '../totp/index.js';
import { Users } from '../users/index.js';

export const captchaOwner = (session: SessionInfo) => `sid:${session.id}`;

/**
 * The second verification of the portal: captcha, then a code to a bound phone or e-mail; or,
 * once enrolled, a code of the authenticator app or a recovery code (no captcha, nothing sent).
 */
export class VerifyService {
  private readonly users: Users;
  readonly captcha: CaptchaService;
  private readonly codes: CodeService;
  private readonly totp: TotpService;

  constructor(private readonly deps: AppDeps) {
    this.users = new Users(deps.db);
    this.captcha = new CaptchaService(deps);
    this.codes = new CodeService(deps);
    this.totp = new TotpService(deps);
  }

  private async user(session: SessionInfo) {
    const user = await this.users.byId(session.userId);
    if (!user) throw new AppError(Code.NOT_LOGGED_IN);
    return user;
  }

  async info(session: SessionInfo): Promise<VerifyInfo> {
    const user = await this.user(session);
    const types: number[] = [];
    if (user.phone) types.push(VerifyType.SMS);
    if (user.email) types.push(VerifyType.EMAIL);
    if (await this.totp.isEnabled(user.id)) types.push(VerifyType.TOTP, VerifyType.RECOVERY);
    return {
      phone: user.phone ? maskPhone(user.phone) : '',
      email: user.email ? maskEmail(user.email) : '',
      types,
    };
  }

  async sendTicket(
    session: SessionInfo,
    scope: VerifyScope,
    verifyType: number,
    origin: Omit<CodeOrigin, 'userId'>,
  ): Promise<void> {
    const user = await this.user(session);
    if (verifyType === VerifyType.TOTP || verifyType === VerifyType.RECOVERY) {
      if (!(await this.totp.isEnabled(user.id))) throw invalid(Msg.CHANNEL_NOT_BOUND);
      throw invalid(TotpMsg.NO_SEND);
    }
    const channel: Channel = verifyType === VerifyType.SMS ? 'sms' : 'email';
    const to = channel === 'sms' ? user.phone : user.email;
    if (!to) throw invalid(Msg.CHANNEL_NOT_BOUND);
    if (!(await this.captcha.consumePass(captchaOwner(session), 'verify'))) {
      throw new AppError(Code.CAPTCHA_REQUIRED);
    }
    const product = this.deps.config.productName;
    await this.codes.issue({
      // The code opens only the session that asked for it, not the user's other sessions.
      purpose: `verify:${scope}:s:${session.id}:${verifyType}`,
      channel,
      to,
      rateKeys: [`send:u:${user.id}:${channel}`],
      origin: { ...origin, userId: user.id },
      describe: (code) => `【${product}】您的安全验证码为${code}，10分钟内有效。如非本人操作，请忽略本消息。`,
    });
  }

  /** Checks the code; on success the session holds a fresh verification for the scope. */
  async checkTicket(session: SessionInfo, scope: VerifyScope, verifyType: number, ticket: string) {
    if (verifyType === VerifyType.TOTP || verifyType === VerifyType.RECOVERY) {
      await this.totp.check(session.userId, verifyType === VerifyType.TOTP ? 'totp' : 'recovery', ticket);
    } else {
      await this.codes.consume(`verify:${scope}:s:${session.id}:${verifyType}`, ticket);
    }
    const now = this.deps.clock.now();
    const column = scope === 'finder' ? 'verified_finder_at' : 'verified_main_at';
    await this.deps.db
      .updateTable('sessions')
      .set({ [column]: now })
      .where('id', '=', session.id)
      .execute();
  }
}
