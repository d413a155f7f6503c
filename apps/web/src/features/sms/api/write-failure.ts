import { isApiError } from '../../../api';

/**
 * The toast of a write that failed: the server's text (a stale sync_version, a message gone …)
 * or the network retry text; null when the browser is already leaving for the login page or the
 * check screen, which speaks for itself.
 */
export function failureText(error: unknown): string | null {
  if (isApiError(error) && error.kind === 'redirected') return null;
  return error instanceof Error ? error.message : String(error);
}
