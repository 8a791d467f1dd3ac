/**
 * Seeded randomness for simulations (STYLE: no Math.random in the engine, so a run replays
 * from its seed). sfc32 (Chris Doty-Humphrey's Small Fast Chaotic generator, 128-bit state)
 * passes PractRand and costs a few 32-bit operations a number, which matters at 10^7 rounds.
 */
import type { Card } from "../cards";

export interface SeededRandom {
  /** A uniform 32-bit unsigned integer. */
  nextUint32(): number;
  /** A uniform integer in [0, bound), without modulo bias; bound ≤ 2^32. */
  nextInt(bound: number): number;
}

const TWO_POW_32 = 2 ** 32;

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
  let a = mix32(seedLow ^ 0x9e3779b9);
  let b = mix32(seedHigh ^ mix32(a + 0x6a09e667));
  let c = mix32(streamLow ^ mix32(b + 0xbb67ae85));
  let d = mix32(streamHigh ^ mix32(c + 0x3c6ef372));

  const nextUint32 = (): number => {
    const result = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + result) | 0;
    return result >>> 0;
  };
  // The author's recommended warm-up: the first outputs of a fresh state are correlated.
  for (let i = 0; i < 15; i++) nextUint32();

  return {
    nextUint32,
    nextInt(bound: number): number {
      // Rejecting the top sliver of the range makes every residue equally likely.
      const limit = TWO_POW_32 - (TWO_POW_32 % bound);
      for (;;) {
        const value = nextUint32();
        if (value < limit) return value % bound;
      }
    },
  };
}

/**
 * Fisher–Yates, front to back, in place. A front-to-back pass fixes position i at step i,
 * so the whole permutation is uniform whatever order `deck` was in before.
 */
export function shuffleInPlace(deck: Card[], random: SeededRandom): Card[] {
  for (let i = 0; i < deck.length - 1; i++) {
    const j = i + random.nextInt(deck.length - i);
    const card = deck[i] as Card;
    deck[i] = deck[j] as Card;
    deck[j] = card;
  }
  return deck;
}
