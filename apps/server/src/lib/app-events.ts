/**
 * Items of a user's drive that have just come to be where they are: stored by an upload (the
 * portal's, WebDAV's PUT, the older upload host), made by a copy, moved or renamed, restored from
 * the bin. A folder stands for everything inside it. Told after the change is committed.
 */
export interface DriveItemsLanded {
  userId: number;
  ids: readonly number[];
}

/** Files of a user's drive were deleted for good (purged from the bin): their bytes count no more. */
export interface DriveFilesPurged {
  userId: number;
}

/** What the server tells the areas that listen (AppModule's `on`), by name. */
export interface AppEventMap {
  driveItemsLanded: DriveItemsLanded;
  driveFilesPurged: DriveFilesPurged;
}

export type AppEventName = keyof AppEventMap;
type Listener<K extends AppEventName> = (payload: AppEventMap[K]) => void;

/**
 * The areas' events, one bus per app (tests run several apps in one process). The one who tells
 * never waits for a listener nor sees its failure: listeners run on a later turn of the event
 * loop, each on its own, so a request that tells answers as fast as one that does not.
 */
export class AppEvents {
  private readonly listeners = new Map<AppEventName, Set<Listener<AppEventName>>>();

  constructor(private readonly onError: (err: unknown, name: AppEventName) => void = () => undefined) {}

  /** Listens to `name`; answers the listener's removal. */
  on<K extends AppEventName>(name: K, listener: Listener<K>): () => void {
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    const held = listener as Listener<AppEventName>;
    set.add(held);
    return () => set.delete(held);
  }

  emit<K extends AppEventName>(name: K, payload: AppEventMap[K]): void {
    const set = this.listeners.get(name);
    if (!set || set.size === 0) return;
    for (const listener of set) {
      setImmediate(() => {
        try {
          listener(payload);
        } catch (err) {
          this.onError(err, name);
        }
      });
    }
  }
}
