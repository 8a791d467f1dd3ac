/**
 * `@felt/fairness/testing`: the one seeded generator that tests, benches,
 * simulations and bots use (sfc32; it lives in the engine, which may import
 * nothing of ours and needs it for its own simulations). Never for a real
 * deal: those take `uniformInts` or a committed seed.
 */
export { type SeededRandom, seededFloats, seededRandom, shuffleInPlace } from "@felt/engine";

import { seededRandom } from "@felt/engine";

/** Integers for the given bounds from a seed, e.g. `seededInts(seed, shuffleBounds(n))`. */
export function seededInts(seed: number, bounds: readonly number[]): number[] {
  const random = seededRandom(seed);
  return bounds.map((bound) => random.nextInt(bound));
}
