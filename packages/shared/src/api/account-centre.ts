import { z } from 'zod';
import { VerifyType } from '../codes.js';
import { Msg } from '../messages.js';
import { SKIN_IDS } from '../services.js';

// The platform's own calls around the account (home settings, second verification, the
// authenticator): form fields.

export const SettingSaveBody = z.object({ skin: z.enum(SKIN_IDS, { message: Msg.SKIN_INVALID }) });
export const UserDeleteBody = z.object({ password: z.string().default('') });

const VERIFY_TYPES: readonly number[] = Object.values(VerifyType);
const VerifyTypeField = z.coerce
  .number<number | string>({ message: Msg.CHANNEL_NOT_BOUND })
  .refine((v) => VERIFY_TYPES.includes(v), Msg.CHANNEL_NOT_BOUND);
export const VerifySendBody = z.object({ verify_type: VerifyTypeField });
export const VerifyCheckBody = z.object({
  verify_type: VerifyTypeField,
  ticket: z.string({ message: Msg.CODE_EMPTY }).trim().min(1, Msg.CODE_EMPTY),
});
export const VerifyDrawBody = z.object({
  captcha: z.string({ message: Msg.CAPTCHA_EMPTY }).trim().min(1, Msg.CAPTCHA_EMPTY),
});

export const TotpConfirmBody = z.object({
  code: z.string({ message: Msg.CODE_EMPTY }).trim().min(1, Msg.CODE_EMPTY),
});
