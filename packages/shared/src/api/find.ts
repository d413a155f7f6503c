import { z } from 'zod';
import { CommandOption } from '../find/codes.js';
import { LOCK_INFO_MAX } from '../find/limits.js';
import { FindMsg } from '../find/messages.js';
import { Msg } from '../messages.js';

// Find-my-phone's portal calls (`FindApi`, spec 001 §7): form fields.
const DeviceId = z.string({ message: FindMsg.DEVICE_NOT_FOUND }).min(1, FindMsg.DEVICE_NOT_FOUND).max(64);
/** START or STOP, read as 1 or 0. */
const Option = z.coerce
  .number<number | string>()
  .int()
  .refine((v) => v === CommandOption.START || v === CommandOption.STOP, Msg.REQUEST_INVALID)
  .transform((v) => (v === CommandOption.START ? 1 : 0) as 0 | 1);

export const FindDeviceBody = z.object({ device_id: DeviceId });
export const FindLockBody = z.object({
  device_id: DeviceId,
  command_option: Option,
  // Spec: longer than 200 is truncated, not refused.
  lock_info: z
    .string()
    .default('')
    .transform((s) => s.trim().slice(0, LOCK_INFO_MAX)),
});
export const FindRingBody = z.object({
  device_id: DeviceId,
  command_option: Option,
  password: z.string().default(''),
});
export const FindCommandBody = z.object({ command_id: z.string().min(1, FindMsg.COMMAND_NOT_FOUND).max(64) });
export const FindWipeBody = z.object({
  device_id: DeviceId,
  user_name: z.string({ message: FindMsg.WIPE_ACCOUNT_EMPTY }).trim().min(1, FindMsg.WIPE_ACCOUNT_EMPTY),
  /** The account's password as the dialog encodes it (decodeWipePassword). */
  pwd: z.string({ message: FindMsg.WIPE_PASSWORD_EMPTY }).min(1, FindMsg.WIPE_PASSWORD_EMPTY),
});
export const FindHistoryBody = z.object({ device_id: z.string().max(64).optional() });
