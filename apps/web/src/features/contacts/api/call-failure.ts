import { isApiError } from '../../../api';

/** How a screen of the area answers a call that failed. */
export interface CallFailure {
  /**
   * The toast or inline text: the server's own message (1010 stale version_code, 1011 contact
   * gone, …) or, when the server could not be reached, the client's network retry text
   * (`Msg.NET_SERVER`). `null` when the browser is already leaving for the login page or a check
   * screen, which speaks for itself.
   */
  text: string | null;
  /**
   * Whether to bring the book up to date (refresh.do, or list.do again on 1009). A refusal means
   * the screen drew an older book than the server holds; a network failure may have come after
   * the server made the change. Syncing makes the screen show what is true (a contact gone leaves
   * the detail) and a retry carry current version_codes.
   */
  resync: boolean;
}

export function callFailure(error: unknown): CallFailure {
  if (isApiError(error) && error.kind === 'redirected') return { text: null, resync: false };
  return { text: error instanceof Error ? error.message : String(error), resync: true };
}
