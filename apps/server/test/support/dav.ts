import { AppPasswordsService } from '../../src/modules/app-passwords/service.js';
import { createUser, type TestUser } from './accounts.js';
import type { TestServer } from './server.js';

export interface DavAccount {
  user: TestUser;
  password: string;
  appPasswordId: number;
}

/** An account with an app password, as a DAV client is set up. */
export async function davAccount(server: TestServer): Promise<DavAccount> {
  const user = await createUser(server);
  const created = await new AppPasswordsService(server.deps).create(user.id, 'DAV 测试');
  return { user, password: created.password, appPasswordId: created.item.id };
}

export interface DavResponse {
  status: number;
  headers: Headers;
  text: string;
}

/** One DAV request with HTTP Basic over the app password (or the headers given). */
export async function dav(
  server: TestServer,
  account: DavAccount | null,
  method: string,
  path: string,
  opts: { body?: string; headers?: Record<string, string> } = {},
): Promise<DavResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  if (account) {
    headers.authorization = `Basic ${Buffer.from(`${account.user.username}:${account.password}`).toString('base64')}`;
  }
  if (opts.body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
    headers['content-type'] = 'application/xml; charset=utf-8';
  }
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers,
    body: opts.body,
    redirect: 'manual',
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** A vCard 3.0 card as a phone sends it. */
export function card(uid: string, name: string, extra: string[] = []): string {
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `UID:${uid}`,
    `FN:${name}`,
    `N:${name};;;;`,
    'TEL;TYPE=CELL:13800001111',
    ...extra,
    'END:VCARD',
    '',
  ].join('\r\n');
}

/** The hrefs and their statuses / etags of a multistatus, read loosely (tests only). */
export function responsesOf(
  xml: string,
): Array<{ href: string; status: string; etag: string; data: string }> {
  const out: Array<{ href: string; status: string; etag: string; data: string }> = [];
  for (const m of xml.matchAll(/<d:response>([\s\S]*?)<\/d:response>/g)) {
    const body = m[1] ?? '';
    const unxml = (s: string) =>
      s
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&');
    out.push({
      href: unxml(/<d:href>([^<]*)<\/d:href>/.exec(body)?.[1] ?? ''),
      status: /<d:status>HTTP\/1\.1 (\d+)/.exec(body)?.[1] ?? '',
      etag: unxml(/<d:getetag>([^<]*)<\/d:getetag>/.exec(body)?.[1] ?? ''),
      data: unxml(/<(?:card:address-data|cal:calendar-data)>([\s\S]*?)<\//.exec(body)?.[1] ?? ''),
    });
  }
  return out;
}

export const PROPFIND_ETAGS = `<?xml version="1.0" encoding="utf-8"?>
<propfind xmlns="DAV:"><prop><resourcetype/><getcontenttype/><getetag/></prop></propfind>`;

export function syncBody(token: string, withData: 'card' | 'cal' | null = null): string {
  const data =
    withData === 'card'
      ? '<C:address-data xmlns:C="urn:ietf:params:xml:ns:carddav"/>'
      : withData === 'cal'
        ? '<C:calendar-data xmlns:C="urn:ietf:params:xml:ns:caldav"/>'
        : '';
  return `<?xml version="1.0" encoding="utf-8"?>
<D:sync-collection xmlns:D="DAV:"><D:sync-token>${token}</D:sync-token><D:sync-level>1</D:sync-level>
<D:prop><D:getetag/>${data}</D:prop></D:sync-collection>`;
}

export function tokenOf(xml: string): string {
  return /<d:sync-token>([^<]*)<\/d:sync-token>/.exec(xml)?.[1] ?? '';
}
