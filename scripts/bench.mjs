// `npm run bench [name…] [--save-baseline]`: runs bench/<name>.bench.mjs (all of them by default),
// prints ratios against references measured in the same run, then every figure beside the
// committed baseline (bench/baseline.json), flagging one worse by more than 15 %.
//   BENCH_LOAD=N          N CPU-bound processes run beside the benches (a busy shared host);
//                         compared with the baseline's `load<N>` figures instead of `quiet`.
//   --save-baseline       writes this run's figures into the baseline (the benches that ran)
//                         and the README's table; for a quiet run on purpose, with a note why.
//   --readme              only rewrites the README's table from the baseline.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startLoad } from '../bench/support/cpu-load.mjs';
import { compare, printComparison, profileOf, saveBaseline, writeReadmeTable } from './bench-baseline.mjs';
import { ensureServerBuilt, ensureWebBuilt, ROOT } from './lib.mjs';

const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')));
const wanted = args.filter((a) => !a.startsWith('--'));

if (flags.has('--readme')) {
  writeReadmeTable();
  process.exit(0);
}

ensureWebBuilt();
ensureServerBuilt();
const { startBench, runFigures, writeJson } = await import('../bench/support/figures.mjs');
const load = Number(process.env.BENCH_LOAD ?? 0);
const profile = profileOf(load);
const stopLoad = load > 0 ? startLoad(load) : () => {};
if (load > 0) console.log(`BENCH_LOAD=${load}: ${load} CPU-bound processes run beside the benches`);

const files = readdirSync(path.join(ROOT, 'bench'))
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace('.bench.mjs', '')));
try {
  for (const file of files) {
    const name = file.replace('.bench.mjs', '');
    console.log(`\n=== ${name} ===`);
    startBench(name);
    const mod = await import(pathToFileURL(path.join(ROOT, 'bench', file)).href);
    await mod.default();
  }
} finally {
  stopLoad();
}

const figures = runFigures();
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
const result = { date: new Date().toISOString(), commit, profile, figures };
writeJson(path.join(ROOT, 'bench/results/latest.json'), result);
const rows = compare(figures, profile);
printComparison(rows, profile);
if (flags.has('--save-baseline')) {
  saveBaseline(result);
  writeReadmeTable();
  console.log(`\nbaseline (${profile}) updated for: ${Object.keys(figures).join(', ')}`);
}
