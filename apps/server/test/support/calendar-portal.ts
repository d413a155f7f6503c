import type { Envelope } from '@phonecloud/shared';
import type { TestClient } from './client.js';

/** A JSON POST as the portal's calendar calls take them. */
export async function postJson<T>(client: TestClient, path: string, body: unknown): Promise<Envelope<T>> {
  const res = await client.raw(path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  return (await res.json()) as Envelope<T>;
}

/** A multipart upload of one file in the field `file`. */
export async function upload<T>(
  client: TestClient,
  path: string,
  name: string,
  text: string,
): Promise<Envelope<T>> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/calendar' }), name);
  const res = await client.raw(path, { method: 'POST', body: form });
  return (await res.json()) as Envelope<T>;
}

/** A VCALENDAR of VEVENT bodies (each a list of lines), CRLF, as a phone writes it. */
export function vcalendar(...events: string[][]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Example Phone//Calendar 12.0//ZH',
    ...events.flatMap((e) => ['BEGIN:VEVENT', ...e, 'END:VEVENT']),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
