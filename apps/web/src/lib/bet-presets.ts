/**
 * Bet-slider presets (text 000: the bet slider): fractions of the pot, as
 * raise-to totals the server will accept. A pot-sized raise is "call, then
 * raise by the pot after calling" (B-5), and every preset is clamped to the
 * legal range, so pressing one never produces an amount the engine refuses.
 */
export type Preset = { label: string; amount: number };

export type PresetInput = {
  /** Everything in the middle, this round's bets included. */
  totalPot: number;
  /** The highest wager in this round. */
  highestBet: number;
  /** The viewer's wager in this round. */
  ownBet: number;
  /** The legal raise-to range. */
  min: number;
  max: number;
  /** The raise-to total that puts the viewer's whole stack in (his wager plus what is behind). */
  allIn: number;
};

const FRACTIONS: Array<[string, number, number]> = [
  ["½ pot", 1, 2],
  ["¾ pot", 3, 4],
  ["Pot", 1, 1],
];

export function betPresets({
  totalPot,
  highestBet,
  ownBet,
  min,
  max,
  allIn,
}: PresetInput): Preset[] {
  const toCall = highestBet - ownBet;
  const potAfterCall = totalPot + toCall;
  const presets: Preset[] = [];
  for (const [label, numerator, denominator] of FRACTIONS) {
    // Integer chips: round down, then keep it legal.
    const raw = highestBet + Math.floor((potAfterCall * numerator) / denominator);
    const amount = Math.min(max, Math.max(min, raw));
    if (!presets.some((p) => p.amount === amount)) presets.push({ label, amount });
  }
  // The top of the range is "All-in" only when it is the whole stack: in pot-limit it is the pot.
  const top = max >= allIn ? "All-in" : "Pot";
  const at = presets.findIndex((p) => p.amount === max);
  if (at < 0) presets.push({ label: top, amount: max });
  else presets[at] = { label: top, amount: max };
  return presets;
}

/** Snap a slider value to a legal whole amount. */
export function clampAmount(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/**
 * What the bet/raise button sends, and so what it says: the typed amount
 * snapped into the legal range, called all-in only when it is the whole stack
 * (a fixed-limit bet or a pot-limit pot raise at the top of the range is not).
 */
export function raiseChoice(
  typed: number,
  { min, max, allIn }: Pick<PresetInput, "min" | "max" | "allIn">,
): { amount: number; allIn: boolean } {
  const amount = clampAmount(typed, min, max);
  return { amount, allIn: amount >= allIn };
}
