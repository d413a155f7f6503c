/**
 * A phone's key in the hub and on the wake-up channel.
 * @package
 */
export const deviceKey = (userId: number, deviceId: string) => `${userId}:${deviceId}`;

type Waiter = () => void;

/**
 * The phones holding a command poll on this instance, by device key. A wake-up (from this
 * instance or, through the database, from another) resolves the waiters of one phone; nothing
 * here reads the database, so 10,000 waiting phones cost 10,000 closures and one map.
 * @package
 */
export class CommandHub {
  private readonly waiters = new Map<string, Set<Waiter>>();

  /**
   * Registers a waiter for the phone `key`: `woken` resolves true on a wake-up, false when `ms`
   * passed or `signal` aborted (the phone went away). Registered before the database is read,
   * so a command written in between still wakes it; `cancel` drops it when it is not needed.
   */
  wait(key: string, ms: number, signal?: AbortSignal): { woken: Promise<boolean>; cancel(): void } {
    let finish: (woken: boolean) => void = () => undefined;
    const woken = new Promise<boolean>((resolve) => {
      let set = this.waiters.get(key);
      if (!set) {
        set = new Set();
        this.waiters.set(key, set);
      }
      let settled = false;
      finish = (value: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        const s = this.waiters.get(key);
        if (s) {
          s.delete(waiter);
          if (s.size === 0) this.waiters.delete(key);
        }
        resolve(value);
      };
      const waiter: Waiter = () => finish(true);
      const onAbort = () => finish(false);
      const timer = setTimeout(() => finish(false), ms);
      set.add(waiter);
      if (signal?.aborted) finish(false);
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
    return { woken, cancel: () => finish(false) };
  }

  wake(key: string): void {
    const set = this.waiters.get(key);
    if (!set) return;
    for (const w of [...set]) w();
  }

  /** After the wake-up channel was down: every waiter looks at the database again. */
  wakeAll(): void {
    for (const key of [...this.waiters.keys()]) this.wake(key);
  }

  /** Phones holding a poll on this instance. */
  get size(): number {
    let n = 0;
    for (const s of this.waiters.values()) n += s.size;
    return n;
  }

  isWaiting(key: string): boolean {
    return this.waiters.has(key);
  }
}
