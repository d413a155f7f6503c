// The committed baseline of `npm run bench` (bench/baseline.json): the last deliberate run of
// every figure, per load profile (`quiet`, `load2`...), each bench with the date and commit it
// was measured at. A run is printed beside it; the README's table is written from it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REGRESSION, readJson, worseBy, writeJson } from '../bench/support/figures.mjs';
import { ROOT } from './lib.mjs';

const BASELINE = path.join(ROOT, 'bench/baseline.json');
const README = path.join(ROOT, 'README.md');
const START = '<!-- bench-baseline:start -->';
const END = '<!-- bench-baseline:end -->';

export function profileOf(load) {
  return load > 0 ? `load${load}` : 'quiet';
}

function readBaseline() {
  return readJson(BASELINE, { profiles: {} });
}

/** Each figure of the run beside its baseline, with how much worse it is (negative: better). */
export function compare(figures, profile) {
  const base = readBaseline().profiles[profile] ?? {};
  const rows = [];
  for (const [bench, measured] of Object.entries(figures)) {
    const kept = base[bench];
    for (const [name, f] of Object.entries(measured)) {
      const b = kept?.figures[name];
      const change = b ? worseBy(f.value, b.value, f.better) : null;
      rows.push({ bench, name, now: f, base: b ?? null, date: kept?.date ?? null, change });
    }
    for (const [name, b] of Object.entries(kept?.figures ?? {}))
      if (!(name in measured)) rows.push({ bench, name, now: null, base: b, date: kept.date, change: null });
  }
  return rows;
}

const fmt = (f) => (f ? `${f.value} ${f.unit}`.trim() : '-');

export function printComparison(rows, profile) {
  console.log(`\n=== against bench/baseline.json (${profile}) ===`);
  let worse = 0;
  for (const r of rows) {
    let verdict;
    if (!r.now) verdict = 'not measured this run';
    else if (!r.base) verdict = 'no baseline yet';
    else {
      const pct = `${r.change > 0 ? '+' : ''}${(r.change * 100).toFixed(0)} %`;
      const flagged = r.change > REGRESSION;
      if (flagged) worse++;
      verdict = `${pct} ${r.change > 0 ? 'worse' : 'better'}${flagged ? '  << WORSE THAN BASELINE BY MORE THAN 15 %' : ''}`;
    }
    console.log(
      `${r.bench} · ${r.name}: ${fmt(r.now)} (baseline ${fmt(r.base)}${r.date ? `, ${r.date.slice(0, 10)}` : ''}) ${verdict}`,
    );
  }
  console.log(
    worse
      ? `\n${worse} figure(s) worse than the baseline by more than 15 %`
      : '\nno figure worse than the baseline by more than 15 %',
  );
}

/** Writes the run's figures as the baseline of its profile for the benches that ran. */
export function saveBaseline(result) {
  const baseline = readBaseline();
  baseline.profiles[result.profile] ??= {};
  const profile = baseline.profiles[result.profile];
  for (const [bench, figures] of Object.entries(result.figures)) {
    if (Object.keys(figures).length === 0) continue;
    profile[bench] = { date: result.date, commit: result.commit, figures };
  }
  writeJson(BASELINE, baseline);
}

/** The README's table of baseline figures, between its two markers. */
export function writeReadmeTable() {
  const { profiles } = readBaseline();
  const lines = ['| profile | bench | figure | baseline | measured |', '| --- | --- | --- | --- | --- |'];
  for (const [profile, benches] of Object.entries(profiles))
    for (const [bench, kept] of Object.entries(benches))
      for (const [name, f] of Object.entries(kept.figures))
        lines.push(
          `| ${profile} | \`${bench}\` | ${name.replaceAll('|', '\\|')} | ${fmt(f)} | ${kept.date.slice(0, 10)} (${kept.commit}) |`,
        );
  const readme = readFileSync(README, 'utf8');
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} section`);
  writeFileSync(
    README,
    `${readme.slice(0, start + START.length)}\n${lines.join('\n')}\n${readme.slice(end)}`,
  );
}
