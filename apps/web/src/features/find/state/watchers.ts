import {
  FIND_COMMAND_POLL_MS,
  FIND_LOCATE_POLL_MS,
  FIND_LOCATE_TIMEOUT_MS,
  type FindLocateData,
} from '@phonecloud/shared';
import { isApiError } from '../../../api';
import { type CommandEnd, commandEnd } from './panel-rules';

/** An unreachable server is tried again on the next tick; the server's own answer is final. */
const transient = (error: unknown) => isApiError(error) && error.kind === 'network';

/**
 * Polls a command's result every 3 s until the phone answered (spec 001 §4): 2 ends in success,
 * 3 or "not received" end with their message. Answers a function that stops polling (cancel, or
 * the panel closing).
 */
export function watchCommand(opts: {
  check: () => Promise<number>;
  onEnd: (end: CommandEnd) => void;
  onError: (error: unknown) => void;
  everyMs?: number;
}): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    if (stopped) return;
    try {
      const end = commandEnd(await opts.check());
      if (stopped) return;
      if (end) {
        stopped = true;
        opts.onEnd(end);
        return;
      }
    } catch (error) {
      if (stopped) return;
      if (!transient(error)) {
        stopped = true;
        opts.onError(error);
        return;
      }
    }
    timer = setTimeout(tick, opts.everyMs ?? FIND_COMMAND_POLL_MS);
  };
  timer = setTimeout(tick, opts.everyMs ?? FIND_COMMAND_POLL_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

export type LocateEnd =
  | { kind: 'located'; data: FindLocateData }
  | { kind: 'error'; message: string }
  | { kind: 'offline' };

/**
 * After locate.do: phone_location.do every 5 s until `latest` is 1 (the map shows it), the phone
 * reports an error (its message), or 15 minutes pass (offline). Every answer on the way is
 * handed to `onData`, so the map keeps showing the last known place and the online state.
 */
export function watchLocate(opts: {
  fetch: () => Promise<FindLocateData>;
  onData: (data: FindLocateData) => void;
  onEnd: (end: LocateEnd) => void;
  now?: () => number;
  everyMs?: number;
  timeoutMs?: number;
}): () => void {
  const now = opts.now ?? Date.now;
  const started = now();
  const every = opts.everyMs ?? FIND_LOCATE_POLL_MS;
  const timeout = opts.timeoutMs ?? FIND_LOCATE_TIMEOUT_MS;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const end = (e: LocateEnd) => {
    stopped = true;
    opts.onEnd(e);
  };
  const tick = async () => {
    if (stopped) return;
    try {
      const data = await opts.fetch();
      if (stopped) return;
      opts.onData(data);
      if (data.latest === 1) return end({ kind: 'located', data });
      if (data.error_info) return end({ kind: 'error', message: data.error_info });
    } catch (error) {
      if (stopped) return;
      if (!transient(error)) {
        return end({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
      }
    }
    if (now() - started + every > timeout) return end({ kind: 'offline' });
    timer = setTimeout(tick, every);
  };
  timer = setTimeout(tick, every);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
