/**
 * THE seeded generator of the code base: simulations, tests, benches and bots use it (the
 * engine's own through this module, everything else through `@felt/fairness/testing`), never
 * a real deal, which takes the platform's CSPRNG (`@felt/fairness`'s `uniformInts`). STYLE:
 * no Math.random in the engine, so a run replays from its seed. sfc32 (Chris Doty-Humphrey's Small Fast Chaotic generator, 128-bit state)
 * passes PractRand and costs a few 32-bit operations a number, which matters at 10^7 rounds.
 */
import type { Card } from "./cards";

export interface SeededRandom {
  /** A uniform 32-bit unsigned integer. */
  nextUint32(): number;
  /** A uniform integer in [0, bound), without modulo bias; bound ≤ 2^32. */
  nextInt(bound: number): number;
}

const TWO_POW_32 = 2 ** 32;
/** 2^32 mod bound for the bounds a shuffle uses, worked out once. */
const SMALL_BOUNDS = 64;
const THRESHOLDS = Float64Array.from({ length: SMALL_BOUNDS }, (_, bound) =>
  bound === 0 ? 0 : TWO_POW_32 % bound,
);

/** splitmix32's finaliser: turns nearby seeds into unrelated 32-bit words. */
function mix32(value: number): number {
  let z = value | 0;
  z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
  z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
  return (z ^ (z >>> 15)) >>> 0;
}

/**
 * A generator for one stream of a seed. Streams let a long run be cut into chunks that can
 * be played in any order (or on several threads) and still give the same result.
 */
export function seededRandom(seed: number, stream = 0): SeededRandom {
  if (!Number.isSafeInteger(seed) || !Number.isSafeInteger(stream) || stream < 0) {
    throw new Error("seed and stream must be safe integers, the stream non-negative");
  }
  // Both 32-bit halves of the seed count, so 1 and 2^32 + 1 are different seeds.
  const seedLow = seed >>> 0;
  const seedHigh = Math.floor(seed / TWO_POW_32) >>> 0;
  const streamLow = stream >>> 0;
  const streamHigh = Math.floor(stream / TWO_POW_32) >>> 0;
  // The state lives in a typed array: 32-bit values in closure variables would be boxed as
  // heap numbers on every write (they overflow V8's small integers), five times slower.
  const state = new Int32Array(4);
  state[0] = mix32(seedLow ^ 0x9e3779b9);
  state[1] = mix32(seedHigh ^ mix32((state[0] as number) + 0x6a09e667));
  state[2] = mix32(streamLow ^ mix32((state[1] as number) + 0xbb67ae85));
  state[3] = mix32(streamHigh ^ mix32((state[2] as number) + 0x3c6ef372));

  const nextUint32 = (): number => {
    const a = state[0] as number;
    const b = state[1] as number;
    const c = state[2] as number;
    const d = state[3] as number;
    const result = (((a + b) | 0) + d) | 0;
    state[3] = (d + 1) | 0;
    state[0] = b ^ (b >>> 9);
    state[1] = (c + (c << 3)) | 0;
    state[2] = (((c << 21) | (c >>> 11)) + result) | 0;
    return result >>> 0;
  };
  // The author's recommended warm-up: the first outputs of a fresh state are correlated.
  for (let i = 0; i < 15; i++) nextUint32();

  return {
    nextUint32,
    nextInt(bound: number): number {
      // Lemire's multiply-and-reject: the top 32 bits of value × bound, rejecting the few
      // products whose low 32 bits fall under 2^32 mod bound, which would favour some results.
      // Doubles hold the 38-bit product exactly, and this avoids two slow float modulos.
      const threshold = bound < SMALL_BOUNDS ? (THRESHOLDS[bound] as number) : TWO_POW_32 % bound;
      for (;;) {
        const product = nextUint32() * bound;
        const result = Math.floor(product / TWO_POW_32);
        if (product - result * TWO_POW_32 >= threshold) return result;
      }
    },
  };
}

/**
 * Fisher–Yates, front to back, in place. A front-to-back pass fixes position i at step i, so
 * stopping after `positions` steps leaves the first `positions` cards a uniform random draw
 * from the whole deck (whatever order it was in before); the full pass shuffles everything.
 */
export function shuffleInPlace(
  deck: Card[],
  random: SeededRandom,
  positions = deck.length - 1,
): Card[] {
  const steps = Math.min(positions, deck.length - 1);
  for (let i = 0; i < steps; i++) {
    const j = i + random.nextInt(deck.length - i);
    const card = deck[i] as Card;
    deck[i] = deck[j] as Card;
    deck[j] = card;
  }
  return deck;
}

/** Floats in [0, 1) from a seed, for code written against `Math.random`'s shape. */
export function seededFloats(seed: number): () => number {
  const random = seededRandom(seed);
  return () => random.nextUint32() / TWO_POW_32;
}
