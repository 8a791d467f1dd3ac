/**
 * Random play for `felt bench engine`: one betting policy (driven by the
 * seeded generator of `@felt/fairness/testing`) for both our engine and its
 * peers, so that they play hands of the same shape.
 */

export type Choice = "fold" | "passive" | "aggressive";

/** 15 % fold (when facing a bet), 55 % check or call, 30 % bet or raise (when allowed). */
export function chooseAction(random: () => number): Choice {
  const r = random();
  return r < 0.15 ? "fold" : r < 0.7 ? "passive" : "aggressive";
}

/** Raise-to amount: the minimum half the time, all-in a tenth of the time, otherwise anything between. */
export function chooseAmount(random: () => number, min: number, max: number): number {
  const r = random();
  if (r < 0.5 || max <= min) return min;
  if (r < 0.6) return max;
  return min + Math.floor(random() * (max - min + 1));
}

/** Fisher–Yates over 0…51 (our card encoding), in place: startHand copies the deck it is given. */
export function shuffleDeck(deck: number[], random: () => number): number[] {
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const card = deck[i] as number;
    deck[i] = deck[j] as number;
    deck[j] = card;
  }
  return deck;
}
