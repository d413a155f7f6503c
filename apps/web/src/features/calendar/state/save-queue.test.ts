import { describe, expect, it } from 'vitest';
import { saveQueue } from './save-queue';

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('saveQueue', () => {
  it('sends one key’s saves one after another and applies only the last answer', async () => {
    const enqueue = saveQueue();
    const sent: string[] = [];
    const applied: string[] = [];
    const hide = deferred<string>();
    const show = deferred<string>();
    const first = enqueue(
      'birthdays',
      () => {
        sent.push('hide');
        return hide.promise;
      },
      (a) => void applied.push(a),
      () => undefined,
    );
    const second = enqueue(
      'birthdays',
      () => {
        sent.push('show');
        return show.promise;
      },
      (a) => void applied.push(a),
      () => undefined,
    );
    await Promise.resolve();
    expect(sent).toEqual(['hide']);
    hide.resolve('hidden');
    expect(await first).toBe(false);
    expect(applied).toEqual([]);
    expect(sent).toEqual(['hide', 'show']);
    show.resolve('shown');
    expect(await second).toBe(true);
    expect(applied).toEqual(['shown']);
  });

  it('goes on after a failed save, and keys do not wait for each other', async () => {
    const enqueue = saveQueue();
    const failed: unknown[] = [];
    const applied: string[] = [];
    const slow = deferred<string>();
    const a = enqueue(
      'a',
      () => Promise.reject(new Error('refused')),
      () => undefined,
      (e) => void failed.push(e),
    );
    const b = enqueue(
      'b',
      () => slow.promise,
      (x) => void applied.push(x),
      () => undefined,
    );
    const c = enqueue(
      'a',
      () => Promise.resolve('a2'),
      (x) => void applied.push(x),
      () => undefined,
    );
    await a;
    await c;
    expect(failed).toHaveLength(1);
    expect(applied).toEqual(['a2']);
    slow.resolve('b1');
    await b;
    expect(applied).toEqual(['a2', 'b1']);
  });
});
