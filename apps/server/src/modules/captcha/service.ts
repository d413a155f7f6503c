import { randomInt } from 'node:crypto';
import { CAPTCHA_LENGTH, CAPTCHA_TTL_MINUTES } from '@phonecloud/shared';
import { Captcha, type Color } from 'captcha.gif';
import type { AppDeps } from '../../http/context.js';
import { hmacHex, safeEqual } from '../../lib/crypto.js';

/**
 * Where a captcha is shown: the portal's verification screen or the account pages.
 * @package
 */
export type CaptchaScope = 'verify' | 'account';

const TTL_MS = CAPTCHA_TTL_MINUTES * 60_000;
const IMAGES = new Captcha();
/**
 * The library's darker inks (black, purples, indigo, blue, teal, deep orange, brown): its
 * yellow, lime and light blues are hard to read on the white ground.
 */
const INK: Color[] = [0, 3, 4, 5, 6, 9, 16, 17];
// A passed captcha allows one code to be sent within this time.
const PASS_TTL_MS = 10 * 60_000;

/**
 * Image captchas bound to their owner (a session, or an anonymous visitor id on the account
 * pages): single use, expiring, stored as an HMAC of the answer only.
 */
export class CaptchaService {
  constructor(private readonly deps: AppDeps) {}

  private hashAnswer(answer: string) {
    return hmacHex(this.deps.config.sessionSecret, `captcha:${answer.trim().toLowerCase()}`);
  }

  /** Draws a new image, replacing any earlier one of the owner; answers the GIF. */
  async draw(owner: string, scope: CaptchaScope): Promise<Buffer> {
    // Letters from crypto.randomBytes, warped along a random wave, a noise line and dots.
    const captcha = IMAGES.generate(CAPTCHA_LENGTH, INK[randomInt(INK.length)]);
    const now = this.deps.clock.now();
    const values = {
      answer_hash: this.hashAnswer(captcha.token),
      expires_at: now + TTL_MS,
      passed_at: null,
    };
    await this.deps.db
      .insertInto('captchas')
      .values({ owner, scope, ...values })
      .onConflict((oc) => oc.columns(['owner', 'scope']).doUpdateSet(values))
      .execute();
    return captcha.buffer;
  }

  /** Checks an answer. Any check uses the image up: a wrong answer needs a new image. */
  async check(owner: string, scope: CaptchaScope, answer: string): Promise<boolean> {
    const { db, clock, config } = this.deps;
    const now = clock.now();
    const row = await db
      .selectFrom('captchas')
      .select(['answer_hash', 'expires_at', 'passed_at'])
      .where('owner', '=', owner)
      .where('scope', '=', scope)
      .executeTakeFirst();
    const usable = row && row.passed_at === null && row.expires_at > now;
    const testAnswer = config.captchaTestAnswer;
    const right =
      usable &&
      (safeEqual(row.answer_hash, this.hashAnswer(answer)) ||
        (testAnswer !== undefined && answer.trim().toLowerCase() === testAnswer.toLowerCase()));
    if (!right) {
      await db.deleteFrom('captchas').where('owner', '=', owner).where('scope', '=', scope).execute();
      return false;
    }
    await db
      .updateTable('captchas')
      .set({ passed_at: now, answer_hash: '', expires_at: now + PASS_TTL_MS })
      .where('owner', '=', owner)
      .where('scope', '=', scope)
      .execute();
    return true;
  }

  /** Takes the pass of a checked captcha; true once per passed image. */
  async consumePass(owner: string, scope: CaptchaScope): Promise<boolean> {
    const now = this.deps.clock.now();
    const res = await this.deps.db
      .deleteFrom('captchas')
      .where('owner', '=', owner)
      .where('scope', '=', scope)
      .where('passed_at', 'is not', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }
}
