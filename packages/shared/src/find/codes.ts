/** The phone's functions (spec 001 §3): only these panels are shown for a device. */
export const FindFunction = { RING: 1, LOCK: 2, WIPE: 3 } as const;
export type FindFunctionValue = (typeof FindFunction)[keyof typeof FindFunction];
export const FIND_FUNCTIONS: readonly FindFunctionValue[] = [
  FindFunction.RING,
  FindFunction.LOCK,
  FindFunction.WIPE,
];

/** `command_status` (spec): 1 pending, 2 success, 3 failed, anything else: the phone never got it. */
export const CommandStatus = { PENDING: 1, SUCCESS: 2, FAILED: 3, NOT_RECEIVED: 4 } as const;
export type CommandStatusValue = (typeof CommandStatus)[keyof typeof CommandStatus];

/** `is_online` of a device: 1 online, 0 offline. */
export const DeviceOnline = { OFFLINE: 0, ONLINE: 1 } as const;

/** `command_option` of lock.do and ring.do: 1 start (lock, ring), 0 undo (unlock, stop). */
export const CommandOption = { STOP: 0, START: 1 } as const;

/** What a command asks the phone to do (the device API's `kind`, the history's kind). */
export const COMMAND_KINDS = ['locate', 'ring', 'stop_ring', 'lock', 'unlock', 'wipe'] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];
export function isCommandKind(value: unknown): value is CommandKind {
  return typeof value === 'string' && (COMMAND_KINDS as readonly string[]).includes(value);
}
