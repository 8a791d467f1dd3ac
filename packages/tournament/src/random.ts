/**
 * Randomness comes in from the caller, so a seat draw replays exactly from
 * its command. The caller draws one integer per Fisher–Yates step, each
 * already bounded (`shuffleBounds`): the room uses `crypto.getRandomValues`
 * with rejection sampling (docs/architecture.md#randomness-and-fairness), so
 * there is no modulo bias here, and the integers are plain JSON in the stored
 * command.
 *
 * `seededRandom` is a deterministic generator for tests, simulations and
 * bots; it is never used for a real draw.
 */
import { failure, type Outcome } from "./result";

/** What `shuffle` needs for n items: `randomInts[k]` in `[0, bounds[k])`, i.e. `[0, n − k)`. */
export function shuffleBounds(n: number): number[] {
  return Array.from({ length: Math.max(0, n - 1) }, (_, k) => n - k);
}

/**
 * Fisher–Yates from the front: step k swaps item k with item `k + randomInts[k]`.
 * Every permutation has exactly one list of integers, so uniform integers give a uniform shuffle.
 */
export function shuffle<T>(
  items: readonly T[],
  randomInts: readonly number[],
): Outcome<{ items: T[] }> {
  const n = items.length;
  const bounds = shuffleBounds(n);
  if (!Array.isArray(randomInts) || randomInts.length !== bounds.length) {
    return failure(
      "bad_randomness",
      `shuffling ${n} items takes ${bounds.length} random integers, got ${Array.isArray(randomInts) ? randomInts.length : "none"}`,
    );
  }
  const out = items.slice();
  for (let k = 0; k < bounds.length; k++) {
    const r = randomInts[k];
    const bound = bounds[k] as number;
    if (typeof r !== "number" || !Number.isInteger(r) || r < 0 || r >= bound) {
      return failure(
        "bad_randomness",
        `random integer ${k} must be in [0, ${bound}), got ${String(r)}`,
      );
    }
    const j = k + r;
    const held = out[k] as T;
    out[k] = out[j] as T;
    out[j] = held;
  }
  return { ok: true, items: out };
}

export interface SeededRandom {
  /** A uniform integer in [0, bound), bound ≤ 2^32. */
  nextInt(bound: number): number;
  /** The next raw 32-bit value. */
  nextUint32(): number;
}

/** Mulberry32: small, fast and good enough for simulations; not for real money draws. */
export function seededRandom(seed: number): SeededRandom {
  let a = seed >>> 0;
  const nextUint32 = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const nextInt = (bound: number): number => {
    if (!Number.isInteger(bound) || bound < 1 || bound > 2 ** 32) {
      throw new RangeError(`bound must be an integer in [1, 2^32], got ${bound}`);
    }
    // Rejection sampling: drop the top sliver that would favour small values.
    const limit = 2 ** 32 - (2 ** 32 % bound);
    for (;;) {
      const x = nextUint32();
      if (x < limit) return x % bound;
    }
  };
  return { nextInt, nextUint32 };
}

/** Integers for the given bounds from a seed: `seededRandomInts(seed, shuffleBounds(n))`. */
export function seededRandomInts(seed: number, bounds: readonly number[]): number[] {
  const random = seededRandom(seed);
  return bounds.map((bound) => random.nextInt(bound));
}
