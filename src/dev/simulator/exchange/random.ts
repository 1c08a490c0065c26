/**
 * Seeded pseudo-randomness for the simulated market. Everything derives from stable strings (symbol,
 * interval, time bucket), so the same question always gets the same answer, in every run and world.
 * Speed matters more than quality here: a long candle range hashes thousands of times.
 */

/** A 32-bit unsigned hash of the parts, stable across runs (FNV-1a, then murmur3's finaliser to mix). */
export function hash32(...parts: (string | number)[]): number {
  const text = parts.join("|");
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A number in [0, 1) fixed by the parts. */
export function unit(...parts: (string | number)[]): number {
  return hash32(...parts) / 2 ** 32;
}

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
