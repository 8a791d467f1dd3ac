/**
 * The draw (docs/rules.md#five-card-draw, from text 004): after the first
 * round, each player still in (all-in players too) discards 0–5 cards in turn
 * from the left of the button and is dealt as many from the stub. How many
 * each drew is public (S-3); which cards, private.
 *
 * When the stub runs short the dealer shuffles the discards (and folded
 * hands), never the drawing player's own, into a new stub. The shuffle is
 * randomness, so it comes in as a `reshuffle` command: the state says what
 * to shuffle (`needsReshuffle.cards`) and the engine stays pure. The new
 * stub is appended to `deck`, whose first cards stay the deck the hand was
 * dealt from (`dealtDeck`).
 */
import { type Card, formatCard } from "../cards";
import { type Draft, playerAt, positionFromButton, updatePlayer } from "./draft";
import { isPermutationOf } from "./draw-deck";
import { handError } from "./errors";
import type { HandError, HandEvent, HandState } from "./types";

const MOST_DISCARDS = 5;

/** The next player to draw at or after dealing position `from` (0 = left of the button), or −1 when all have. */
function drawerFrom(state: Pick<HandState, "players" | "buttonIndex">, from: number): number {
  const n = state.players.length;
  for (let k = from; k < n; k++) {
    const i = (state.buttonIndex + 1 + k) % n;
    if (!playerAt(state.players, i).folded) return i;
  }
  return -1;
}

/** The draw begins: the first player still in from the left of the button. */
export function beginDraw(d: Draft): void {
  d.phase = "draw";
  const first = drawerFrom(d, 0);
  d.toAct = first >= 0 ? playerAt(d.players, first).seat : null;
}

/**
 * How many cards the player to draw may discard: five, unless the stub and
 * the discards together hold fewer (a short deck with many players: 6 players
 * on the 7–A deck leave a stub of 2), since his own cards never come back.
 */
export const drawLimit = (state: Pick<HandState, "deck" | "nextCard" | "muck">): number =>
  Math.min(MOST_DISCARDS, state.deck.length - state.nextCard + state.muck.length);

const describe = (card: unknown): string =>
  typeof card === "number" && Number.isInteger(card) && card >= 0 && card <= 53
    ? formatCard(card)
    : (JSON.stringify(card) ?? String(card));

/** The discard as given, checked: the player's own cards, each once, no more than the limit. */
export function verifyDiscard(
  state: HandState,
  index: number,
  discard: unknown,
): Card[] | HandError {
  if (!Array.isArray(discard))
    return handError(
      "invalid_discard",
      "discard is an array of the player's own cards ([] to stand pat)",
    );
  if (discard.length > MOST_DISCARDS)
    return handError("too_many_discards", `at most ${MOST_DISCARDS} cards, got ${discard.length}`);
  const hole = playerAt(state.players, index).holeCards;
  const seen = new Set<unknown>();
  for (const card of discard) {
    if (seen.has(card)) return handError("invalid_discard", `${describe(card)} is discarded twice`);
    if (!hole.includes(card as Card))
      return handError("invalid_discard", `${describe(card)} is not in the player's hand`);
    seen.add(card);
  }
  const limit = drawLimit(state);
  if (discard.length > limit) {
    return handError(
      "too_many_discards",
      `only ${limit} cards are left to draw from (the stub and the other players' discards)`,
    );
  }
  return discard.slice() as Card[];
}

export function verifyReshuffle(state: HandState, order: unknown): HandError | null {
  const need = state.needsReshuffle;
  if (need === null) return handError("invalid_reshuffle", "no reshuffle is needed now");
  if (!Array.isArray(order) || !isPermutationOf(order, need.cards)) {
    return handError(
      "invalid_reshuffle",
      `order must hold each of the ${need.cards.length} discards to reshuffle exactly once`,
    );
  }
  return null;
}

/**
 * The player at `index` discards and is dealt from the stub. Returns true
 * when that ended the draw; false while others still draw or a reshuffle is
 * awaited (then `needsReshuffle` is set and nobody is to act).
 */
export function drawCards(
  d: Draft,
  events: HandEvent[],
  index: number,
  discard: readonly Card[],
  timedOut: boolean,
): boolean {
  const p = playerAt(d.players, index);
  const kept = p.holeCards.filter((card) => !discard.includes(card));
  const fromStub = Math.min(discard.length, d.deck.length - d.nextCard);
  const dealt = d.deck.slice(d.nextCard, d.nextCard + fromStub);
  d.nextCard += fromStub;
  updatePlayer(d, index, { holeCards: kept.concat(dealt), drew: discard.length });
  if (fromStub < discard.length) {
    d.needsReshuffle = {
      seat: p.seat,
      cards: d.muck,
      owed: discard.length - fromStub,
      dealt,
      setAside: discard.slice(),
    };
    d.toAct = null;
    events.push({ type: "reshuffleNeeded", seat: p.seat, count: d.muck.length });
    return false;
  }
  if (discard.length > 0) d.muck = d.muck.concat(discard);
  return drawn(d, events, index, discard.slice(), dealt, timedOut);
}

/** The shuffled discards become the stub; the waiting player gets the rest of his cards. */
export function reshuffle(d: Draft, events: HandEvent[], order: readonly Card[]): boolean {
  const need = d.needsReshuffle;
  if (need === null) throw new Error("broken invariant: reshuffle without a need");
  const index = d.players.findIndex((p) => p.seat === need.seat);
  events.push({ type: "discardsReshuffled", count: order.length });
  // The new stub goes after the cards dealt so far: the deck keeps the deal it started with,
  // which is what the hand's history (startOfHand) and its proof are made from.
  const stubStart = d.deck.length;
  d.deck = d.deck.concat(order);
  d.nextCard = stubStart + need.owed;
  const more = d.deck.slice(stubStart, d.nextCard);
  // His discards were kept out of the shuffle; from now on they are discards like any other.
  d.muck = need.setAside;
  d.needsReshuffle = null;
  const p = playerAt(d.players, index);
  updatePlayer(d, index, { holeCards: p.holeCards.concat(more) });
  return drawn(d, events, index, need.setAside.slice(), need.dealt.concat(more), false);
}

function drawn(
  d: Draft,
  events: HandEvent[],
  index: number,
  discarded: Card[],
  dealt: Card[],
  timedOut: boolean,
): boolean {
  const seat = playerAt(d.players, index).seat;
  events.push({
    type: "drew",
    seat,
    count: discarded.length,
    discarded,
    dealt,
    ...(timedOut ? { timedOut: true } : {}),
  });
  const next = drawerFrom(d, positionFromButton(d, index) + 1);
  d.toAct = next >= 0 ? playerAt(d.players, next).seat : null;
  return next < 0;
}
