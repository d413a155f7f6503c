import { NoteApi, type NoteExportResult, type NoteList } from '@phonecloud/shared';
import { api, type CallOptions } from './index';

const AREA: CallOptions = { area: 'note' };

/**
 * export_note_data.do (spec 001 §7): every note as a zip of Markdown files, answered as
 * `filePath` to download through a hidden frame. Here rather than in the notes area because the
 * contacts' import/export dialog has a notes card too (spec 001 §2) and areas do not import each
 * other; that card does not hold the note list, so without `syncVersion` the list's current one
 * is read first. No notes answers 1012 with '暂无便签信息,无导出数据！'.
 */
export async function exportNotes(syncVersion?: number): Promise<NoteExportResult> {
  const version = syncVersion ?? (await api.get<NoteList>(NoteApi.list, AREA)).sync_version;
  return api.post<NoteExportResult>(NoteApi.export, { sync_version: version }, AREA);
}
