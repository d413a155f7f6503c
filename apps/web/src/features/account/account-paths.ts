import { Api } from '@phonecloud/shared';
import type { CaptchaPaths } from '../../components/use-captcha';

/** The account pages' own captcha (owned by the visitor before sign-in, by the session after). */
export const ACCOUNT_CAPTCHA: CaptchaPaths = { draw: Api.accountDraw, check: Api.accountCheckDraw };

export type ContactKind = 'phone' | 'email';
/** What a code is for: sign-up and bind send to the typed address, reset to the account's own. */
export type CodePurpose = 'register' | 'bind' | 'reset';
