import {
  DriveApi,
  DriveHttp,
  DriveMsg,
  DUPLICATE_POLICY,
  Msg,
  type V1HeadChallenge,
  type V1UploadUrl,
} from '@phonecloud/shared';
import { ApiError, api } from '../../../api';
import type { UploadOutcome, UploadProgress } from '../types';
import { md5OfBlob } from '../upload/md5';
import { envelopeOf, sendWithProgress } from '../upload/xhr';

/** The fixed channel and app ids the upload host is called with (spec 000 §5; their values are not shown). */
const CHANNEL = 'web';
const APP_ID = 'phonecloud-portal';

type HeadAnswer = { status: 422 } | { status: 404 } | { status: 0; challenge: V1HeadChallenge };

async function uploadSession(): Promise<V1UploadUrl> {
  const fetchSession = () =>
    api.post<V1UploadUrl>(DriveApi.v1UploadUrl, {}, { netError: DriveMsg.NET_UPLOAD_URL, area: 'pan' });
  try {
    return await fetchSession();
  } catch (err) {
    // The drive session cookie ran out: refresh it once, as every v1 call does.
    if (!(err instanceof ApiError) || err.code !== DriveHttp.REFRESH) throw err;
    await api.get(DriveApi.refreshYun, { area: 'pan' });
    return fetchSession();
  }
}

function hostUrl(session: V1UploadUrl, path: string, query: Record<string, string | number>): string {
  const url = new URL(path, session.secureUploadDomain || window.location.origin);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  url.searchParams.set('token', session.token);
  return url.toString();
}

/** GET head: 422 the file is already in that folder, 404 unknown content, 0 a challenge. */
async function head(
  session: V1UploadUrl,
  md5: string,
  file: File,
  pid: string,
): Promise<HeadAnswer | 'expired'> {
  let res: Response;
  try {
    res = await fetch(
      hostUrl(session, DriveApi.uploadHead, { md5, size: file.size, pid, filename: file.name }),
    );
  } catch {
    throw new ApiError(0, DriveMsg.NET_QUICK_UPLOAD, 'network');
  }
  if (res.status === DriveHttp.REFRESH) return 'expired';
  if (res.status === DriveHttp.HEAD_EXISTS) return { status: 422 };
  if (res.status === DriveHttp.HEAD_ABSENT) return { status: 404 };
  const body = envelopeOf(await res.text().catch(() => ''));
  if (!body) throw new ApiError(res.status, DriveMsg.NET_QUICK_UPLOAD, 'network');
  if (body.code !== 0) throw new ApiError(body.code, body.message || DriveMsg.NET_QUICK_UPLOAD, 'business');
  return { status: 0, challenge: body as unknown as V1HeadChallenge };
}

/** POST head: proves possession with the MD5 of the range the server chose; no bytes are sent. */
async function prove(session: V1UploadUrl, md5: string, file: File, challenge: V1HeadChallenge) {
  const range = file.slice(challenge.offset, challenge.offset + challenge.len);
  const authMd5 = await md5OfBlob(range);
  let res: Response;
  try {
    res = await fetch(hostUrl(session, DriveApi.uploadHead, {}), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ md5, size: file.size, sid: challenge.sid, authMd5, filename: file.name }),
    });
  } catch {
    throw new ApiError(0, DriveMsg.NET_QUICK_UPLOAD, 'network');
  }
  const body = envelopeOf(await res.text().catch(() => ''));
  if (!body) throw new ApiError(res.status, DriveMsg.NET_QUICK_UPLOAD, 'network');
  if (body.code !== 0) throw new ApiError(body.code, body.message || DriveMsg.SAME_NAME_409, 'business');
}

/** The normal multipart upload to the upload host, duplicate policy 2. */
async function send(
  session: V1UploadUrl,
  file: File,
  pid: string,
  onProgress: (p: UploadProgress) => void,
  signal: AbortSignal,
): Promise<number> {
  const form = new FormData();
  form.append('file', file, file.name);
  let answer: { status: number; text: string };
  try {
    answer = await sendWithProgress({
      method: 'POST',
      url: hostUrl(session, DriveApi.uploadFile, {
        size: file.size,
        filename: file.name,
        pid,
        duplicatePolicy: DUPLICATE_POLICY,
        channel: CHANNEL,
        appId: APP_ID,
      }),
      body: form,
      onProgress: (loaded) =>
        onProgress({ phase: 'sending', fraction: file.size ? Math.min(1, loaded / file.size) : 1 }),
      signal,
    });
  } catch (err) {
    if (signal.aborted) throw err;
    throw new ApiError(0, Msg.NET_SERVER, 'network');
  }
  if (answer.status === DriveHttp.REFRESH) return DriveHttp.REFRESH;
  const body = envelopeOf(answer.text);
  if (answer.status === DriveHttp.SAME_NAME)
    throw new ApiError(DriveHttp.SAME_NAME, DriveMsg.SAME_NAME_409, 'business');
  if (!body) throw new ApiError(answer.status, Msg.NET_SERVER, 'network');
  if (body.code !== 0) throw new ApiError(body.code, body.message || Msg.SERVER_ERROR, 'business');
  return 0;
}

/**
 * Upload of the older variant (spec 000 §4): hash the file in 204800-byte chunks, ask the upload
 * host whether it knows the content; 422 it is there already, 404 send it, 0 prove a range and
 * finish without sending. An expired upload token (HTTP 401) gets one new session.
 */
export async function panUpload(
  file: File,
  pid: string,
  onProgress: (p: UploadProgress) => void,
  signal: AbortSignal,
): Promise<UploadOutcome> {
  let session = await uploadSession();
  const md5 = await md5OfBlob(file, (fraction) => onProgress({ phase: 'hashing', fraction }), signal);
  let answer = await head(session, md5, file, pid);
  if (answer === 'expired') {
    session = await uploadSession();
    answer = await head(session, md5, file, pid);
    if (answer === 'expired') throw new ApiError(DriveHttp.REFRESH, DriveMsg.NET_UPLOAD_URL, 'business');
  }
  if (answer.status === 422) return 'exists';
  if (answer.status === 0) {
    await prove(session, md5, file, answer.challenge);
    return 'quick';
  }
  if ((await send(session, file, pid, onProgress, signal)) === DriveHttp.REFRESH) {
    session = await uploadSession();
    if ((await send(session, file, pid, onProgress, signal)) === DriveHttp.REFRESH) {
      throw new ApiError(DriveHttp.REFRESH, DriveMsg.NET_UPLOAD_URL, 'business');
    }
  }
  return 'uploaded';
}
