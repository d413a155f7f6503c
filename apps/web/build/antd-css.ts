import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import postcss, { type AtRule, type Container, type Rule } from 'postcss';
import type { Plugin } from 'vite';

/**
 * The portal runs antd in its zero-runtime mode (`theme.zeroRuntime`): components do not build
 * their styles in the browser at first render (that took a third of a freshly opened page's
 * first render), and their CSS comes as a static file instead. antd ships that file for the
 * whole library (about 1 MB); this plugin answers `virtual:antd.css` with the part of it the
 * portal's components use, found from the source's `from 'antd'` imports.
 */
export const ANTD_CSS_ID = 'virtual:antd.css';
const RESOLVED_ID = `\0${ANTD_CSS_ID}`;
const ANTD_CSS_URL_ID = `${ANTD_CSS_ID}?url`;
const RESOLVED_URL_ID = `\0antd-css-url`;

/**
 * The class prefixes (`.ant-<prefix>…`) each imported name needs, its inner parts included: a
 * Table draws a Pagination, a Select, Checkboxes… A name missing here stops the build, so that
 * a component never reaches the page without its styles.
 */
const PREFIXES: Record<string, readonly string[]> = {
  Alert: ['alert'],
  Breadcrumb: ['breadcrumb', 'dropdown'],
  Button: ['btn'],
  Checkbox: ['checkbox'],
  ConfigProvider: [],
  Dropdown: ['dropdown', 'btn'],
  Empty: ['empty'],
  Form: ['form', 'row', 'col'],
  Input: ['input', 'btn'],
  Modal: ['modal', 'btn'],
  Progress: ['progress'],
  Radio: ['radio'],
  Result: ['result'],
  Select: ['select', 'empty'],
  Skeleton: ['skeleton'],
  Slider: ['slider', 'tooltip'],
  Spin: ['spin'],
  Switch: ['switch'],
  Table: ['table', 'pagination', 'select', 'spin', 'checkbox', 'radio', 'dropdown', 'tooltip', 'empty'],
  Tabs: ['tabs', 'dropdown'],
  Tag: ['tag'],
  Tooltip: ['tooltip'],
  message: ['message'],
};
// Used by every component: the click wave, motions, and the keyframes they name.
const ALWAYS = ['wave', 'motion', 'zoom', 'fade', 'move', 'slide'];
const TYPE_ONLY = /^(type\s+)?\w+(Props|Ref|Config|Instance)$/;

/** The names imported from 'antd' anywhere under `dir` (types left out). */
export function antdImports(dir: string): Set<string> {
  const names = new Set<string>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const file = path.join(at, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const m of readFileSync(file, 'utf8').matchAll(
          /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'antd'/g,
        )) {
          if (m[1]) continue;
          for (const part of (m[2] ?? '').split(',')) {
            const name = part.trim();
            if (name && !name.startsWith('type ') && !TYPE_ONLY.test(name))
              names.add(name.split(/\s+as\s+/)[0] ?? name);
          }
        }
      }
    }
  };
  walk(dir);
  return names;
}

/** The prefixes the imported names need; throws on a name the table does not know. */
export function prefixesFor(names: Iterable<string>): Set<string> {
  const out = new Set(ALWAYS);
  for (const name of names) {
    const prefixes = PREFIXES[name];
    if (!prefixes) {
      throw new Error(
        `antd's ${name} is imported but apps/web/build/antd-css.ts does not list its CSS prefixes`,
      );
    }
    for (const p of prefixes) out.add(p);
  }
  return out;
}

const ANT_CLASS = /\.ant-([a-z]+)/;

/** Whether a top-level selector belongs to the kept components (or is a plain element rule). */
function keepSelector(selector: string, keep: Set<string>): boolean {
  const m = ANT_CLASS.exec(selector);
  if (m) return keep.has(m[1] ?? '');
  // antd's link rules (`a`, `a:hover`…); the dist file's own token sets (`.css-var-…`) and
  // cache marker are left out: the token variables are set at run time for the page's theme.
  return !selector.startsWith('.');
}

/** antd's static CSS cut to the kept prefixes (keyframes all kept: they are small). */
export function cutAntdCss(css: string, keep: Set<string>): string {
  const root = postcss.parse(css);
  const prune = (container: Container) => {
    container.each((node) => {
      if (node.type === 'rule') {
        const rule = node as Rule;
        if (!rule.selectors.some((s) => keepSelector(s, keep))) rule.remove();
      } else if (node.type === 'atrule') {
        const at = node as AtRule;
        if (at.name === 'keyframes') return;
        prune(at);
        if (!at.nodes || at.nodes.length === 0) at.remove();
      }
    });
  };
  prune(root);
  return root.toString();
}

/**
 * `virtual:antd.css` is imported as a stylesheet (the account pages); `virtual:antd.css?url`
 * answers the address of the same CSS as a file of its own, for the portal, whose shell loads no
 * antd: the lazily loaded pages put the stylesheet in place themselves (components/antd-css.ts).
 */
export function antdCss(srcDir: string): Plugin {
  const require = createRequire(import.meta.url);
  let serving = false;
  const css = (ctx: { addWatchFile(file: string): void }) => {
    const file = require.resolve('antd/dist/antd.css');
    ctx.addWatchFile(file);
    return cutAntdCss(readFileSync(file, 'utf8'), prefixesFor(antdImports(srcDir)));
  };
  return {
    name: 'antd-static-css',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    resolveId(id) {
      if (id === ANTD_CSS_ID) return RESOLVED_ID;
      if (id === ANTD_CSS_URL_ID) return RESOLVED_URL_ID;
      return undefined;
    },
    load(id) {
      if (id === RESOLVED_ID) return css(this);
      if (id !== RESOLVED_URL_ID) return undefined;
      // The dev server has no output files: the stylesheet is handed over as a blob.
      if (serving)
        return `export default URL.createObjectURL(new Blob([${JSON.stringify(css(this))}], { type: 'text/css' }));`;
      const ref = this.emitFile({ type: 'asset', name: 'antd.css', source: css(this) });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}
