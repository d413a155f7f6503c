import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Debian's interpreter: the one python3-icalendar installs for (a pyenv or venv python may not see it).
const PYTHON = '/usr/bin/python3';
const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'ics_read.py');

export interface PyEvent {
  uid: string | null;
  dtstamp: string | null;
  summary: string;
  location: string;
  description: string;
  start: string;
  start_tzid: string | null;
  start_is_date: boolean;
  end: string | null;
  rrule: string | null;
  exdates: string[];
  rdates: string[];
  recurrence_id: string | null;
  lunar: string | null;
  alarms: string[];
}
export interface PyCalendar {
  prodid: string;
  version: string;
  zones: string[];
  zones_used: string[];
  events: PyEvent[];
}

/**
 * Parses an .ics with Python's icalendar, a parser the server does not use. Fails, never skips,
 * when it is missing: `.ci/run` installs python3-icalendar.
 */
export function parseWithPython(ics: Buffer): PyCalendar {
  if (!existsSync(PYTHON)) {
    throw new Error(
      `${PYTHON} is missing: the calendar tests need Debian's python3-icalendar (apt-get install python3-icalendar)`,
    );
  }
  const run = spawnSync(PYTHON, [SCRIPT], { input: ics, maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) {
    throw new Error(
      `Python's icalendar could not read the export (exit ${run.status}): ${run.stderr.toString()}`,
    );
  }
  return JSON.parse(run.stdout.toString('utf8')) as PyCalendar;
}

/** A small event as a phone's calendar sends it (CRLF, its own PRODID, an X- property). */
export function phoneEvent(uid: string, summary: string, extra: string[] = []): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Example Phone//Calendar 12.0//ZH',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20261101T080000Z',
    'DTSTART;TZID=Asia/Shanghai:20261201T090000',
    'DTEND;TZID=Asia/Shanghai:20261201T100000',
    `SUMMARY:${summary}`,
    'X-PHONE-COLOR:#3366ff',
    ...extra,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
