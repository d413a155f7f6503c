import { z } from 'zod';
import { FIND_FUNCTIONS, type FindFunctionValue } from '../find/codes.js';
import { DEVICE_FIELD_MAX, DEVICE_PLACE_MAX, DEVICE_POLL_HOLD_MS } from '../find/limits.js';
import { FindMsg } from '../find/messages.js';

/** The device API's calls (`DeviceApi`): JSON bodies from the phone, the token as a bearer. */

export const DeviceSigninStartBody = z.object({
  account: z.string().min(1).max(100),
  password: z.string().min(1).max(200),
});
export type DeviceSigninStart = z.input<typeof DeviceSigninStartBody>;

const field = z
  .string()
  .trim()
  .min(1, FindMsg.DEVICE_INFO_INVALID)
  .max(DEVICE_FIELD_MAX, FindMsg.DEVICE_INFO_INVALID);
export const DeviceSigninFinishBody = z.object({
  challenge: z.string().max(200),
  code: z.string().max(20),
  device_id: field,
  brand: field,
  model: field,
  /** What the phone can do; numbers this server does not know are left out. */
  functions: z
    .array(z.number().int())
    .max(10)
    .transform((list) =>
      list.filter((f): f is FindFunctionValue => (FIND_FUNCTIONS as readonly number[]).includes(f)),
    ),
});
export type DeviceSigninFinish = z.input<typeof DeviceSigninFinishBody>;

export const DeviceLocationBody = z.object({
  longitude: z.number().min(-180, FindMsg.LOCATION_INVALID).max(180, FindMsg.LOCATION_INVALID),
  latitude: z.number().min(-90, FindMsg.LOCATION_INVALID).max(90, FindMsg.LOCATION_INVALID),
  accuracy: z.number().min(0, FindMsg.LOCATION_INVALID).max(1e7, FindMsg.LOCATION_INVALID),
  locate_time: z.number().int().min(0, FindMsg.LOCATION_INVALID),
  location: z.string().max(DEVICE_PLACE_MAX).default(''),
  /** The locate command this report answers, if any. */
  command_id: z.string().max(64).optional(),
});
export type DeviceLocationReport = z.input<typeof DeviceLocationBody>;

export const DevicePollBody = z.object({
  wait_ms: z.number().int().min(0).max(DEVICE_POLL_HOLD_MS).default(DEVICE_POLL_HOLD_MS),
});
export const DeviceAckBody = z.object({ command_id: z.string().min(1).max(64) });
export const DeviceCommandResultBody = z.object({
  command_id: z.string().min(1).max(64),
  success: z.boolean(),
  error: z.string().max(200).optional(),
});
export type DeviceCommandResult = z.input<typeof DeviceCommandResultBody>;
