import { type ExportResult, SmsApi, type SmsData } from '@phonecloud/shared';
import { api, type CallOptions } from './index';

const AREA: CallOptions = { area: 'sms' };

/**
 * export_sms_data.do (spec 001 §7): the whole box as one file, answered as `filePath` to download
 * through a hidden frame. Here rather than in the SMS area because the contacts' import/export
 * dialog has an SMS card too (spec 001 §2) and areas do not import each other; that card does not
 * hold the box, so without `syncVersion` the box's current one is read first. An empty box
 * answers 1012 with '暂无短信信息,无导出数据！'.
 */
export async function exportSmsBox(syncVersion?: number): Promise<ExportResult> {
  const version = syncVersion ?? (await api.get<SmsData>(SmsApi.list, AREA)).sync_version;
  return api.post<ExportResult>(SmsApi.export, { sync_version: version }, AREA);
}
