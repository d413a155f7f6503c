import { CommandKindName, CommandStatusName, RECYCLE_DAY_OFFSET_MINUTES } from '@phonecloud/shared';
import { stringify } from 'csv-stringify/sync';
import { madeEntry, type TakeoutPart } from '../../platform/takeout-part.js';
import { phonesFor } from '../device/index.js';
import { FindService } from './service.js';

/** A history row's bytes in the CSV, for the progress bar only. */
const ROW_BYTES = 150;

/** Beijing time, as the portal shows it: `2026-11-28 17:33:18`. */
const local = (ms: number | null) =>
  ms === null
    ? ''
    : new Date(ms + RECYCLE_DAY_OFFSET_MINUTES * 60_000).toISOString().slice(0, 19).replace('T', ' ');

/** The history's rows (the same list the find-my-phone page shows), newest first. */
async function historyRows(service: FindService, userId: number): Promise<string[][]> {
  const { list } = await service.history(userId);
  return list.map((op) => [
    local(op.created_at),
    `${op.brand} ${op.model}`.trim(),
    op.device_id,
    CommandKindName[op.kind],
    CommandStatusName[op.command_status] ?? String(op.command_status),
    local(op.finished_at),
    op.ip,
    op.browser,
  ]);
}

/** Find-my-phone's folder of 导出全部数据: the commands' history as CSV. */
export const findTakeout: TakeoutPart = {
  folder: '查找手机',
  readme: [
    {
      path: 'history.csv',
      text: '查找手机的操作记录（定位、响铃、锁定、擦除，时间为北京时间），CSV（UTF-8）格式：可用 Excel、WPS 或 LibreOffice 打开',
    },
  ],
  async estimate(deps, userId, log) {
    const { count } = await new FindService(deps, phonesFor(deps.db, log)).history(userId);
    return count * ROW_BYTES;
  },
  async *entries(deps, userId, now, log) {
    const service = new FindService(deps, phonesFor(deps.db, log));
    const rows = await historyRows(service, userId);
    if (rows.length === 0) return;
    const header = ['时间', '手机', '设备标识', '操作', '结果', '完成时间', 'IP', '浏览器'];
    // UTF-8 with a BOM: Excel reads Chinese right only with it.
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(stringify([header, ...rows], { record_delimiter: 'windows' })),
    ]);
    yield madeEntry('history.csv', new Date(now), () => [bytes]);
  },
};
