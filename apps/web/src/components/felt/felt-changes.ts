import type { TableView } from "@felt/engine";
import type { PotAward } from "@felt/protocol";

/** Chips that moved on the felt: whose, and how many. */
export type ChipMove = { seat: number; amount: number };

/** What the felt should show moving between two states the viewer saw, one after the other. */
export type FeltChanges = {
  /** The bets of a betting round that ended, gathered into the pot. */
  gathered: ChipMove[];
  /** What the pots paid, by winner (every pot he won, together): the hand just ended. */
  paid: ChipMove[];
  /** Seats whose bet grew within the same betting round (a bet, a call, a raise). */
  wagered: number[];
};

const NONE: FeltChanges = { gathered: [], paid: [], wagered: [] };

/** Every winner's share of the awards, pots added up, in seat order. */
export function paidBy(awards: readonly PotAward[]): ChipMove[] {
  const total = new Map<number, number>();
  for (const award of awards)
    for (const winner of award.winners)
      total.set(winner.seat, (total.get(winner.seat) ?? 0) + winner.amount);
  return [...total]
    .filter(([, amount]) => amount > 0)
    .sort(([a], [b]) => a - b)
    .map(([seat, amount]) => ({ seat, amount }));
}

/**
 * The chip movements between two views of the table (`before` the one shown
 * until now). Only within one hand: a new hand, a first snapshot or a
 * reconnect shows where things are, without replaying how they got there.
 * Several changes may arrive in one state (an all-in run-out): the bets then
 * go to the pot and the pot to the winners together.
 */
export function feltChanges(before: TableView | null, after: TableView): FeltChanges {
  const was = before?.hand;
  const is = after.hand;
  if (!before || !was || !is || before.handNumber !== after.handNumber) return NONE;
  if (was.phase === "complete") return NONE;
  const over = is.phase === "complete";
  const roundEnded = over || was.street !== is.street;
  const gathered = roundEnded
    ? was.players.filter((p) => p.bet > 0).map((p) => ({ seat: p.seat, amount: p.bet }))
    : [];
  const wagered = roundEnded
    ? []
    : is.players
        .filter((p) => p.bet > (was.players.find((q) => q.seat === p.seat)?.bet ?? 0))
        .map((p) => p.seat);
  return { gathered, paid: over ? paidBy(is.awards) : [], wagered };
}
