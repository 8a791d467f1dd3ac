/**
 * Randomness comes in from the caller, so a seat draw replays exactly from
 * its command. The caller draws one integer per Fisher–Yates step, each
 * already bounded (`shuffleBounds`): the room uses `crypto.getRandomValues`
 * with rejection sampling (docs/architecture.md#randomness-and-fairness), so
 * there is no modulo bias here, and the integers are plain JSON in the stored
 * command.
 *
 * Tests and simulations take their integers from the one seeded generator,
 * `seededInts` of `@felt/fairness/testing`; it is never used for a real draw.
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
