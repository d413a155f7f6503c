import path from 'node:path';
import type { Plugin, ResolvedConfig, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * An area's page is a chunk of its own, asked for by the portal's code once that code has run
 * (about a tenth of a second after the page arrives, on this kind of machine). Opened on an
 * area's address, the page can start downloading it at once instead: this plugin puts a small
 * script at the top of the portal's page that, for the address's area, adds `modulepreload`
 * links for the page's chunk and the chunks it imports, and a `preload` of its CSS. The portal's
 * own import of the chunk then finds it fetched (or on its way).
 */
export interface AreaPage {
  /** The area's route prefix, e.g. '/contact' (as in app/areas.ts). */
  prefix: string;
  /** The page's module, relative to the web app's folder, e.g. 'src/features/contacts/ContactsArea.tsx'. */
  module: string;
}

type Chunk = OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** The files an area's page needs beyond what the page itself already loads. */
export function areaFiles(bundle: OutputBundle, entry: OutputChunk, module: string): string[] {
  const chunks = new Map<string, Chunk>();
  for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
  // The entry's own graph is loaded by the page anyway.
  const loaded = new Set<string>();
  const walk = (name: string, into: Set<string>) => {
    if (into.has(name)) return;
    into.add(name);
    for (const dep of chunks.get(name)?.imports ?? []) walk(dep, into);
  };
  walk(entry.fileName, loaded);
  const page = [...chunks.values()].find((c) => c.isDynamicEntry && c.facadeModuleId?.endsWith(module));
  if (!page) throw new Error(`area page ${module} is not a chunk of its own in this build`);
  const needed = new Set<string>();
  walk(page.fileName, needed);
  const files: string[] = [];
  for (const name of needed) {
    if (loaded.has(name)) continue;
    files.push(name);
    for (const css of chunks.get(name)?.viteMetadata?.importedCss ?? []) files.push(css);
  }
  return files;
}

/** The script: for the area the address opens, preload links for its files. */
export function preloadScript(map: Record<string, string[]>): string {
  return `(function(){var m=${JSON.stringify(map)};var p=location.hash.replace(/^#/,'').split('?')[0];for(var k in m){if(p===k||p.indexOf(k+'/')===0){m[k].forEach(function(u){var l=document.createElement('link');if(/\\.css$/.test(u)){l.rel='preload';l.as='style'}else{l.rel='modulepreload'}l.href=u;document.head.appendChild(l)})}}})()`;
}

export function areaPreload(areas: readonly AreaPage[], entryHtml = 'index.html'): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'area-preload',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || !ctx.chunk || ctx.filename !== path.resolve(config.root, entryHtml)) return html;
        const map: Record<string, string[]> = {};
        for (const area of areas) {
          map[area.prefix] = areaFiles(ctx.bundle, ctx.chunk, area.module).map((f) => `${config.base}${f}`);
        }
        // Right after the charset, before the stylesheets: a script after a stylesheet waits for it.
        const charset = /<meta charset[^>]*>/i;
        if (!charset.test(html)) throw new Error(`${entryHtml} has no <meta charset>`);
        return html.replace(charset, (meta) => `${meta}\n    <script>${preloadScript(map)}</script>`);
      },
    },
  };
}
