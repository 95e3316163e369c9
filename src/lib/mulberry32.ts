/**
 * mulberry32: a small deterministic generator of numbers in [0, 1), so a seeded run (a test's stream,
 * a bench's storm, a random workload) is the same every time and a failing one can be replayed from
 * its seed. Not for anything secret.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
