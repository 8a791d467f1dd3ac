/**
 * Between hands: who will be dealt in, the auto-rebuys due first (T-6), and
 * what a player has on the table. The room asks these before it deals and
 * before it takes money; the rules stay here.
 */
import type { Card } from "../cards";
import { deckOf } from "../eval/ranking";
import { nextHandConfig } from "./dealers-choice";
import { handInProgress, occupantOf } from "./support";
import { applyTable } from "./table";
import type { Occupant, TableState } from "./types";

/** T-6: a top-up the room funds through the ledger before the deal (`addChips`, then `sitIn` when `sitIn`). */
export interface Rebuy {
  playerId: string;
  seat: number;
  amount: number;
  /** The player was busted (sat out with no chips): he is sat back in once the chips arrive. */
  sitIn: boolean;
}

/** A busted player (no chips at all) whose auto-rebuy will buy him back in before the deal. */
export const awaitsRebuy = (o: Occupant): boolean =>
  o.stack + o.pendingChips === 0 && (o.autoRebuy ?? null) !== null;

const occupants = (state: TableState): Occupant[] =>
  state.seats.filter((o): o is Occupant => o !== null);

/**
 * T-6: the top-ups to make before the next hand: players who asked for
 * auto-rebuy, are (or, busted, were) playing and are below their amount,
 * within the table maximum.
 */
export function rebuysDue(state: TableState): Rebuy[] {
  // H-3: a table closed for time takes no more money.
  if (handInProgress(state) || state.homeGame?.closed) return [];
  const due: Rebuy[] = [];
  for (const o of occupants(state)) {
    const upTo = o.autoRebuy ?? null;
    if (upTo === null || o.leaving) continue;
    const busted = awaitsRebuy(o);
    if (o.status !== "active" && !busted) continue;
    const target = Math.min(upTo, state.config.maxBuyIn);
    const have = o.stack + o.pendingChips;
    if (have < target)
      due.push({ playerId: o.playerId, seat: o.seat, amount: target - have, sitIn: busted });
  }
  return due;
}

/**
 * Whether a hand could be dealt now (after the rebuys due). Who is dealt in
 * (players waiting for the big blind, say) is the deal's own rule, so it is
 * asked with a dry run; busted players whose auto-rebuy will buy them back
 * in count as ready. At a home game with an end time (H-3) pass `now`: once
 * the time has come, true means `startHand` will close the table.
 */
export function readyToDeal(state: TableState, now?: number): boolean {
  if (handInProgress(state) || state.homeGame?.closed) return false;
  const players = occupants(state).filter((o) => !o.leaving);
  if (players.some(awaitsRebuy))
    return (
      players.filter((o) => (o.status === "active" && o.stack > 0) || awaitsRebuy(o)).length >= 2
    );
  const deck = deckOfTable(state);
  return applyTable(state, { type: "startHand", deck, ...(now !== undefined && { now }) }).ok;
}

/**
 * The whole deck of the game being played, or between hands of the game about
 * to be dealt: 52 cards, or 32 (7–A), plus the jokers of its wild cards. At
 * dealer's choice that is the orbit's game, which may have a deck of its own
 * (a 7–A or joker draw game chosen after hold'em); while the button has still
 * to choose, the deck of the table's first game (no hand is dealt before he does).
 */
export function deckOfTable(state: TableState): Card[] {
  if (handInProgress(state) && state.hand) {
    const { deckType, wild } = state.hand.rules;
    return deckOf({ deckType, wild });
  }
  const { deckType, wild } = nextHandConfig(state) ?? state.config.hand;
  return deckOf({ deckType: deckType ?? "52", wild: wild ?? "none" });
}

/**
 * Chips that are a player's at this table, for the cashier's "broke" check:
 * during a hand, what he brought into it (chips in the pot may yet come back
 * to him), plus chips waiting for the next hand.
 */
export function chipsOfPlayer(state: TableState, playerId: string): number {
  const occupant = occupantOf(state, playerId);
  return occupant ? occupant.stack + occupant.pendingChips : 0;
}

/** Chips a seated player has on the table: his stack (as it is now during a hand) plus chips waiting for the next hand. */
export function liveStack(state: TableState, playerId: string): number {
  const occupant = occupantOf(state, playerId);
  if (!occupant) return 0;
  const live = handInProgress(state)
    ? state.hand?.players.find((p) => p.seat === occupant.seat)
    : undefined;
  return (live ? live.stack : occupant.stack) + occupant.pendingChips;
}
