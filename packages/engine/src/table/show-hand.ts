/**
 * S-2 (the showdown plays itself): a player's "show my hand" choice, which
 * shows his hand at the showdown even when it is beaten, and the Show button
 * after the hand, for a hand that was mucked or won uncalled, until the next
 * one is dealt.
 */
import { apply as applyHand, type HandState } from "../hand";
import { accepted, fail, occupantOf } from "./support";
import type { TableResult, TableState } from "./types";

/** What the check reads of a hand: the engine's state and a player's view both have it. */
type HandOutcome = {
  readonly phase: string;
  readonly players: readonly { seat: number; folded: boolean; shown: boolean }[];
};

/**
 * Whether the player in `seat` may still show his hand: the hand is over and
 * his hand was not folded nor shown (it was mucked at the showdown, or it won
 * uncalled).
 */
export function canShowAfterHand(hand: HandOutcome | null, seat: number): boolean {
  if (hand?.phase !== "complete") return false;
  const me = hand.players.find((p) => p.seat === seat);
  return me !== undefined && !me.folded && !me.shown;
}

/** The Show button after the hand: the cards are turned up for everyone (the hand's result stands). */
export function showAfterHand(state: TableState, playerId: string): TableResult {
  const occupant = occupantOf(state, playerId);
  if (!occupant) return fail("not_seated", "buy in at this table first");
  const hand = state.hand;
  if (!hand || !canShowAfterHand(hand, occupant.seat))
    return fail(
      "nothing_to_show",
      "only a hand mucked at the showdown or won uncalled may be shown, until the next hand",
    );
  const players = hand.players.map((p) =>
    p.seat === occupant.seat ? { ...p, shown: true, mucked: false } : p,
  );
  const cards = hand.players.find((p) => p.seat === occupant.seat)?.holeCards.slice() ?? [];
  return accepted(state, { hand: { ...hand, players } }, [
    {
      type: "handEvent",
      handNumber: state.handNumber,
      event: { type: "handShown", seat: occupant.seat, cards },
    },
  ]);
}

/**
 * The "show my hand" choice, before or during a hand; it stays until he
 * changes it. Only the seat changes: the hand takes it with its next action
 * (`withShowChoices`), so nobody's clock or pending decision is disturbed.
 * No event: nobody else needs to know.
 */
export function setShowMyHand(state: TableState, playerId: string, show: unknown): TableResult {
  const occupant = occupantOf(state, playerId);
  if (!occupant) return fail("not_seated", "you are not seated at this table");
  if (typeof show !== "boolean") return fail("invalid_command", "show is a boolean");
  const seats = state.seats.slice();
  seats[occupant.seat - 1] = { ...occupant, showMyHand: show };
  return accepted(state, { seats }, []);
}

/**
 * The hand with every seat's "show my hand" choice as the seats have it now:
 * applied just before each of the hand's commands, so the showdown that
 * command may play reads them, and a replay of the hand's commands does too.
 */
export function withShowChoices(state: TableState, hand: HandState): HandState {
  let current = hand;
  for (const p of hand.players) {
    const show = state.seats[p.seat - 1]?.showMyHand === true;
    if (show === (p.atShowdown === "show") || p.folded) continue;
    const result = applyHand(current, { type: "showMyHand", seat: p.seat, show });
    if (result.ok) current = result.state;
  }
  return current;
}
