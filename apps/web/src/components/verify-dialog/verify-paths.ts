import { Api, type VerifyScope } from '@phonecloud/shared';
import type { CaptchaPaths } from '../use-captcha';

export interface ScopePaths {
  info: string;
  send: string;
  check: string;
}

/** Find-my-phone verifies in its own scope; every other area shares the main one. */
export function scopePaths(scope: VerifyScope): ScopePaths {
  return scope === 'finder'
    ? { info: Api.finderVerifyInfo, send: Api.finderSendTicket, check: Api.finderCheckTicket }
    : { info: Api.verifyInfo, send: Api.verifySendTicket, check: Api.verifyCheckTicket };
}

/** One captcha serves both scopes (the spec lists no finder copy of draw/check_draw). */
export const VERIFY_CAPTCHA: CaptchaPaths = { draw: Api.verifyDraw, check: Api.verifyCheckDraw };
