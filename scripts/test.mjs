// `npm test`: lint and types, unit and API tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set),
// then the browser tests in Debian's Chromium against the built portal.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureServerBuilt, ensureWebBuilt, ROOT, run } from './lib.mjs';

const CHROMIUM = '/usr/bin/chromium';

/** The calendar export's tests read the .ics back with Debian's Python icalendar. */
function hasPythonIcalendar() {
  return spawnSync('/usr/bin/python3', ['-c', 'import icalendar'], { stdio: 'ignore' }).status === 0;
}

function hasCjkFont() {
  return spawnSync('sh', ['-c', 'fc-list :lang=zh family | grep -q .'], { stdio: 'ignore' }).status === 0;
}

/** Installs the Debian packages the tests need when missing (root), or names the one command to run. */
function ensureSystemPackages() {
  if (existsSync(CHROMIUM) && hasCjkFont() && hasPythonIcalendar()) return;
  const isRoot = process.getuid?.() === 0;
  const install = 'apt-get update && apt-get install -y chromium fonts-noto-cjk python3-icalendar';
  if (!isRoot) {
    console.error(`The tests need these Debian packages. Run:\n  sudo sh -c '${install}'`);
    process.exit(1);
  }
  console.log('Installing chromium, fonts-noto-cjk and python3-icalendar from Debian…');
  run('sh', ['-c', `DEBIAN_FRONTEND=noninteractive ${install.replace('install -y', 'install -y -q')}`]);
}

ensureSystemPackages();
mkdirSync(path.join(ROOT, 'test-results-unit'), { recursive: true });

console.log('\n▶ lint and format (biome)');
run('npx', ['biome', 'check', '.']);
console.log('\n▶ types (tsc)');
run('npm', ['run', 'typecheck']);

console.log(`\n▶ unit and API tests (SQLite${process.env.TEST_DATABASE_URL ? ' and PostgreSQL' : ''})`);
if (!process.env.TEST_DATABASE_URL)
  console.log('  TEST_DATABASE_URL is not set: PostgreSQL API tests are skipped.');
// Playwright empties test-results/ when it starts, so the unit report lives beside it.
const vitestJson = path.join(ROOT, 'test-results-unit/vitest.json');
run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);

console.log('\n▶ build');
ensureWebBuilt();
ensureServerBuilt();

console.log('\n▶ browser tests (Chromium)');
const pw = spawnSync('npx', ['playwright', 'test'], { cwd: ROOT, stdio: 'inherit' });

const unit = JSON.parse(readFileSync(vitestJson, 'utf8'));
let browserPassed = 0;
let browserFailed = 0;
const pwJson = path.join(ROOT, 'test-results/playwright.json');
if (existsSync(pwJson)) {
  const stats = JSON.parse(readFileSync(pwJson, 'utf8')).stats ?? {};
  browserPassed = stats.expected ?? 0;
  browserFailed = (stats.unexpected ?? 0) + (stats.flaky ?? 0);
}
const passed = unit.numPassedTests + browserPassed;
const failed = unit.numFailedTests + browserFailed + (pw.status !== 0 && browserFailed === 0 ? 1 : 0);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || pw.status !== 0 ? 1 : 0);
