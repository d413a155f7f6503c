import { mkdirSync } from 'node:fs';
import { SYNC_AREAS, type SyncArea } from '@phonecloud/shared';
import { type DeviceApiClient, DeviceApiError } from '../api.js';
import { CalendarArea } from './calendar-area.js';
import { ContactsArea } from './contacts-area.js';
import {
  AREA_NAMES,
  type AreaAdapter,
  type AreaReport,
  isSignedOut,
  reportLine,
  syncArea,
} from './engine.js';
import { NotesArea } from './notes-area.js';
import { SmsArea } from './sms-area.js';
import { type SyncState, SyncStore } from './sync-state.js';

export interface SyncOptions {
  api: DeviceApiClient;
  /** The phone's folder: `sync.json` lives here. */
  dir: string;
  /** The data folder: contacts.vcf, sms.xml, notes/, calendar.ics. */
  dataDir: string;
  areas?: readonly SyncArea[];
  log: (line: string) => void;
}

/** `held`: an area's deletes wait for the owner in the portal (the mass-deletion guard). */
export type RoundEnd = 'done' | 'failed' | 'held' | 'signed-out';

function adapterOf(area: SyncArea, dataDir: string): AreaAdapter<SyncArea, unknown> {
  const a =
    area === 'contacts'
      ? new ContactsArea(dataDir)
      : area === 'sms'
        ? new SmsArea(dataDir)
        : area === 'notes'
          ? new NotesArea(dataDir)
          : new CalendarArea(dataDir);
  return a as unknown as AreaAdapter<SyncArea, unknown>;
}

/**
 * One sync round of the phone: each area in turn (a failing area is reported and the others
 * go on). Prints a line per area that did something, then 「同步完成」 (or what failed).
 */
export async function syncOnce(opts: SyncOptions): Promise<{ end: RoundEnd; reports: AreaReport[] }> {
  mkdirSync(opts.dataDir, { recursive: true });
  const store = new SyncStore(opts.dir);
  const state: SyncState = store.read();
  const save = () => store.write(state);
  const reports: AreaReport[] = [];
  let failed = false;
  for (const area of opts.areas ?? SYNC_AREAS) {
    try {
      const report = await syncArea(opts.api, adapterOf(area, opts.dataDir), state[area], save);
      reports.push(report);
      const line = reportLine(report);
      if (line) opts.log(line);
    } catch (err) {
      if (isSignedOut(err)) {
        opts.log('设备登录已失效（设备已被删除或账号密码已修改），请重新登录');
        return { end: 'signed-out', reports };
      }
      failed = true;
      // What the area took in of an unfinished pull is dropped: the saved state is as the
      // last send left it, and the next round pulls from the same anchor again.
      (state as unknown as Record<SyncArea, unknown>)[area] = store.read()[area];
      const why =
        err instanceof DeviceApiError
          ? `${err.message}（${err.code}）`
          : err instanceof Error
            ? err.message
            : String(err);
      opts.log(`${AREA_NAMES[area]}同步失败：${why}`);
    }
  }
  const held = reports.some((r) => r.held);
  opts.log(failed ? '同步未全部完成，稍后重试' : held ? '同步已暂停，等待网页端确认' : '同步完成');
  return { end: failed ? 'failed' : held ? 'held' : 'done', reports };
}
