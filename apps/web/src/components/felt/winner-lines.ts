import type { Category, PotAward } from "@felt/protocol";

/** One line of the result: who won (several: they split it), how much, and with what hand. */
export type WinnerLine = {
  seats: number[];
  amount: number;
  /** null: the pot was won without a showdown. */
  category: Category | null;
};

/**
 * The hand's result in as few lines as it takes: a pot each, but pots won by
 * the same players with the same hand are added up (a main and a side pot
 * both to Bob read "Bob wins 300", not two lines). A split pot names each winner.
 */
export function winnerLines(awards: readonly PotAward[]): WinnerLine[] {
  const lines: WinnerLine[] = [];
  for (const award of awards) {
    const winners = award.winners.filter((w) => w.amount > 0);
    if (winners.length === 0) continue;
    const seats = winners.map((w) => w.seat).sort((a, b) => a - b);
    const amount = winners.reduce((sum, w) => sum + w.amount, 0);
    const category = winners[0]?.hand?.category ?? null;
    const same = lines.find(
      (line) => line.category === category && line.seats.join() === seats.join(),
    );
    if (same) same.amount += amount;
    else lines.push({ seats, amount, category });
  }
  return lines;
}
