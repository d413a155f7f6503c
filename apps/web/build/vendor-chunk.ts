import type { Plugin, Rollup } from 'vite';

const VENDOR = /node_modules[\\/]/;
/** Libraries of one area or feature each, fetched with it: the map, the avatar cropper, drag and drop, the drive's hashing. */
const OWN_CHUNK =
  /node_modules[\\/](?:leaflet|mime|hash-wasm|react-easy-crop|@dnd-kit|@surbowl|china-geojson|gcoord)[\\/]/;
/**
 * antd's own packages: none may be left outside the vendor chunk by an area (checked below; a
 * few helpers of another library the home page imports whole may be).
 */
const ANTD_FAMILY = /node_modules[\\/](?:antd|@ant-design|@rc-component|rc-[^\\/]+)[\\/]/;
const PORTAL_ENTRY = /src[\\/]entry[\\/]portal\.tsx$/;
/** The chunk's name (its files are `assets/antd-<hash>.js`). */
export const VENDOR_CHUNK = 'antd';
/** antd's modules the home page loads too (its icons): a chunk of their own, see `vendorChunk`. */
export const SHELL_CHUNK = 'shell-icons';

export type ModuleInfoOf = (id: string) => { importers: readonly string[] } | null;

/**
 * Whether the portal's page imports `id` statically (it is part of the home page's download).
 * Through a library's index module every export counts as imported, so the home page's code
 * imports icons by their own paths (`@ant-design/icons/es/icons/…`), not from the index:
 * `oneVendorChunk` stops the build if that ever changes.
 */
export function portalLoads(id: string, info: ModuleInfoOf, seen = new Set<string>()): boolean {
  if (PORTAL_ENTRY.test(id)) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  return (info(id)?.importers ?? []).some((importer) => portalLoads(importer, info, seen));
}

/**
 * The libraries the areas' pages load (antd, its icons and helpers) as one chunk: split by the
 * bundler's own rules they were some forty files per area page, fetched six at a time over
 * HTTP/1.1, and a cold open waited for the last of them (docs/speed.md). One file serves every
 * area, fetched once; the sign-in page loads it whole too, and the areas opened after it find it
 * cached. What the home page loads stays with it. A `codeSplitting.groups` name function.
 */
export function vendorChunk(id: string, ctx: { getModuleInfo: ModuleInfoOf }): string | null {
  if (!VENDOR.test(id) || OWN_CHUNK.test(id)) return null;
  if (!portalLoads(id, (m) => ctx.getModuleInfo(m))) return VENDOR_CHUNK;
  // An icon of the home page that antd uses too: left to the bundler it went into the portal's
  // entry chunk, which the vendor chunk then imported, and the sign-in page, loading the vendor
  // chunk, ran the portal. In a chunk of its own, both import it and neither runs the other.
  return ANTD_FAMILY.test(id) ? SHELL_CHUNK : null;
}

/** The chunks a chunk imports statically, itself and all the way down (by file name). */
function staticGraph(bundle: Rollup.OutputBundle, from: Rollup.OutputChunk | undefined): string[] {
  const seen = new Set<string>();
  const walk = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const item = bundle[name];
    for (const dep of item?.type === 'chunk' ? item.imports : []) walk(dep);
  };
  if (from) walk(from.fileName);
  return [...seen];
}

const chunksOf = (bundle: Rollup.OutputBundle) =>
  Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');

/** The chunks the portal's page loads before anything lazy: the entry and what it imports. */
export function portalGraph(bundle: Rollup.OutputBundle): string[] {
  const entry = chunksOf(bundle).find((c) => c.isEntry && c.moduleIds.some((id) => PORTAL_ENTRY.test(id)));
  return staticGraph(bundle, entry);
}

/** What the chunk whose file name starts with `prefix` imports, all the way down (itself left out). */
function importedBy(bundle: Rollup.OutputBundle, prefix: string): string[] {
  const chunk = chunksOf(bundle).find((c) => c.fileName.startsWith(prefix));
  return staticGraph(bundle, chunk).filter((name) => name !== chunk?.fileName);
}

/**
 * What breaks the one-chunk rule: the home page downloading the vendor chunk, the vendor chunk
 * importing a page's entry (whose code would then run on another page), or a module of antd the
 * areas load left outside it (the home page's code importing from an index module, which
 * makes every export of the library count as the home page's).
 */
export function vendorChunkProblems(bundle: Rollup.OutputBundle): string[] {
  const portal = new Set(portalGraph(bundle));
  const problems: string[] = [];
  for (const name of importedBy(bundle, `assets/${VENDOR_CHUNK}-`)) {
    const item = bundle[name];
    if (item?.type === 'chunk' && item.isEntry)
      problems.push(`${VENDOR_CHUNK} imports the page entry ${name}`);
  }
  for (const item of Object.values(bundle)) {
    if (item.type !== 'chunk') continue;
    const name = item.fileName;
    if (portal.has(name)) {
      if (name.startsWith(`assets/${VENDOR_CHUNK}-`)) problems.push(`the home page would load ${name}`);
      continue;
    }
    if (name.startsWith(`assets/${VENDOR_CHUNK}-`)) continue;
    const stray = Object.keys(item.modules).find((id) => ANTD_FAMILY.test(id));
    if (stray) problems.push(`${name} holds ${stray.replace(/.*node_modules[\\/]/, '')}`);
  }
  return problems;
}

/** Stops the build when `vendorChunkProblems` finds any. */
export function oneVendorChunk(): Plugin {
  return {
    name: 'one-vendor-chunk',
    apply: 'build',
    generateBundle(_options, bundle) {
      const problems = vendorChunkProblems(bundle);
      if (problems.length > 0)
        this.error(
          `${problems.slice(0, 5).join('; ')}: the home page's code imports icons by their own path (build/vendor-chunk.ts)`,
        );
    },
  };
}
