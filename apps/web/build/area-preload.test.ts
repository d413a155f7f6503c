import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ContactApi, CSRF_COOKIE, DriveApi, NoteApi, SmsApi } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { EARLY_RESPONSES_GLOBAL, earlyPostKey } from '../src/api/early-responses';
import { CSRF_REQUEST_HEADER } from '../src/api/transport';
import { PHOTO_OPENING } from '../src/features/photos/photo-early';
import { areaFiles, preloadScript, scopeFiles } from './area-preload';

type Bundle = Parameters<typeof areaFiles>[0];
type Entry = Parameters<typeof areaFiles>[1];

function chunk(fileName: string, imports: string[], extra: Record<string, unknown> = {}) {
  return { type: 'chunk', fileName, imports, isDynamicEntry: false, facadeModuleId: null, ...extra };
}

const entry = chunk('assets/portal.js', ['assets/react.js']);
const bundle = {
  'assets/portal.js': entry,
  'assets/react.js': chunk('assets/react.js', []),
  'assets/Area.js': chunk('assets/Area.js', ['assets/react.js', 'assets/tabs.js'], {
    isDynamicEntry: true,
    facadeModuleId: '/repo/apps/web/src/features/contacts/ContactsArea.tsx',
    viteMetadata: { importedCss: new Set(['assets/Area.css']) },
  }),
  'assets/tabs.js': chunk('assets/tabs.js', ['assets/react.js']),
} as unknown as Bundle;

describe('preloading the opened area', () => {
  it("lists the area page's chunks and CSS that the portal's own graph does not load", () => {
    expect(areaFiles(bundle, entry as unknown as Entry, 'src/features/contacts/ContactsArea.tsx')).toEqual([
      'assets/Area.js',
      'assets/Area.css',
      'assets/tabs.js',
    ]);
    expect(() => areaFiles(bundle, entry as unknown as Entry, 'src/features/none/Page.tsx')).toThrow(/none/);
  });

  it("adds the antd scope's chunks and antd's stylesheet, which every area's page stands in", () => {
    const withScope = {
      ...bundle,
      'assets/AntdScope.js': chunk('assets/AntdScope.js', ['assets/react.js', 'assets/tabs.js'], {
        isDynamicEntry: true,
        facadeModuleId: '/repo/apps/web/src/components/AntdScope.tsx',
      }),
      'assets/antd-x1.css': { type: 'asset', fileName: 'assets/antd-x1.css', names: ['antd.css'] },
    } as unknown as Bundle;
    const scope = { module: 'src/components/AntdScope.tsx', asset: 'antd.css' };
    expect(scopeFiles(withScope, entry as unknown as Entry, scope)).toEqual([
      'assets/AntdScope.js',
      'assets/tabs.js',
      'assets/antd-x1.css',
    ]);
    expect(() => scopeFiles(bundle, entry as unknown as Entry, scope)).toThrow(/AntdScope/);
  });

  it('adds the links and starts the early calls for the area of the address only', () => {
    const run = (hash: string) => {
      const added: Array<{ rel: string; as?: string; crossOrigin?: string; href: string }> = [];
      const fetched: string[] = [];
      const window: Record<string, unknown> = {};
      const document = {
        createElement: () => ({}) as { rel: string; as?: string; href: string },
        head: {
          appendChild: (l: { rel: string; as?: string; crossOrigin?: string; href: string }) =>
            added.push({ ...l }),
        },
      };
      const fetch = (url: string, init: RequestInit) => {
        expect(init).toMatchObject({ credentials: 'same-origin' });
        fetched.push(url.split('?')[0] ?? '');
        return Promise.resolve(new Response('{}'));
      };
      const script = preloadScript({
        '/contact': { files: ['/assets/Area.js', '/assets/Area.css'], early: ['/contact/list.do'] },
        '/pan': { files: ['/assets/Pan.js'], early: [] },
      });
      new Function('location', 'document', 'window', 'fetch', script)({ hash }, document, window, fetch);
      const kept = window[EARLY_RESPONSES_GLOBAL] as Record<string, unknown>;
      return { added, fetched, kept: Object.keys(kept) };
    };
    expect(run('#/contact/index/12')).toEqual({
      added: [
        { rel: 'modulepreload', crossOrigin: '', href: '/assets/Area.js' },
        { rel: 'preload', as: 'style', crossOrigin: '', href: '/assets/Area.css' },
      ],
      fetched: ['/contact/list.do'],
      kept: ['/contact/list.do'],
    });
    expect(run('#/contact').added).toHaveLength(2);
    expect(run('#/contacts')).toEqual({ added: [], fetched: [], kept: [] });
    expect(run('#/home/index')).toEqual({ added: [], fetched: [], kept: [] });
    expect(run('#/pan/?path=%2F')).toEqual({
      added: [{ rel: 'modulepreload', crossOrigin: '', href: '/assets/Pan.js' }],
      fetched: [],
      kept: [],
    });
  });

  it('starts an early JSON POST with the CSRF header, on its own addresses and with a cookie only', () => {
    const run = (hash: string, cookie: string) => {
      const sent: Array<{ url: string; init: RequestInit }> = [];
      const window: Record<string, unknown> = {};
      const document = { cookie, createElement: () => ({}), head: { appendChild: () => undefined } };
      const fetch = (url: string, init: RequestInit) => {
        sent.push({ url, init });
        return Promise.resolve(new Response('{}'));
      };
      const script = preloadScript({
        '/photo': { files: [], early: [{ path: '/photo/months', json: { a: 1 }, only: ['/photo/index'] }] },
      });
      new Function('location', 'document', 'window', 'fetch', script)({ hash }, document, window, fetch);
      return { sent, kept: Object.keys(window[EARLY_RESPONSES_GLOBAL] as object) };
    };
    const opened = run('#/photo/index', `pc_x=1; ${CSRF_COOKIE}=a%2Bb`);
    expect(opened.kept).toEqual([earlyPostKey('/photo/months', '{"a":1}')]);
    expect(opened.sent).toHaveLength(1);
    expect(opened.sent[0]?.url).toBe('/photo/months');
    expect(opened.sent[0]?.init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: '{"a":1}',
      headers: { [CSRF_REQUEST_HEADER]: 'a+b', 'Content-Type': 'application/json;charset=UTF-8' },
    });
    expect(run('#/photo/albums', `${CSRF_COOKIE}=t`).sent).toEqual([]);
    expect(run('#/photo/index', 'pc_x=1').sent).toEqual([]);
  });

  it('starts early only calls the portal makes, for areas it serves', () => {
    const areas = readFileSync(path.resolve(import.meta.dirname, '../src/app/areas.ts'), 'utf8');
    const config = readFileSync(path.resolve(import.meta.dirname, '../vite.config.ts'), 'utf8');
    const listed = [...config.matchAll(/prefix: '([^']+)',\s*module: '([^']+)'/g)];
    expect(listed.map((m) => m[1])).toEqual(['/contact', '/sms', '/note', '/alipan', '/pan', '/photo']);
    for (const [, prefix, module] of listed) {
      expect(areas).toContain(`path: '${prefix}/*'`);
      expect(areas).toContain(`import('../${(module ?? '').replace(/^src\//, '').replace(/\.tsx$/, '')}')`);
    }
    expect(config).toContain(`early: ['${ContactApi.list}']`);
    expect(config).toContain(`early: ['${SmsApi.list}']`);
    expect(config).toContain(`early: ['${NoteApi.list}']`);
    expect(config).toContain(`early: ['${DriveApi.token}']`);
    const { months, newest, only } = PHOTO_OPENING;
    expect(config).toContain(
      `{ path: '${months.path}', json: ${JSON.stringify(months.json)}, only: PHOTO_TIMELINE }`,
    );
    expect(config).toContain(
      `{ path: '${newest.path}', json: { limit: ${newest.json.limit} }, only: PHOTO_TIMELINE }`,
    );
    expect(config).toContain(`const PHOTO_TIMELINE = [${only.map((p) => `'${p}'`).join(', ')}];`);
  });
});
