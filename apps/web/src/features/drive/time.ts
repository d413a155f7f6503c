const pad = (n: number) => String(n).padStart(2, '0');

/** Last-modified time as the list shows it: 2024-05-01 09:30. */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
