// Bundles the server and the admin CLI; npm packages stay external, the shared contract is inlined.
import { copyFileSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  // The worker pool's tasks each run a file of their own (see src/lib/worker-pool.ts).
  entryPoints: {
    main: 'src/main.ts',
    admin: 'src/cli/admin.ts',
    // The vCard import's preparing (src/modules/contacts/vcard/pool.ts).
    'vcard-worker': 'src/modules/contacts/vcard/worker.ts',
    // The SMS import's reading (src/modules/sms/backup/import.ts).
    'sms-read-worker': 'src/modules/sms/backup/read-worker.ts',
  },
  outdir: 'dist',
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
copyFileSync('src/db/checkpoint-worker.mjs', 'dist/checkpoint-worker.mjs');
copyFileSync('src/storage/hash-thread.mjs', 'dist/hash-thread.mjs');
