import { CALENDAR_DEFAULT_TZID, type CalendarLunarDate } from '@phonecloud/shared';
import type { AppDeps } from '../../../http/context.js';
import { qingmingOf, solarInLunarYear } from '../ics/lunar.js';
import { DAY_MS } from '../ics/time.js';
import { CalendarService } from '../service.js';
import { type DemoEvent, type DemoOverride, demoIcs, type Wall } from './build.js';

const TZ = CALENDAR_DEFAULT_TZID;
// Asia/Shanghai has kept UTC+8 all year since 1991.
const SHANGHAI_MS = 8 * 60 * 60_000;

/** The day `offset` days from `now` in China, with a time of day when given. */
function dayFrom(now: number, offset: number, hour?: number, minute?: number): Wall {
  const d = new Date(now + SHANGHAI_MS + offset * DAY_MS);
  const day: [number, number, number] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
  return hour === undefined ? day : [...day, hour, minute ?? 0];
}

function plusDays(w: Wall, n: number): Wall {
  const d = new Date(Date.UTC(w[0], w[1] - 1, w[2] + n));
  const day: [number, number, number] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
  return w[3] === undefined ? day : [...day, w[3], w[4] ?? 0];
}

function at(w: Wall, hour: number, minute = 0): Wall {
  return [w[0], w[1], w[2], hour, minute];
}

function ymd(s: string): Wall {
  const [y, m, d] = s.split('-').map(Number);
  return [y as number, m as number, d as number];
}

function allDay(
  uid: string,
  summary: string,
  first: Wall,
  days: number,
  more: Partial<DemoEvent> = {},
): DemoEvent {
  return { uid, summary, start: first, end: plusDays(first, days), tzid: null, ...more };
}

/** 春节, 清明, 劳动节, 端午, 中秋, 国庆 of one year, on their real days. */
function holidays(year: number): DemoEvent[] {
  const lunar = (month: number, day: number) =>
    ymd(solarInLunarYear({ year, month, day, leap: false }, year));
  const days: [string, string, Wall][] = [
    ['spring', '春节', lunar(1, 1)],
    ['qingming', '清明节', ymd(qingmingOf(year))],
    ['labour', '劳动节', [year, 5, 1]],
    ['dragon-boat', '端午节', lunar(5, 5)],
    ['mid-autumn', '中秋节', lunar(8, 15)],
    ['national', '国庆节', [year, 10, 1]],
  ];
  return days.map(([key, name, day]) =>
    allDay(`holiday-${year}-${key}@demo.phonecloud`, name, day, 1, {
      categories: '节假日',
      description: `${year}年${name}`,
      transparent: true,
    }),
  );
}

const FAMILY: { key: string; who: string; lunar: CalendarLunarDate; spoken: string }[] = [
  { key: 'mum', who: '妈妈', lunar: { year: 1963, month: 3, day: 8, leap: false }, spoken: '三月初八' },
  { key: 'dad', who: '爸爸', lunar: { year: 1960, month: 10, day: 6, leap: false }, spoken: '十月初六' },
  // Born on New Year's Eve of a month of 30 days: in a year whose last month has 29, the 29th.
  { key: 'grandma', who: '姥姥', lunar: { year: 1942, month: 12, day: 30, leap: false }, spoken: '腊月三十' },
  { key: 'uncle', who: '舅舅', lunar: { year: 1971, month: 5, day: 20, leap: true }, spoken: '闰五月二十' },
];

/** Lunar birthdays as a phone sends them: this year's day, the lunar date kept beside it. */
function birthdays(now: number): DemoEvent[] {
  const year = dayFrom(now, 0)[0];
  return FAMILY.map((f) =>
    allDay(
      `birthday-${f.key}@demo.phonecloud`,
      `${f.who}生日（农历${f.spoken}）`,
      ymd(solarInLunarYear(f.lunar, year)),
      1,
      {
        lunar: f.lunar,
        categories: '生日',
        description: `${f.who}的农历生日，每年按农历${f.spoken}提醒`,
        // The evening before (all-day events start at midnight) and the morning of the day.
        reminders: [3 * 60, -9 * 60],
        transparent: true,
      },
    ),
  );
}

/** The weekly meeting: one Monday skipped (EXDATE), one moved to Tuesday afternoon. */
function weeklyMeeting(now: number): { event: DemoEvent; overrides: DemoOverride[] } {
  const today = dayFrom(now, 0);
  const weekday = new Date(Date.UTC(today[0], today[1] - 1, today[2])).getUTCDay();
  const firstMonday = plusDays(today, -56 - ((weekday + 6) % 7));
  const skipped = at(plusDays(firstMonday, 14), 10);
  const moved = at(plusDays(firstMonday, 35), 10);
  return {
    event: {
      uid: 'weekly-meeting@demo.phonecloud',
      summary: '项目周会',
      start: at(firstMonday, 10),
      end: at(firstMonday, 11),
      tzid: TZ,
      location: '公司 3 楼 301 会议室',
      description: '各组同步本周进展、风险和下周计划；请提前更新看板。',
      reminders: [15],
      rrule: 'FREQ=WEEKLY;BYDAY=MO',
      exdates: [skipped],
    },
    overrides: [
      {
        recurrenceId: moved,
        summary: '项目周会（改到周二下午）',
        start: at(plusDays(moved, 1), 14),
        end: at(plusDays(moved, 1), 15),
        description: '周一全员培训，周会顺延一天。',
      },
    ],
  };
}

function appointments(now: number): DemoEvent[] {
  return [...timedAppointments(now), ...allDayAppointments(now)];
}

function timed(uid: string, summary: string, start: Wall, end: Wall, more: Partial<DemoEvent>): DemoEvent {
  return { uid: `${uid}@demo.phonecloud`, summary, start, end, tzid: TZ, ...more };
}

function timedAppointments(now: number): DemoEvent[] {
  const d = (offset: number, hour: number, minute = 0) => dayFrom(now, offset, hour, minute);
  return [
    timed('checkup', '年度体检', d(5, 8, 30), d(5, 10), {
      location: '美年大健康（静安分院）',
      description: '空腹，带身份证和体检预约短信。',
      reminders: [24 * 60, 60],
    }),
    timed('dentist', '牙医复诊', d(9, 15), d(9, 15, 45), { location: '仁爱口腔 · 徐汇店', reminders: [120] }),
    timed('dinner', '和老王吃饭', d(2, 18, 30), d(2, 20, 30), {
      location: '外婆家（来福士店）',
      description: '订了 6 人桌，记得带上次借的书。',
      reminders: [60],
    }),
    timed('flight', '航班 CA1831 北京首都—上海虹桥', d(20, 8), d(20, 10, 15), {
      location: '北京首都国际机场 T3',
      description: '提前 90 分钟到机场，座位 32A。',
      reminders: [180, 24 * 60],
    }),
    timed('review', '季度汇报', d(-3, 14), d(-3, 16), { location: '公司 5 楼大会议室', reminders: [30] }),
    timed('parents', '家长会', d(15, 19), d(15, 20, 30), {
      location: '实验小学 三年级二班',
      reminders: [60],
    }),
    timed('run', '晨跑', d(1, 6, 30), d(1, 7, 15), {
      location: '世纪公园 2 号门',
      rrule: 'FREQ=WEEKLY;BYDAY=TU,TH,SA;COUNT=24',
      reminders: [10],
    }),
    // A meeting abroad keeps its own zone: the export gives it a VTIMEZONE of its own.
    {
      uid: 'tokyo-visit@demo.phonecloud',
      summary: '东京客户拜访',
      start: d(26, 10),
      end: d(26, 11, 30),
      tzid: 'Asia/Tokyo',
      location: '東京都港区六本木 6-10-1',
      reminders: [60],
    },
  ];
}

function allDayAppointments(now: number): DemoEvent[] {
  const nextYear = dayFrom(now, 0)[0] + 1;
  return [
    allDay('card@demo.phonecloud', '信用卡还款日', [2024, 1, 8], 1, {
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=8',
      reminders: [15 * 60],
      transparent: true,
    }),
    allDay('anniversary@demo.phonecloud', '结婚纪念日', [2015, 5, 20], 1, {
      rrule: 'FREQ=YEARLY',
      reminders: [24 * 60],
      transparent: true,
    }),
    allDay('trip-hangzhou@demo.phonecloud', '杭州出差', dayFrom(now, 12), 3, {
      location: '杭州 · 西湖区',
      description: '拜访合作方，住西溪宾馆。',
      reminders: [24 * 60],
    }),
    allDay('trip-xiamen@demo.phonecloud', '厦门家庭旅行', dayFrom(now, -40), 4, {
      location: '厦门 · 鼓浪屿',
      description: '机票、酒店已订，记得带防晒霜。',
    }),
    allDay('trip-home@demo.phonecloud', '国庆回老家', [nextYear, 10, 2], 5, {
      location: '湖南 · 长沙',
      description: '高铁 G1359，10 月 2 日 8:05 上海虹桥出发。',
      reminders: [7 * 24 * 60],
    }),
  ];
}

/** The demo account's calendar, as the phone would have synced it. */
export function demoCalendar(now: number): string[] {
  const year = dayFrom(now, 0)[0];
  const meeting = weeklyMeeting(now);
  const events = [...holidays(year), ...holidays(year + 1), ...birthdays(now), ...appointments(now)];
  return [demoIcs(meeting.event, now, meeting.overrides), ...events.map((e) => demoIcs(e, now))];
}

export async function seedCalendar(deps: AppDeps, userId: number): Promise<void> {
  const store = new CalendarService(deps);
  for (const ics of demoCalendar(deps.clock.now())) await store.put(userId, ics);
}
