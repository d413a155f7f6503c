// BENCH_LOAD: CPU-bound processes beside the benches, standing for the other tenants of a small
// shared host. Each spins on its own core's worth of work until the run ends; they are children
// of the bench run, so they end with it even when it is interrupted.
import { spawn } from 'node:child_process';

const SPIN = 'let x = 0; for (;;) { x = (x * 1103515245 + 12345) % 2147483648; }';

/** Starts `count` spinning processes; answers the function that stops them. */
export function startLoad(count) {
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', SPIN], { stdio: 'ignore' }),
  );
  const stop = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  };
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => {
      stop();
      process.exit(130);
    });
  return stop;
}
