import { setPriority } from 'node:os';

/**
 * One step below the serving thread, not ten. The kernel shares a busy core by weight: at nice 10
 * a thread weighs a tenth of one at 0, so on a host with other busy processes (a small instance
 * shares its cores) the import threads got a small fraction of a core and a 10,000-card import took
 * 11-21x its parse instead of 3x (two CPU-bound processes beside the server, `BENCH_LOAD=2`). At
 * nice 1 the serving thread still comes first (1.25x the weight) and the import keeps its share:
 * 3.8x, the first after a start 4.2x.
 */
const BACKGROUND_NICE = 1;

/** Module state is per thread: each worker thread loads its own copy of this file. */
let lowered = false;

/**
 * Puts the calling worker thread below the thread that serves requests (on Linux the priority
 * is a thread's own): its work is background work. Once per thread; a priority once lowered
 * cannot be raised again, so a thread that must also run at full speed (the import's warm-up
 * before the server listens) calls this only after that.
 */
export function lowerThisThread(): void {
  if (lowered) return;
  lowered = true;
  try {
    setPriority(0, BACKGROUND_NICE);
  } catch {
    // Not allowed here: the same work at the same priority.
  }
}
