const pad = (n: number) => String(n).padStart(2, '0');

/** A time as the share page shows it: 2024-05-01 09:30, in the visitor's time zone. */
export const day = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
