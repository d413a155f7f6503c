import path from 'node:path';
import type { Plugin, ResolvedConfig, Rollup } from 'vite';
import { CSRF_COOKIE } from '../../../packages/shared/src/paths.ts';
import { EARLY_RESPONSES_GLOBAL, type EarlyPost, earlyPostKey } from '../src/api/early-responses.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * An area's page is a chunk of its own, asked for by the portal's code once that code has run
 * (about a tenth of a second after the page arrives, on this kind of machine). Opened on an
 * area's address, the page can start downloading it at once instead: this plugin puts a small
 * script at the top of the portal's page that, for the address's area, adds `modulepreload`
 * links for the page's chunk and the chunks it imports, a `preload` of its CSS, and starts the
 * area's first call (list.do for the contacts). The portal's own import of the chunk then finds
 * it fetched, and its client takes the call's answer instead of asking again.
 */
export interface AreaPage {
  /** The area's route prefix, e.g. '/contact' (as in app/areas.ts). */
  prefix: string;
  /** The page's module, relative to the web app's folder, e.g. 'src/features/contacts/ContactsArea.tsx'. */
  module: string;
  /**
   * Calls the page makes first, started by the HTML itself when it is opened on the area and
   * kept for the portal's client to take (`src/api/early-responses.ts`): a GET by its path, a
   * JSON POST as `EarlyPost` (sent with the CSRF cookie's header, skipped while there is none).
   */
  early?: readonly (string | EarlyPost)[];
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

/** The preload links and early GETs of one area. */
export interface AreaPlan {
  files: string[];
  early: readonly (string | EarlyPost)[];
}

/**
 * The script: for the area the address opens, preload links for its files, and its early GETs
 * kept under `window[EARLY_RESPONSES_GLOBAL]` by path (a failure is left for the taker to see).
 * The links ask in CORS mode (`crossOrigin`), as Vite's own loading of the same files does: a
 * preload in another mode would not be used.
 */
export function preloadScript(plans: Record<string, AreaPlan>): string {
  const g = JSON.stringify(EARLY_RESPONSES_GLOBAL);
  // The POST's key is earlyPostKey's: checked against it in area-preload.test.ts.
  const postKey = earlyPostKey('"+o.path+"', '"+b+"');
  return `(function(){var m=${JSON.stringify(plans)};var e=window[${g}]={};var p=location.hash.replace(/^#/,'').split('?')[0];var t=function(){return '?tmp='+Date.now()+Math.random().toString().slice(2,8)};var x=/(?:^|;\\s*)${CSRF_COOKIE}=([^;]*)/.exec(document.cookie);for(var k in m){if(p===k||p.indexOf(k+'/')===0){m[k].files.forEach(function(u){var l=document.createElement('link');if(/.css$/.test(u)){l.rel='preload';l.as='style'}else{l.rel='modulepreload'}l.crossOrigin='';l.href=u;document.head.appendChild(l)});m[k].early.forEach(function(o){var r;if(typeof o==='string'){r=fetch(o+t(),{credentials:'same-origin',headers:{Accept:'application/json'}});r.catch(function(){});e[o]=r;return}if(!x||(o.only&&o.only.indexOf(p)<0))return;var b=JSON.stringify(o.json);r=fetch(o.path,{method:'POST',credentials:'same-origin',headers:{Accept:'application/json','Content-Type':'application/json;charset=UTF-8','X-XSRF-TOKEN':decodeURIComponent(x[1])},body:b});r.catch(function(){});e["${postKey}"]=r})}}})()`;
}

/**
 * What every area's page stands in besides its own chunk: the antd scope (a module loaded beside
 * each lazily loaded page) and antd's stylesheet, an emitted file of that name.
 */
export interface PageScope {
  module: string;
  /** The emitted asset's name, e.g. 'antd.css'. */
  asset: string;
}

export function scopeFiles(bundle: OutputBundle, entry: OutputChunk, scope: PageScope): string[] {
  const files = areaFiles(bundle, entry, scope.module);
  const asset = Object.values(bundle).find(
    (item) => item.type === 'asset' && (item.names ?? []).includes(scope.asset),
  );
  if (!asset) throw new Error(`${scope.asset} is not a file of this build`);
  return [...files, asset.fileName];
}

export function areaPreload(
  areas: readonly AreaPage[],
  { scope, entryHtml = 'index.html' }: { scope?: PageScope; entryHtml?: string } = {},
): Plugin {
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
        const plans: Record<string, AreaPlan> = {};
        const shared = scope ? scopeFiles(ctx.bundle, ctx.chunk, scope) : [];
        for (const area of areas) {
          const own = areaFiles(ctx.bundle, ctx.chunk, area.module);
          const files = [...new Set([...shared, ...own])].map((f) => `${config.base}${f}`);
          plans[area.prefix] = { files, early: area.early ?? [] };
        }
        // Right after the charset, before the stylesheets: a script after a stylesheet waits for it.
        const charset = /<meta charset[^>]*>/i;
        if (!charset.test(html)) throw new Error(`${entryHtml} has no <meta charset>`);
        return html.replace(charset, (meta) => `${meta}\n    <script>${preloadScript(plans)}</script>`);
      },
    },
  };
}
