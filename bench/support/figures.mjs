// The figures a bench run measured, kept so the run can be set beside the committed baseline
// (bench/baseline.json) and written to bench/results/latest.json. Every bench reports through
// `figure` (report() and target() of browser.mjs call it), so a new bench is compared without
// any wiring of its own.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const run = { bench: null, figures: {} };

/** Called by scripts/bench.mjs before each bench file runs. */
export function startBench(name) {
  run.bench = name;
  run.figures[name] ??= {};
}

/**
 * Records one figure of the running bench. `better` says which way is good: 'lower' for times,
 * bytes and ratios of them, 'higher' for speeds and ratios of speeds. A name reported twice in
 * one run keeps the last value.
 */
export function figure(name, value, { unit = '', better = 'lower' } = {}) {
  if (!run.bench || !Number.isFinite(value)) return;
  run.figures[run.bench][name.trim()] = { value: round(value), unit, better };
}

export function runFigures() {
  return run.figures;
}

function round(v) {
  const abs = Math.abs(v);
  const digits = abs >= 100 ? 1 : abs >= 1 ? 3 : 4;
  return Number(v.toFixed(digits));
}

/** The share by which `now` is worse than `base` (0.2 = 20 % worse), negative when better. */
export function worseBy(now, base, better) {
  if (base === 0) return now === 0 ? 0 : better === 'lower' ? Number.POSITIVE_INFINITY : -1;
  return better === 'lower' ? (now - base) / base : (base - now) / base;
}

export const REGRESSION = 0.15;

export function readJson(file, fallback) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    if (err.code === 'ENOENT') return fallback;
    throw err;
  }
}

export function writeJson(file, value) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}
