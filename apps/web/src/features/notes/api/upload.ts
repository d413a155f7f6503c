import {
  Code,
  CSRF_COOKIE,
  codeText,
  type Envelope,
  Msg,
  NOTE_UPLOAD_TOKEN_FIELD,
  NOTE_UPLOAD_TYPE_FIELD,
  NoteApi,
  type NoteUploadResult,
} from '@phonecloud/shared';
import { ApiError } from '../../../api';
import { CSRF_REQUEST_HEADER } from '../../../api/client';
import { readCookie } from '../../../api/cookies';
import { gateRoute, loginUrl } from '../../../api/session-redirects';
import { forgetVerified } from '../../../api/verified-marker';

export type UploadKind = 'image' | 'record';

/**
 * upload.do takes a multipart body (spec 001 §7: the file plus a fixed token field, which carries
 * the CSRF token), which the form-encoding client does not send; the envelope is read with the
 * same rules: 2002 to the login page, 6001 to the notes check screen.
 */
export async function uploadNoteFile(file: File, kind: UploadKind): Promise<NoteUploadResult> {
  const token = readCookie(document.cookie, CSRF_COOKIE) ?? '';
  const body = new FormData();
  // The spec's field, and the header every other state-changing call carries.
  body.append(NOTE_UPLOAD_TOKEN_FIELD, token);
  body.append(NOTE_UPLOAD_TYPE_FIELD, kind);
  body.append('file', file, file.name);
  let envelope: Envelope;
  try {
    const response = await fetch(NoteApi.upload, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', [CSRF_REQUEST_HEADER]: token },
      body,
    });
    envelope = (await response.json()) as Envelope;
  } catch {
    throw new ApiError(0, Msg.NET_SERVER, 'network');
  }
  if (envelope.code === Code.OK) return envelope.data as NoteUploadResult;
  const message = envelope.message || codeText[envelope.code] || Msg.SERVER_ERROR;
  if (envelope.code === Code.NOT_LOGGED_IN) {
    window.location.assign(loginUrl({ pathname: window.location.pathname, hash: window.location.hash }));
    throw new ApiError(envelope.code, message, 'redirected');
  }
  if (envelope.code === Code.VERIFY_REQUIRED) {
    forgetVerified('note');
    window.location.replace(`#${gateRoute('note')}`);
    throw new ApiError(envelope.code, message, 'redirected');
  }
  throw new ApiError(envelope.code, message, 'business');
}
