/**
 * Auto-muck (a player's option): at his showdown decision, a hand already
 * beaten by one shown is mucked for him, by the rule the room applies to a
 * player whose clock runs out (show what still beats or ties every hand
 * shown so far, muck the rest). A hand that ties or may still win is always
 * left to him.
 */
import {
  bestHand,
  bestOmahaHand,
  type Card,
  evaluateFive,
  type HandView,
  handRanking,
  strengthOf,
} from "@felt/engine";

/** A hand's showdown value in the hand's game (higher wins, equal splits), as the engine ranks it. */
export function showdownValue(hand: HandView, cards: readonly Card[]): number {
  if (hand.game === "omaha") return bestOmahaHand(cards, hand.board).value;
  if (hand.game === "five-card-draw") {
    const ranked = handRanking({ deckType: hand.deckType, wild: hand.wild });
    if (!ranked.ok) throw new Error(ranked.message);
    return strengthOf(evaluateFive(cards, ranked.ranking), ranked.ranking);
  }
  return bestHand([...cards, ...hand.board]).value;
}

/** Whether the viewer in `seat` is beaten by a hand shown at this showdown. */
export function beatenAtShowdown(hand: HandView, seat: number): boolean {
  const me = hand.players.find((p) => p.seat === seat);
  if (hand.phase !== "showdown" || !me?.holeCards) return false;
  const mine = showdownValue(hand, me.holeCards);
  return hand.players.some(
    (p) =>
      p.seat !== seat &&
      p.shown &&
      !p.folded &&
      !p.mucked &&
      p.holeCards !== null &&
      showdownValue(hand, p.holeCards) > mine,
  );
}
