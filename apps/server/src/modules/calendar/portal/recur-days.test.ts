import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { DAY_MS, dayOf } from './days-math.js';
import { compileRule } from './recur-days.js';

const wall = (t: InstanceType<typeof ICAL.Time>) =>
  Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);

/** ical.js's own walk: the reference the arithmetic expansion must agree with. */
function byIcal(rule: string, start: string, fromDay: number, toDay: number): number[] {
  const recur = ICAL.Recur.fromString(rule);
  const it = recur.iterator(ICAL.Time.fromString(start, null));
  const out: number[] = [];
  for (let t = it.next(), n = 0; t && n < 50_000; t = it.next(), n++) {
    const day = dayOf(wall(t));
    if (day > toDay) break;
    if (day >= fromDay) out.push(wall(t));
  }
  return out;
}

const RULES = [
  'FREQ=DAILY',
  'FREQ=DAILY;INTERVAL=3',
  'FREQ=DAILY;COUNT=40',
  'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR',
  'FREQ=DAILY;UNTIL=20270301T000000Z',
  'FREQ=WEEKLY',
  'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR',
  'FREQ=WEEKLY;BYDAY=SA,SU;COUNT=25',
  'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=SU',
  'FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,SU;WKST=MO;COUNT=30',
  'FREQ=MONTHLY',
  'FREQ=MONTHLY;INTERVAL=2',
  'FREQ=MONTHLY;BYMONTHDAY=31',
  'FREQ=MONTHLY;BYMONTHDAY=-1',
  'FREQ=MONTHLY;BYMONTHDAY=1,15;COUNT=30',
  'FREQ=MONTHLY;BYDAY=2TU',
  'FREQ=MONTHLY;BYDAY=-1FR',
  'FREQ=MONTHLY;BYDAY=1MO,3MO',
  'FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13',
  'FREQ=MONTHLY;INTERVAL=3;BYDAY=5SU',
  'FREQ=YEARLY',
  'FREQ=YEARLY;INTERVAL=2',
  'FREQ=YEARLY;BYMONTH=5;BYDAY=2SU',
  'FREQ=YEARLY;BYMONTH=11;BYDAY=-1TH',
  'FREQ=YEARLY;BYMONTH=1,7;BYMONTHDAY=1',
  'FREQ=YEARLY;COUNT=5',
];
// Seeds: each rule starts on its first own instance after one (DTSTART must be an instance).
const SEEDS = [
  '2024-01-31T09:30:00',
  '2024-02-29T00:00:00',
  '2025-03-10T23:15:00',
  '2025-07-13',
  '2026-05-10T08:00:00',
  '2026-11-27T18:00:00',
];

describe('arithmetic RRULE expansion agrees with ical.js', () => {
  for (const rule of RULES) {
    it(rule, () => {
      let compared = 0;
      for (const seed of SEEDS) {
        const recur = ICAL.Recur.fromString(rule);
        const it = ICAL.Recur.fromString(rule.replace(/;?(COUNT|UNTIL)=[^;]*/g, '')).iterator(
          ICAL.Time.fromString(seed, null),
        );
        it.next();
        const t = it.next();
        // ical.js moves 29 February to 1 March in other years; RFC 5545 leaves such days out.
        if (!t || (t.month === 2 && t.day === 29 && recur.freq === 'YEARLY')) continue;
        const start = t.toString();
        const until = recur.until ? wall(recur.until) : null;
        const compiled = compileRule(recur, wall(t), until);
        if (!compiled) continue;
        for (const [from, to] of [
          ['2024-01-01', '2024-03-31'],
          ['2026-11-01', '2026-12-13'],
          ['2027-02-01', '2027-03-15'],
          ['2029-12-20', '2030-02-10'],
        ]) {
          const fromDay = Date.parse(`${from}T00:00:00Z`) / DAY_MS;
          const toDay = Date.parse(`${to}T00:00:00Z`) / DAY_MS;
          expect(compiled.between(fromDay, toDay), `${rule} from ${start}, ${from}..${to}`).toEqual(
            byIcal(rule, start, fromDay, toDay),
          );
          compared++;
        }
      }
      // Each rule was compiled for at least one start (a start it does not pick goes to ical.js).
      expect(compared).toBeGreaterThan(0);
    });
  }

  it('leaves 29 February out of the years without one (RFC 5545), where ical.js moves it to 1 March', () => {
    const start = wall(ICAL.Time.fromString('2024-02-29T09:00:00', null));
    const compiled = compileRule(ICAL.Recur.fromString('FREQ=YEARLY'), start, null);
    const from = Date.parse('2024-01-01T00:00:00Z') / DAY_MS;
    const walls = compiled?.between(from, from + 365 * 9) ?? [];
    expect(walls.map((w) => new Date(w).toISOString().slice(0, 10))).toEqual([
      '2024-02-29',
      '2028-02-29',
      '2032-02-29',
    ]);
  });

  it('leaves to ical.js what it does not read, and a DTSTART the rule does not pick', () => {
    const start = wall(ICAL.Time.fromString('2026-01-05T09:00:00', null));
    expect(
      compileRule(ICAL.Recur.fromString('FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=-1'), start, null),
    ).toBeNull();
    expect(compileRule(ICAL.Recur.fromString('FREQ=YEARLY;BYDAY=20MO'), start, null)).toBeNull();
    expect(compileRule(ICAL.Recur.fromString('FREQ=HOURLY'), start, null)).toBeNull();
    // 2026-01-05 is a Monday: a Friday-only weekly rule does not pick it.
    expect(compileRule(ICAL.Recur.fromString('FREQ=WEEKLY;BYDAY=FR'), start, null)).toBeNull();
  });
});
