import { randomInt } from 'node:crypto';
import {
  Code,
  Msg,
  TOTP_DRIFT_STEPS,
  TOTP_ENROL_TTL_MINUTES,
  TOTP_FAILURE_WINDOW_MINUTES,
  TOTP_MAX_FAILURES,
  TOTP_PERIOD_SECONDS,
  TOTP_RECOVERY_CODE_COUNT,
  TOTP_RECOVERY_CODE_LENGTH,
  type TotpEnrolment,
  TotpMsg,
  type TotpStatus,
} from '@phonecloud/shared';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { RateLimiter } from '../../db/rate-limit.js';
import type { AppDeps } from '../../http/context.js';
import { AppError, invalid } from '../../http/errors.js';
import { hmacHex } from '../../lib/crypto.js';
import { TotpRepo } from './repo.js';
import { SecretBox } from './secret-box.js';

const FAILURE_WINDOW_MS = TOTP_FAILURE_WINDOW_MINUTES * 60_000;
const ENROL_TTL_MS = TOTP_ENROL_TTL_MINUTES * 60_000;
/** Recovery codes: no 0/O or 1/I, so a code copied by hand is read back as written. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const DIGITS = /^\d{6}$/;

/** Failures of one account's authenticator and recovery codes (the key ends with the user id). */
const failureKey = (userId: number) => `totp:fail:u:${userId}`;

/** @package */
export type TotpTicketKind = 'totp' | 'recovery';

/**
 * The authenticator app (TOTP, RFC 6238, by otplib) as a channel of the second verification:
 * enrolment with a QR code and a first code, single-use recovery codes, single use of each code
 * (a step once accepted is never accepted again), and wrong codes counted per account like the
 * sent codes' tries: five in the window answer 1014 until it has passed.
 */
export class TotpService {
  private readonly repo: TotpRepo;
  private readonly limiter: RateLimiter;
  private readonly box: SecretBox;

  constructor(private readonly deps: AppDeps) {
    this.repo = new TotpRepo(deps.db);
    this.limiter = new RateLimiter(deps.db);
    this.box = new SecretBox(deps.config.sessionSecret);
  }

  async status(userId: number): Promise<TotpStatus> {
    const factor = await this.usableFactor(userId);
    if (!factor?.confirmed_at) return { enabled: false, enrolled_at: 0, recovery_left: 0 };
    return {
      enabled: true,
      enrolled_at: Number(factor.confirmed_at),
      recovery_left: await this.repo.recoveryLeft(userId),
    };
  }

  async isEnabled(userId: number): Promise<boolean> {
    return Boolean((await this.usableFactor(userId))?.confirmed_at);
  }

  /**
   * The confirmed authenticator whose secret this server can read. One sealed under another
   * SESSION_SECRET can never pass a code (nor its recovery codes, keyed the same way), so it
   * counts as none: the account verifies by SMS or e-mail and may enrol again.
   */
  private async usableFactor(userId: number) {
    const factor = await this.repo.factor(userId);
    return factor?.confirmed_at && this.box.open(factor.secret_box) !== null ? factor : undefined;
  }

  /** A new secret for the app; the secret is shown only now, until the first code confirms it. */
  async enrol(userId: number, accountName: string): Promise<TotpEnrolment> {
    const current = await this.repo.factor(userId);
    if (current?.confirmed_at) {
      if (await this.isEnabled(userId)) throw invalid(TotpMsg.ALREADY_ENROLLED);
      await this.remove(userId);
    }
    const secret = generateSecret();
    await this.repo.startEnrolment(userId, this.box.seal(secret), this.deps.clock.now());
    // A confirmed authenticator may have appeared meanwhile (another session): it stays.
    if (await this.isEnabled(userId)) throw invalid(TotpMsg.ALREADY_ENROLLED);
    const uri = generateURI({ issuer: this.deps.config.productName, label: accountName, secret });
    const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
    return { secret, uri, qr };
  }

  /** The first right code ends the enrolment; answers the recovery codes, shown this once. */
  async confirm(userId: number, code: string): Promise<string[]> {
    const factor = await this.repo.factor(userId);
    if (factor?.confirmed_at) throw invalid(TotpMsg.ALREADY_ENROLLED);
    const now = this.deps.clock.now();
    const secret = factor ? this.box.open(factor.secret_box) : null;
    if (!factor || !secret || now - Number(factor.created_at) > ENROL_TTL_MS) {
      throw invalid(TotpMsg.NO_ENROLMENT);
    }
    await this.refuseWhenLocked(userId, now);
    const step = await this.matchStep(secret, code, now);
    if (step === null) return this.fail(userId, now);
    const codes = Array.from({ length: TOTP_RECOVERY_CODE_COUNT }, recoveryCode);
    const confirmed = await this.deps.db.transaction().execute(async (trx) => {
      const repo = new TotpRepo(trx);
      if (!(await repo.takeStep(userId, step, now))) return false;
      await repo.replaceRecoveryCodes(
        userId,
        codes.map((c) => this.recoveryHash(userId, c)),
      );
      return true;
    });
    if (!confirmed) throw invalid(TotpMsg.ALREADY_ENROLLED);
    await this.limiter.reset(failureKey(userId));
    return codes.map(shown);
  }

  /** New recovery codes for a confirmed authenticator; the old ones stop working. */
  async renewRecoveryCodes(userId: number): Promise<string[]> {
    if (!(await this.isEnabled(userId))) throw invalid(TotpMsg.NOT_ENROLLED);
    const codes = Array.from({ length: TOTP_RECOVERY_CODE_COUNT }, recoveryCode);
    await this.deps.db.transaction().execute((trx) =>
      new TotpRepo(trx).replaceRecoveryCodes(
        userId,
        codes.map((c) => this.recoveryHash(userId, c)),
      ),
    );
    return codes.map(shown);
  }

  /** Housekeeping: enrolments left unconfirmed past their time go. */
  async purgeLapsedEnrolments(): Promise<void> {
    await this.repo.removeUnconfirmedBefore(this.deps.clock.now() - ENROL_TTL_MS);
  }

  async remove(userId: number): Promise<void> {
    await this.deps.db.transaction().execute((trx) => new TotpRepo(trx).remove(userId));
  }

  /**
   * Checks a code of the app or a recovery code of a confirmed authenticator and uses it up.
   * 1000 when none is enrolled, 1014 past the failures, 6002 wrong, 6003 a code already used.
   */
  async check(userId: number, kind: TotpTicketKind, ticket: string): Promise<void> {
    const factor = await this.usableFactor(userId);
    if (!factor) throw invalid(Msg.CHANNEL_NOT_BOUND);
    const now = this.deps.clock.now();
    await this.refuseWhenLocked(userId, now);
    if (kind === 'recovery') {
      const normalized = ticket.replace(/[\s-]/g, '').toUpperCase();
      const used = await this.repo.useRecoveryCode(userId, this.recoveryHash(userId, normalized), now);
      if (!used) return this.fail(userId, now);
    } else {
      const secret = this.box.open(factor.secret_box);
      if (!secret) throw invalid(Msg.CHANNEL_NOT_BOUND);
      const step = await this.matchStep(secret, ticket, now);
      if (step === null) return this.fail(userId, now);
      if (!(await this.repo.takeStep(userId, step))) {
        await this.limiter.hit(failureKey(userId), FAILURE_WINDOW_MS, now);
        throw new AppError(Code.TICKET_EXPIRED, TotpMsg.CODE_USED);
      }
    }
    await this.limiter.reset(failureKey(userId));
  }

  /** The time step a code belongs to (now, or one step off either way), or null when wrong. */
  private async matchStep(secret: string, code: string, now: number): Promise<number | null> {
    const token = code.trim();
    if (!DIGITS.test(token)) return null;
    const result = await verify({
      secret,
      token,
      epoch: Math.floor(now / 1000),
      period: TOTP_PERIOD_SECONDS,
      epochTolerance: TOTP_DRIFT_STEPS * TOTP_PERIOD_SECONDS,
    });
    // The TOTP result carries its step (the union type also covers HOTP's, which has none).
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  private async refuseWhenLocked(userId: number, now: number): Promise<void> {
    if ((await this.limiter.count(failureKey(userId), FAILURE_WINDOW_MS, now)) >= TOTP_MAX_FAILURES) {
      throw new AppError(Code.TOO_MANY_FAILURES);
    }
  }

  private async fail(userId: number, now: number): Promise<never> {
    // Like a wrong password on deletion: this answer is 6002, the calls after the fifth 1014.
    await this.limiter.hit(failureKey(userId), FAILURE_WINDOW_MS, now);
    throw new AppError(Code.TICKET_WRONG);
  }

  private recoveryHash(userId: number, code: string): string {
    return hmacHex(this.deps.config.sessionSecret, `totp-recovery:${userId}:${code}`);
  }
}

/** As the user sees a recovery code: two groups of five. */
const shown = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

function recoveryCode(): string {
  let out = '';
  for (let i = 0; i < TOTP_RECOVERY_CODE_LENGTH; i++)
    out += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return out;
}
