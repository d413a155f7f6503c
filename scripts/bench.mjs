// `npm run bench [name…]`: runs bench/<name>.bench.mjs (all of them by default) and prints ratios
// against references measured in the same run.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureServerBuilt, ensureWebBuilt, ROOT } from './lib.mjs';

ensureWebBuilt();
ensureServerBuilt();
const wanted = process.argv.slice(2);
const files = readdirSync(path.join(ROOT, 'bench'))
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace('.bench.mjs', '')));
for (const file of files) {
  console.log(`\n=== ${file.replace('.bench.mjs', '')} ===`);
  const mod = await import(pathToFileURL(path.join(ROOT, 'bench', file)).href);
  await mod.default();
}
