/**
 * Showing a hand that won uncalled: when everyone else folded, the winner's
 * cards stay hidden (nobody called to see them), but he may choose to show
 * them once the hand is over, until the next one is dealt.
 */
import { accepted, fail, occupantOf } from "./support";
import type { TableResult, TableState } from "./types";

/** What the check reads of a hand: the engine's state and a player's view both have it. */
type HandOutcome = {
  readonly phase: string;
  readonly players: readonly {
    seat: number;
    folded: boolean;
    shown: boolean;
    mucked: boolean;
  }[];
};

/** Whether the player in `seat` won the hand uncalled and has not shown it yet. */
export function canShowUncalled(hand: HandOutcome | null, seat: number): boolean {
  if (hand?.phase !== "complete") return false;
  const me = hand.players.find((p) => p.seat === seat);
  if (!me || me.folded || me.shown || me.mucked) return false;
  return hand.players.every((p) => p.seat === seat || p.folded);
}

export function showUncalled(state: TableState, playerId: string): TableResult {
  const occupant = occupantOf(state, playerId);
  if (!occupant) return fail("not_seated", "buy in at this table first");
  const hand = state.hand;
  if (!hand || !canShowUncalled(hand, occupant.seat))
    return fail("nothing_to_show", "only a hand that won uncalled may be shown after it ends");
  const players = hand.players.map((p) => (p.seat === occupant.seat ? { ...p, shown: true } : p));
  const cards = hand.players.find((p) => p.seat === occupant.seat)?.holeCards.slice() ?? [];
  return accepted(state, { hand: { ...hand, players } }, [
    {
      type: "handEvent",
      handNumber: state.handNumber,
      event: { type: "handShown", seat: occupant.seat, cards },
    },
  ]);
}
