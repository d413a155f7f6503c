/** Wall clocks 'YYYY-MM-DDTHH:mm' of instants in a zone, through Intl (the browser's zone table). */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(zone, f);
  }
  return f;
}

export function wallIn(ms: number, zone: string): string {
  const parts: Record<string, string> = {};
  for (const p of formatIn(zone).formatToParts(ms)) parts[p.type] = p.value;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** Minutes from wall clock `a` to wall clock `b` (both 'YYYY-MM-DDTHH:mm', read alike). */
export function wallMinutes(a: string, b: string): number {
  const ms = (w: string) =>
    Date.UTC(
      Number(w.slice(0, 4)),
      Number(w.slice(5, 7)) - 1,
      Number(w.slice(8, 10)),
      Number(w.slice(11, 13)),
      Number(w.slice(14, 16)),
    );
  return Math.round((ms(b) - ms(a)) / 60_000);
}

/** A wall clock moved by `minutes` (read as UTC parts: no zone's gaps). */
export function addWallMinutes(wall: string, minutes: number): string {
  const at = new Date(Date.parse(`${wall.slice(0, 16)}:00Z`) + minutes * 60_000).toISOString();
  return `${at.slice(0, 10)}T${at.slice(11, 16)}`;
}
