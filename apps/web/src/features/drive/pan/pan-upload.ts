import {
  DriveApi,
  DriveHttp,
  DriveMsg,
  DUPLICATE_POLICY,
  type V1HeadChallenge,
  type V1UploadUrl,
} from '@phonecloud/shared';
import { ApiError, api } from '../../../api';
import type { UploadOutcome, UploadProgress } from '../types';
import { md5OfBlob } from '../upload/md5';

/** The fixed channel and app ids the upload host is called with (spec 000 §5; their values are not shown). */
const CHANNEL = 'web';
const APP_ID = 'phonecloud-portal';

type HeadStatus = 'expired' | 'exists' | 'absent';
type HeadAnswer = HeadStatus | { challenge: V1HeadChallenge };

/** The head's answers by HTTP status alone; any other status carries an envelope. */
const HEAD_STATUS: Partial<Record<number, HeadStatus>> = {
  [DriveHttp.REFRESH]: 'expired',
  [DriveHttp.HEAD_EXISTS]: 'exists',
  [DriveHttp.HEAD_ABSENT]: 'absent',
};

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

/** GET head: the file is already in that folder, its content is unknown, or a challenge. */
async function head(session: V1UploadUrl, md5: string, file: File, pid: string): Promise<HeadAnswer> {
  const answer = await api.upload<V1HeadChallenge, HeadStatus>(
    hostUrl(session, DriveApi.uploadHead, { md5, size: file.size, pid, filename: file.name }),
    undefined,
    {
      method: 'GET',
      tokenInAddress: true,
      netError: DriveMsg.NET_QUICK_UPLOAD,
      // The challenge sits beside the code: {code: 0, sid, offset, len}.
      wholeEnvelope: true,
      byStatus: (status) => HEAD_STATUS[status],
    },
  );
  return typeof answer === 'string' ? answer : { challenge: answer };
}

/** POST head: proves possession with the MD5 of the range the server chose; no bytes are sent. */
async function prove(session: V1UploadUrl, md5: string, file: File, challenge: V1HeadChallenge) {
  const range = file.slice(challenge.offset, challenge.offset + challenge.len);
  const authMd5 = await md5OfBlob(range);
  await api.upload(
    hostUrl(session, DriveApi.uploadHead, {}),
    JSON.stringify({ md5, size: file.size, sid: challenge.sid, authMd5, filename: file.name }),
    {
      tokenInAddress: true,
      netError: DriveMsg.NET_QUICK_UPLOAD,
      headers: () => ({ 'Content-Type': 'application/json' }),
    },
  );
}

/** The normal multipart upload to the upload host, duplicate policy 2; 'expired' asks for a new session. */
function send(
  session: V1UploadUrl,
  file: File,
  pid: string,
  onProgress: (p: UploadProgress) => void,
  signal: AbortSignal,
): Promise<unknown> {
  const form = new FormData();
  form.append('file', file, file.name);
  const url = hostUrl(session, DriveApi.uploadFile, {
    size: file.size,
    filename: file.name,
    pid,
    duplicatePolicy: DUPLICATE_POLICY,
    channel: CHANNEL,
    appId: APP_ID,
  });
  return api.upload<unknown, 'expired'>(url, form, {
    tokenInAddress: true,
    signal,
    onProgress: (loaded) =>
      onProgress({ phase: 'sending', fraction: file.size ? Math.min(1, loaded / file.size) : 1 }),
    byStatus: (status) => {
      if (status === DriveHttp.REFRESH) return 'expired';
      if (status === DriveHttp.SAME_NAME) throw new ApiError(status, DriveMsg.SAME_NAME_409, 'business');
      return undefined;
    },
  });
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
  if (answer === 'exists') return 'exists';
  if (answer !== 'absent') {
    await prove(session, md5, file, answer.challenge);
    return 'quick';
  }
  if ((await send(session, file, pid, onProgress, signal)) === 'expired') {
    session = await uploadSession();
    if ((await send(session, file, pid, onProgress, signal)) === 'expired') {
      throw new ApiError(DriveHttp.REFRESH, DriveMsg.NET_UPLOAD_URL, 'business');
    }
  }
  return 'uploaded';
}
