import type { FindCommandAnswer } from '@phonecloud/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { shouldReport } from '../../../api';
import { findCalls } from '../api/find-calls';
import { commandEndMessage } from './panel-rules';
import { watchCommand } from './watchers';

/**
 * One panel's command: `sending` while the call is out, `waiting` while its result is polled,
 * then `done` (the phone did it) or `error` with the message to show (8001, 3, not received,
 * the server's refusal). `idle` again after a cancel or a reset.
 */
export type CommandState =
  | { phase: 'idle' }
  | { phase: 'sending' }
  | { phase: 'waiting'; commandId: string }
  | { phase: 'done' }
  | { phase: 'error'; message: string; code?: number };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const codeOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'number'
    ? error.code
    : undefined;

export function useCommand() {
  const [state, setState] = useState<CommandState>({ phase: 'idle' });
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  const run = useCallback(async (issue: () => Promise<FindCommandAnswer>, onDone?: () => void) => {
    stop.current?.();
    setState({ phase: 'sending' });
    let commandId: string;
    try {
      commandId = (await issue()).command_id;
    } catch (error) {
      // A redirect (2002, 6001) speaks for itself.
      setState(
        shouldReport(error)
          ? { phase: 'error', message: messageOf(error), code: codeOf(error) }
          : { phase: 'idle' },
      );
      return;
    }
    setState({ phase: 'waiting', commandId });
    stop.current = watchCommand({
      check: async () => (await findCalls.result(commandId)).command_status,
      onEnd: (end) => {
        stop.current = null;
        if (end === 'success') {
          setState({ phase: 'done' });
          onDone?.();
        } else setState({ phase: 'error', message: commandEndMessage(end) });
      },
      onError: (error) => {
        stop.current = null;
        setState(shouldReport(error) ? { phase: 'error', message: messageOf(error) } : { phase: 'idle' });
      },
    });
  }, []);

  /** Stops waiting (the command itself may still reach the phone). */
  const reset = useCallback(() => {
    stop.current?.();
    stop.current = null;
    setState({ phase: 'idle' });
  }, []);

  return { state, run, reset, busy: state.phase === 'sending' || state.phase === 'waiting' };
}
