// Bundles the server and the admin CLI; npm packages stay external, the shared contract is inlined.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

// The worker pool's tasks each run a file of their own (see src/lib/worker-pool.ts).
const entryPoints = {
  main: 'src/main.ts',
  admin: 'src/cli/admin.ts',
  // The vCard import's preparing (src/modules/contacts/vcard/pool.ts).
  'vcard-worker': 'src/modules/contacts/vcard/worker.ts',
  // The SMS import's reading (src/modules/sms/backup/import.ts).
  'sms-read-worker': 'src/modules/sms/backup/read-worker.ts',
  // HEIC decoding for thumbnails (src/modules/drive/preview/heic.ts).
  'heic-worker': 'src/modules/drive/preview/heic-worker.ts',
};

// Written aside, then moved into dist/ one file at a time, chunks (named by their content)
// before the entries: a process starting meanwhile (a test's server beside another test's
// build, `npm start` beside a running one) loads a whole old entry with its old chunks, which
// stay, or a whole new one with its own, never a file half written.
mkdirSync('dist', { recursive: true });
const staging = mkdtempSync(path.join('dist', '.build-'));
try {
  await build({
    entryPoints,
    outdir: staging,
    bundle: true,
    // Code shared by the entries, and what the admin CLI loads only for the command named
    // (src/cli/admin.ts), goes into chunks of its own, beside the entries: the files found
    // through import.meta.url (workers, the web build) are named from dist/ itself.
    splitting: true,
    chunkNames: '[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    packages: 'external',
    alias: {
      '@phonecloud/shared/api': '../../packages/shared/src/api/index.ts',
      '@phonecloud/shared': '../../packages/shared/src/index.ts',
    },
    logLevel: 'warning',
  });
  // Plain JavaScript run as is, from the sources and from dist alike (see src/db/sqlite.ts and
  // src/storage/hash-worker.ts).
  copyFileSync('src/db/checkpoint-worker.mjs', path.join(staging, 'checkpoint-worker.mjs'));
  copyFileSync('src/storage/hash-thread.mjs', path.join(staging, 'hash-thread.mjs'));
  const entries = new Set(Object.keys(entryPoints).flatMap((n) => [`${n}.js`, `${n}.js.map`]));
  const files = readdirSync(staging).sort((a, b) => Number(entries.has(a)) - Number(entries.has(b)));
  for (const file of files) renameSync(path.join(staging, file), path.join('dist', file));
} finally {
  rmSync(staging, { recursive: true, force: true });
}
