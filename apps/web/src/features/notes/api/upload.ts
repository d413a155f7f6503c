import {
  NOTE_UPLOAD_TOKEN_FIELD,
  NOTE_UPLOAD_TYPE_FIELD,
  NoteApi,
  type NoteUploadResult,
} from '@phonecloud/shared';
import { api } from '../../../api';

export type UploadKind = 'image' | 'record';

/**
 * upload.do takes a multipart body (spec 001 §7: the file plus a fixed token field, which repeats
 * the CSRF token the header carries).
 */
export async function uploadNoteFile(file: File, kind: UploadKind): Promise<NoteUploadResult> {
  const body = new FormData();
  body.append(NOTE_UPLOAD_TOKEN_FIELD, await api.csrfToken());
  body.append(NOTE_UPLOAD_TYPE_FIELD, kind);
  body.append('file', file, file.name);
  return api.upload<NoteUploadResult>(NoteApi.upload, body, { area: 'note' });
}
