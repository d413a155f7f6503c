import {
  Code,
  ContactApi,
  CSRF_COOKIE,
  codeText,
  type Envelope,
  IMPORT_SKIP_GROUPS_FIELD,
  type ImportResult,
  Msg,
} from '@phonecloud/shared';
import { ApiError } from '../../../api';
import { CSRF_REQUEST_HEADER } from '../../../api/client';
import { readCookie } from '../../../api/cookies';
import { gateRoute, loginUrl } from '../../../api/session-redirects';
import { forgetVerified } from '../../../api/verified-marker';

/**
 * inport.do takes a multipart body (spec 001 §7: field `file`, a CSRF header and a filename
 * header), which the form-encoding client does not send; the envelope is read with the same
 * rules: 2002 to the login page, 6001 to the contacts check screen.
 */
export async function uploadVcards(
  files: readonly File[],
  options: { skipGroups?: boolean } = {},
): Promise<ImportResult> {
  const body = new FormData();
  // Fields before the files: the server reads the parts in order.
  if (options.skipGroups) body.append(IMPORT_SKIP_GROUPS_FIELD, '1');
  for (const f of files) body.append('file', f, f.name);
  let envelope: Envelope;
  try {
    const response = await fetch(ContactApi.import, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        [CSRF_REQUEST_HEADER]: readCookie(document.cookie, CSRF_COOKIE) ?? '',
        filename: encodeURIComponent(files[0]?.name ?? ''),
      },
      body,
    });
    envelope = (await response.json()) as Envelope;
  } catch {
    throw new ApiError(0, Msg.NET_SERVER, 'network');
  }
  if (envelope.code === Code.OK) return envelope.data as ImportResult;
  const message = envelope.message || codeText[envelope.code] || Msg.SERVER_ERROR;
  if (envelope.code === Code.NOT_LOGGED_IN) {
    window.location.assign(loginUrl({ pathname: window.location.pathname, hash: window.location.hash }));
    throw new ApiError(envelope.code, message, 'redirected');
  }
  if (envelope.code === Code.VERIFY_REQUIRED) {
    forgetVerified('contact');
    window.location.replace(`#${gateRoute('contact')}`);
    throw new ApiError(envelope.code, message, 'redirected');
  }
  throw new ApiError(envelope.code, message, 'business');
}
