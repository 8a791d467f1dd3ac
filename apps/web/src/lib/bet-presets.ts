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
};

const FRACTIONS: Array<[string, number, number]> = [
  ["½ pot", 1, 2],
  ["¾ pot", 3, 4],
  ["Pot", 1, 1],
];

export function betPresets({ totalPot, highestBet, ownBet, min, max }: PresetInput): Preset[] {
  const toCall = highestBet - ownBet;
  const potAfterCall = totalPot + toCall;
  const presets: Preset[] = [];
  for (const [label, numerator, denominator] of FRACTIONS) {
    // Integer chips: round down, then keep it legal.
    const raw = highestBet + Math.floor((potAfterCall * numerator) / denominator);
    const amount = Math.min(max, Math.max(min, raw));
    if (!presets.some((p) => p.amount === amount)) presets.push({ label, amount });
  }
  if (!presets.some((p) => p.amount === max)) presets.push({ label: "All-in", amount: max });
  else presets[presets.findIndex((p) => p.amount === max)] = { label: "All-in", amount: max };
  return presets;
}

/** Snap a slider value to a legal whole amount. */
export function clampAmount(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.round(value)));
}
