import { Code, Msg } from '@phonecloud/shared';
import { isApiError } from '../../api';

/** The spec's text for a failed send or check; anything else shows what the server said. */
export function verifyErrorText(error: unknown): string {
  if (!isApiError(error)) return Msg.NET_SERVER;
  switch (error.code) {
    case Code.TICKET_WRONG:
      return Msg.CODE_WRONG;
    case Code.TICKET_EXPIRED:
      return Msg.CODE_EXPIRED;
    case Code.TICKET_TOO_FREQUENT:
      return Msg.CODE_TOO_FREQUENT;
    default:
      return error.message;
  }
}
