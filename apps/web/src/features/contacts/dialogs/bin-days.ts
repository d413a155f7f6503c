/** The browser's calendar day of a moment, 'YYYY-MM-DD': the zone the times beside it are shown in. */
export function localDay(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The bin's deleted contacts by deletion day in the browser's zone, newest day first, each day in
 * the server's order. The server groups by China Standard Time days (its `letter_index`); shown
 * under those headings, a contact deleted at 01:00 in Berlin would sit under the next day while
 * its time reads 01:00, so the headings follow the same zone as the times.
 */
export function binDays(
  letterIndex: Readonly<Record<string, readonly string[]>>,
  deletedAt: (id: string) => number | undefined,
  dayOf: (ms: number) => string = localDay,
): Array<[string, string[]]> {
  const days = new Map<string, string[]>();
  for (const ids of Object.values(letterIndex)) {
    for (const id of ids) {
      const at = deletedAt(id);
      if (at === undefined) continue;
      const day = dayOf(at);
      const list = days.get(day);
      if (list) list.push(id);
      else days.set(day, [id]);
    }
  }
  return [...days.entries()].sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0));
}
