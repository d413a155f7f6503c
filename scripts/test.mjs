// `npm test`: lint and types, unit and API tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set),
// then the browser tests in Debian's Chromium against the built portal.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureServerBuilt, ensureWebBuilt, ROOT, run } from './lib.mjs';

const CHROMIUM = '/usr/bin/chromium';

const python = (module) => () =>
  spawnSync('/usr/bin/python3', ['-c', `import ${module}`], { stdio: 'ignore' }).status === 0;
const binary = (file) => () => existsSync(file);

/** The Debian packages the tests use, each with how to tell it is there. */
const SYSTEM_PACKAGES = [
  { name: 'chromium', present: binary(CHROMIUM) }, // the browser tests
  {
    name: 'fonts-noto-cjk', // Chinese text in the browser tests' screenshots
    present: () =>
      spawnSync('sh', ['-c', 'fc-list :lang=zh family | grep -q .'], { stdio: 'ignore' }).status === 0,
  },
  { name: 'python3-icalendar', present: python('icalendar') }, // reads the calendar export back
  { name: 'python3-vobject', present: python('vobject') }, // reads the contacts export back
  { name: 'khard', present: binary('/usr/bin/khard') }, // lists exported and DAV-synced contacts
  { name: 'vdirsyncer', present: binary('/usr/bin/vdirsyncer') }, // CardDAV/CalDAV client
  { name: 'khal', present: binary('/usr/bin/khal') }, // reads the DAV-synced calendar
  { name: 'rclone', present: binary('/usr/bin/rclone') }, // WebDAV client
  { name: 'litmus', present: binary('/usr/bin/litmus') }, // WebDAV conformance suites
  { name: 'nginx-light', present: binary('/usr/sbin/nginx') }, // checks the README's nginx sample
  { name: 'ffmpeg', present: binary('/usr/bin/ffprobe') }, // the photos' video metadata and poster frames
];

/** Installs the Debian packages the tests need when missing (root), or names the one command to run. */
function ensureSystemPackages() {
  const missing = SYSTEM_PACKAGES.filter((p) => !p.present()).map((p) => p.name);
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  const install = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (!isRoot) {
    console.error(`The tests need these Debian packages. Run:\n  sudo sh -c '${install}'`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} from Debian…`);
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
