import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PhoneProcess } from './find';
import { codeSentTo } from './fixtures';

/** The phone client's `sync` command as its own process, syncing every `every` seconds. */
export class SyncPhone {
  constructor(readonly proc: PhoneProcess) {}

  get data() {
    return path.join(this.proc.dir, 'data');
  }
  file(name: string) {
    return path.join(this.data, name);
  }
  read(name: string) {
    return readFileSync(this.file(name), 'utf8');
  }
  write(name: string, text: string) {
    mkdirSync(path.dirname(this.file(name)), { recursive: true });
    writeFileSync(this.file(name), text);
  }
  /** Waits for a line the phone prints after `mark` (an earlier `output.length`). */
  waitFor(text: string | RegExp, mark: number, timeout = 20_000) {
    return this.proc.waitFor(text, mark, timeout);
  }
  get mark() {
    return this.proc.output.length;
  }
}

/**
 * Lays out the phone's files (`files`: name → text, under its data folder), starts
 * `phone sync --every N`, signs in with the SMS code the server sent, and waits for the first
 * round to finish.
 */
export async function startSyncPhone(
  baseUrl: string,
  account: { username: string; password: string; phone: string },
  files: Record<string, string>,
  every = 2,
): Promise<SyncPhone> {
  const since = Date.now();
  const proc = new PhoneProcess([
    'sync',
    '--server',
    baseUrl,
    '--account',
    account.username,
    '--password',
    account.password,
    '--every',
    String(every),
  ]);
  const phone = new SyncPhone(proc);
  for (const [name, text] of Object.entries(files)) phone.write(name, text);
  await proc.waitFor('请输入验证码');
  proc.type(await codeSentTo(account.phone, since, 'sms'));
  await proc.waitFor('登录成功');
  await proc.waitFor(/同步完成|同步未全部完成/, 0, 60_000);
  return phone;
}

/** A vCard 3.0 card as a phone's address book app writes one. */
export const vcard = (uid: string, name: string, tel: string) =>
  [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `UID:${uid}`,
    `FN:${name}`,
    `N:${name};;;;`,
    `TEL;TYPE=CELL:${tel}`,
    'END:VCARD',
    '',
  ].join('\r\n');

/** One `<sms>` of the SMS Backup & Restore format. */
export const smsEntry = (address: string, body: string, date: number, type = 1) =>
  `  <sms protocol="0" address="${address}" date="${date}" type="${type}" subject="null" body="${body}" toa="null" sc_toa="null" service_center="null" read="1" status="-1" locked="0" date_sent="0" readable_date="" contact_name="(Unknown)" />\n`;

export const smsFile = (entries: string[]) =>
  `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<smses count="${entries.length}" backup_date="${Date.now()}" type="full">\n${entries.join('')}</smses>\n`;

/** A VEVENT in Beijing time ('YYYYMMDDTHHmmss'). */
export const vevent = (uid: string, summary: string, start: string, end: string) =>
  [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20261101T000000Z',
    `DTSTART;TZID=Asia/Shanghai:${start}`,
    `DTEND;TZID=Asia/Shanghai:${end}`,
    `SUMMARY:${summary}`,
    'END:VEVENT',
    '',
  ].join('\r\n');

export const SHANGHAI = [
  'BEGIN:VTIMEZONE',
  'TZID:Asia/Shanghai',
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0800',
  'TZOFFSETTO:+0800',
  'TZNAME:CST',
  'END:STANDARD',
  'END:VTIMEZONE',
  '',
].join('\r\n');

export const calendarFile = (events: string[]) =>
  `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//phone//calendar//ZH\r\n${SHANGHAI}${events.join('')}END:VCALENDAR\r\n`;
