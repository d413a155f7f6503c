/**
 * A small deterministic generator (mulberry32) for the demo data: the same seed gives the same
 * book, box or calendar on every first start, so the demo and the tests that read it agree.
 */
export function seededRandom(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** A whole number from lo to hi, both included. */
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const chance = (p: number) => next() < p;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join('');
  return { next, int, pick, chance, digits };
}

export type SeededRandom = ReturnType<typeof seededRandom>;
