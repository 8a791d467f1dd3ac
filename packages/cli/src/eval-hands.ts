/** Seeded random 7-card hands for `felt bench eval`: the same hands every run. */

/** mulberry32: a small, well-mixed 32-bit PRNG; plenty for benchmark input. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` hands of 7 distinct cards (0–51), packed 7 to a hand. */
export function randomHands(count: number, seed: number): Uint8Array {
  const random = seededRandom(seed);
  const hands = new Uint8Array(count * 7);
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let h = 0; h < count; h++) {
    // Partial Fisher–Yates: the first 7 places of the deck become the hand.
    for (let i = 0; i < 7; i++) {
      const j = i + Math.floor(random() * (52 - i));
      const card = deck[j] as number;
      deck[j] = deck[i] as number;
      deck[i] = card;
      hands[h * 7 + i] = card;
    }
  }
  return hands;
}
