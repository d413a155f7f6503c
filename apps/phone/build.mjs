// Bundles the phone's command line into one file; the shared contract is inlined. Packages stay
// external, so what the contract imports (mime) is a dependency of the phone too: resolved from
// the root it would find another major version.
import { build } from 'esbuild';

await build({
  entryPoints: { phone: 'src/cli.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: { '@phonecloud/shared': '../../packages/shared/src/index.ts' },
  logLevel: 'warning',
});
