/**
 * The head of list.do (the indexes as JSON) of the books opened last, kept per user. A book's
 * indexes change only with its sync_version (every write of a contact moves it) or its group
 * list, and both are part of the key, so an entry is never stale: it is just replaced. For a
 * large book this saves the scan and sort of every row each time the page is opened.
 */
export class ListHeadCache<T> {
  private readonly entries = new Map<number, { key: string; head: T }>();

  constructor(private readonly capacity: number) {}

  get(userId: number, key: string): T | undefined {
    const entry = this.entries.get(userId);
    if (!entry || entry.key !== key) return undefined;
    // Most recently used last: the first entry is the one to drop.
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    return entry.head;
  }

  set(userId: number, key: string, head: T): void {
    this.entries.delete(userId);
    this.entries.set(userId, { key, head });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
