import { setPriority } from 'node:os';

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
    setPriority(0, 10);
  } catch {
    // Not allowed here: the same work at the same priority.
  }
}
