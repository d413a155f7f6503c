import { describe, expect, it } from 'vitest';
import { areaFiles, preloadScript } from './area-preload';

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

  it('adds the links for the area of the address only', () => {
    const run = (hash: string) => {
      const added: Array<{ rel: string; as?: string; href: string }> = [];
      const document = {
        createElement: () => ({}) as { rel: string; as?: string; href: string },
        head: { appendChild: (l: { rel: string; as?: string; href: string }) => added.push({ ...l }) },
      };
      const script = preloadScript({
        '/contact': ['/assets/Area.js', '/assets/Area.css'],
        '/pan': ['/assets/Pan.js'],
      });
      new Function('location', 'document', script)({ hash }, document);
      return added;
    };
    expect(run('#/contact/index/12')).toEqual([
      { rel: 'modulepreload', href: '/assets/Area.js' },
      { rel: 'preload', as: 'style', href: '/assets/Area.css' },
    ]);
    expect(run('#/contact')).toHaveLength(2);
    expect(run('#/contacts')).toEqual([]);
    expect(run('#/home/index')).toEqual([]);
    expect(run('#/pan/?path=%2F')).toEqual([{ rel: 'modulepreload', href: '/assets/Pan.js' }]);
  });
});
