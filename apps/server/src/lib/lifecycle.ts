type DrainListener = () => void;
const drainListeners = new Set<DrainListener>();

/**
 * The process's own state as a load balancer sees it: draining once a shutdown began (main.ts),
 * when /readyz answers 503 so traffic goes elsewhere while requests in flight finish.
 */
export const lifecycle = {
  draining: false,
  /**
   * Past the drain, the listener closed: each answer closes its connection (`connection:
   * close`), so a proxy keeps none that the process would later close under it.
   */
  closing: false,
  /** `listener` runs when the drain begins (held long-polls answer then); returns its removal. */
  onDrain(listener: DrainListener): () => void {
    drainListeners.add(listener);
    return () => drainListeners.delete(listener);
  },
  beginDrain(): void {
    if (this.draining) return;
    this.draining = true;
    for (const listener of drainListeners) listener();
  },
};
