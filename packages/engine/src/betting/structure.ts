/**
 * A betting structure answers four questions about the moment a player acts:
 * the smallest and largest bet or raise (as raise-to totals), whether the cap
 * is reached, and whether an increment counts as a full raise (so it reopens
 * the betting, B-3/B-6). The hand state machine owns the round's bookkeeping
 * and asks these; no-limit, pot-limit and fixed-limit differ only here.
 */
export type BettingKind = "no-limit" | "pot-limit" | "fixed-limit";

export interface BettingSituation {
  /** The minimum opening bet in no-limit and pot-limit (B-2). */
  readonly bigBlind: number;
  /** Fixed-limit unit on this street: small bet pre-flop and flop, big bet turn and river (B-6). */
  readonly unit: number;
  /** Fixed limit, stud's open pair (ST-4, ST-5): a bet or raise may also be by this larger unit. */
  readonly largerUnit?: number;
  /** Fixed-limit bets per round including the opening one; null = no cap (or lifted heads-up). */
  readonly raiseCap: number | null;
  /** The amount to match this round. */
  readonly highestBet: number;
  /**
   * The bet the last full bet or raise reached (pre-flop the big blind, 0
   * before anyone bets); only short all-ins stand between it and `highestBet`.
   */
  readonly fullBetTo: number;
  /** The largest full bet or raise increment so far this round (the opening size when none). */
  readonly fullRaise: number;
  /** Bets and raises made this round that count toward the cap. */
  readonly betCount: number;
  /** Every chip committed so far, antes and this round's bets included (B-5). */
  readonly pot: number;
  /** The acting player's wager this round. */
  readonly playerBet: number;
}

export interface BettingStructure {
  readonly kind: BettingKind;
  /** The full-bet size a round opens with; pre-flop the big blind stands as that bet. */
  openingSize(bigBlind: number, unit: number): number;
  /** Smallest legal bet/raise-to, before clipping to the player's stack (all-in for less is always allowed). */
  minRaiseTo(situation: BettingSituation): number;
  /** Largest legal bet/raise-to, before clipping to the player's stack. */
  maxRaiseTo(situation: BettingSituation): number;
  capReached(situation: BettingSituation): boolean;
  /** Whether facing `increment` above one's own bet is a full raise, so the betting is reopened (B-3, B-6). */
  countsAsFullRaise(increment: number, situation: BettingSituation): boolean;
  /**
   * How many bets toward the cap a bet or raise to `to` counts for: 0 for a
   * short all-in (it neither reopens the betting nor counts), 2 for a
   * fixed-limit raise over a completed short all-in (B-6).
   */
  betsCounted(to: number, situation: BettingSituation): number;
}
