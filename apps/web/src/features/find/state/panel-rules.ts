import {
  CommandStatus,
  FindMsg,
  LOCK_INFO_COUNTER_FROM,
  LOCK_INFO_MAX,
  normalizeRingCode,
  RING_CODE_LENGTH,
  WIPE_FIELD_MAX,
} from '@phonecloud/shared';

/**
 * The ring code as typed: anything not a digit (a space too) becomes 0 (spec 001 §5), and it
 * never grows past six characters.
 */
export function ringCodeInput(typed: string): string {
  return normalizeRingCode(typed).slice(0, RING_CODE_LENGTH);
}

/** Start stays disabled until the code has six digits. */
export function ringCodeReady(code: string): boolean {
  return code.length === RING_CODE_LENGTH && /^\d+$/.test(code);
}

/** The lock text as typed: longer than 200 is cut (spec: truncated, not refused). */
export function lockTextInput(typed: string): string {
  return typed.slice(0, LOCK_INFO_MAX);
}

/** The lock text's counter: hidden below 150 characters, red at 200. */
export function lockCounter(text: string): { shown: boolean; full: boolean; length: number } {
  const length = text.length;
  return { shown: length >= LOCK_INFO_COUNTER_FROM, full: length >= LOCK_INFO_MAX, length };
}

/** The lock text's error, or null when it may be sent. */
export function lockTextError(text: string): string | null {
  return text.trim() ? null : FindMsg.LOCK_INFO_EMPTY;
}

/** The wipe dialog's errors per field (each required, at most 22 characters as typed). */
export function wipeErrors(account: string, password: string): { account?: string; password?: string } {
  const out: { account?: string; password?: string } = {};
  if (!account.trim()) out.account = FindMsg.WIPE_ACCOUNT_EMPTY;
  if (!password) out.password = FindMsg.WIPE_PASSWORD_EMPTY;
  return out;
}

export const wipeFieldInput = (typed: string) => typed.slice(0, WIPE_FIELD_MAX);

/** How a polled command ended: null while the phone has not answered (1). */
export type CommandEnd = 'success' | 'failed' | 'not_received';
export function commandEnd(status: number): CommandEnd | null {
  if (status === CommandStatus.PENDING) return null;
  if (status === CommandStatus.SUCCESS) return 'success';
  if (status === CommandStatus.FAILED) return 'failed';
  return 'not_received';
}

/** What the panel says when a command ended other than in success. */
export function commandEndMessage(end: Exclude<CommandEnd, 'success'>): string {
  return end === 'failed' ? FindMsg.COMMAND_FAILED : FindMsg.COMMAND_NOT_RECEIVED;
}
