import { seededFloats } from "@felt/fairness/testing";
/** Seeded random 7-card hands for `felt bench eval`: the same hands every run. */

/** `count` hands of 7 distinct cards (0–51), packed 7 to a hand. */
export function randomHands(count: number, seed: number): Uint8Array {
  const random = seededFloats(seed);
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
