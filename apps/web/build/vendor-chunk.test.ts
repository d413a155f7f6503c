import { describe, expect, it } from 'vitest';
import { type ModuleInfoOf, vendorChunk, vendorChunkProblems } from './vendor-chunk';

type Bundle = Parameters<typeof vendorChunkProblems>[0];

const NM = '/repo/node_modules';
const SRC = '/repo/apps/web/src';
// Who imports whom statically (importers); the areas are imported lazily, so they have none.
const importers: Record<string, string[]> = {
  [`${SRC}/entry/portal.tsx`]: [],
  [`${SRC}/app/layout/PortalHeader.tsx`]: [`${SRC}/entry/portal.tsx`],
  [`${NM}/@ant-design/icons/es/icons/MenuOutlined.js`]: [
    `${SRC}/app/layout/PortalHeader.tsx`,
    `${NM}/@ant-design/icons/es/index.js`,
  ],
  [`${NM}/@ant-design/icons/es/icons/DeleteOutlined.js`]: [`${NM}/@ant-design/icons/es/index.js`],
  [`${NM}/@ant-design/icons/es/index.js`]: [`${SRC}/features/contacts/ContactsArea.tsx`],
  [`${NM}/antd/es/button/index.js`]: [`${SRC}/features/contacts/ContactsArea.tsx`],
  [`${NM}/leaflet/dist/leaflet-src.js`]: [`${SRC}/features/find/Map.tsx`],
  [`${SRC}/features/contacts/ContactsArea.tsx`]: [],
};
const ctx = { getModuleInfo: ((id) => ({ importers: importers[id] ?? [] })) as ModuleInfoOf };

function chunk(fileName: string, modules: string[], imports: string[] = [], isEntry = false) {
  return {
    type: 'chunk',
    fileName,
    isEntry,
    imports,
    moduleIds: modules,
    modules: Object.fromEntries(modules.map((m) => [m, {}])),
  };
}

describe("the areas' one library chunk", () => {
  it('takes the libraries the areas load, not what the home page loads or one feature brings', () => {
    expect(vendorChunk(`${NM}/antd/es/button/index.js`, ctx)).toBe('antd');
    expect(vendorChunk(`${NM}/@ant-design/icons/es/icons/DeleteOutlined.js`, ctx)).toBe('antd');
    // The header imports it by its own path: it stays with the home page, in a chunk antd imports too.
    expect(vendorChunk(`${NM}/@ant-design/icons/es/icons/MenuOutlined.js`, ctx)).toBe('shell-icons');
    expect(vendorChunk(`${NM}/leaflet/dist/leaflet-src.js`, ctx)).toBeNull();
    expect(vendorChunk(`${SRC}/features/contacts/ContactsArea.tsx`, ctx)).toBeNull();
  });

  it('stops the build when the home page would load it, or an area loads antd from elsewhere', () => {
    const portal = chunk('assets/portal-1.js', [`${SRC}/entry/portal.tsx`], ['assets/header-1.js'], true);
    const header = chunk('assets/header-1.js', [`${NM}/@ant-design/icons/es/icons/MenuOutlined.js`]);
    const antd = chunk('assets/antd-1.js', [`${NM}/antd/es/button/index.js`]);
    const area = chunk(
      'assets/ContactsArea-1.js',
      [`${SRC}/features/contacts/ContactsArea.tsx`],
      ['assets/antd-1.js'],
    );
    const byFile = (...chunks: Array<{ fileName: string; imports: string[] }>) =>
      Object.fromEntries(chunks.map((c) => [c.fileName, c])) as unknown as Bundle;
    const good = byFile(portal, header, antd, area);
    expect(vendorChunkProblems(good)).toEqual([]);

    const homePulls = byFile(
      { ...portal, imports: ['assets/header-1.js', 'assets/antd-1.js'] },
      header,
      antd,
      area,
    );
    expect(vendorChunkProblems(homePulls)).toEqual(['the home page would load assets/antd-1.js']);

    // The vendor chunk importing the portal's entry would run the portal on the sign-in page.
    const intoEntry = byFile(portal, header, { ...antd, imports: ['assets/portal-1.js'] }, area);
    expect(vendorChunkProblems(intoEntry)).toEqual(['antd imports the page entry assets/portal-1.js']);

    const icon = chunk('assets/DeleteOutlined-1.js', [`${NM}/@ant-design/icons/es/icons/DeleteOutlined.js`]);
    expect(vendorChunkProblems(byFile(portal, header, antd, area, icon))).toEqual([
      'assets/DeleteOutlined-1.js holds @ant-design/icons/es/icons/DeleteOutlined.js',
    ]);
  });
});
