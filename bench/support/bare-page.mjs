// The reference page: a bare Vite + React app built with the repo's own Vite and React.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../../scripts/lib.mjs';

const DIR = path.join(ROOT, 'node_modules/.cache/bench-bare-page');

export async function buildBarePage() {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(path.join(DIR, 'src'), { recursive: true });
  writeFileSync(
    path.join(DIR, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>bare</title></head><body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>',
  );
  writeFileSync(
    path.join(DIR, 'src/main.jsx'),
    "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<h1 id=\"ready\">hello</h1>);\n",
  );
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  await build({
    root: DIR,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: path.join(DIR, 'dist'), emptyOutDir: true },
  });
  return path.join(DIR, 'dist');
}

/** Gzip bytes of every JS and CSS file of a built page. */
export function builtAssetBytes(dist) {
  let total = 0;
  const visit = (dir) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) visit(p);
      else if (/\.(js|css)$/.test(name)) total += gzipSync(readFileSync(p)).length;
    }
  };
  visit(dist);
  return total;
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
export function serveStatic(dist) {
  const server = createServer((req, res) => {
    const file = path.join(dist, req.url === '/' ? 'index.html' : decodeURIComponent(req.url.split('?')[0]));
    try {
      const body = readFileSync(file);
      res
        .writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' })
        .end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() });
    });
  });
}
