/**
 * How a pot is divided among tied winners, pluggable like PokerKit's rules.
 * `winners` must be in order clockwise from the button (first left of it);
 * the result gives each winner's share in that order and sums to `amount`.
 */
export type SplitRule = (amount: number, winners: readonly number[]) => number[];

/** SP-2: equal shares; the odd chips go one each to the winners clockwise from the button. */
export const onePerWinner: SplitRule = (amount, winners) => {
  const share = Math.floor(amount / winners.length);
  const odd = amount - share * winners.length;
  return winners.map((_, i) => share + (i < odd ? 1 : 0));
};

/** PokerKit: equal shares, the whole remainder to the first winner from the left of the button. */
export const remainderToFirst: SplitRule = (amount, winners) => {
  const share = Math.floor(amount / winners.length);
  const odd = amount - share * winners.length;
  return winners.map((_, i) => share + (i === 0 ? odd : 0));
};
