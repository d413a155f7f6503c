/**
 * Saves of one key (a calendar's settings) sent one after another, and only the answer of the
 * last one begun applied: a box ticked twice quickly (hide, then show) was flipped back by the
 * first save's answer arriving after the second tick, and two saves sent side by side could land
 * on the server out of order. Each save's promise answers whether it was the last one begun
 * (its answer is the one that counts).
 */
export function saveQueue() {
  const keys = new Map<string, { last: Promise<void>; seq: number }>();
  return function enqueue<T>(
    key: string,
    save: () => Promise<T>,
    apply: (answer: T) => Promise<void> | void,
    fail: (error: unknown) => Promise<void> | void,
  ): Promise<boolean> {
    const before = keys.get(key) ?? { last: Promise.resolve(), seq: 0 };
    const seq = before.seq + 1;
    const run = async () => {
      try {
        const answer = await save();
        if (keys.get(key)?.seq === seq) await apply(answer);
      } catch (error) {
        await fail(error);
      }
    };
    const last = before.last.then(run);
    keys.set(key, { last, seq });
    return last.then(() => keys.get(key)?.seq === seq);
  };
}
