/**
 * The dealer's hands on the cards. These functions work on the machine's working copy of
 * the state (see machine.ts) and stop, asking for a reshuffle, when the stub runs short.
 */
import { type Card, rankOf } from "../cards";
import { bestHand, hasGame } from "./combinations";
import {
  CARDS_PER_BOX,
  type DealerState,
  type Improvement,
  type RussianEvent,
  type RussianState,
} from "./types";

function draw(state: RussianState, count: number): Card[] {
  if (state.stub.length < count) throw new Error("drew past the end of the stub");
  const cards = state.stub.slice(0, count);
  state.stub = state.stub.slice(count);
  return cards;
}

const drawOne = (state: RussianState): Card => draw(state, 1)[0] as Card;

/**
 * RP-3: five cards to each box with bets and to the dealer, one at a time clockwise
 * (box 0 first, the dealer last); the dealer's last card is dealt face up.
 */
export function dealInitialCards(state: RussianState): RussianEvent {
  const seated = state.boxes.filter((box) => box.status === "staked");
  for (let round = 0; round < CARDS_PER_BOX; round++) {
    for (const box of seated) box.cards.push(drawOne(state));
    state.dealer.cards.push(drawOne(state));
  }
  const upCard = state.dealer.cards[CARDS_PER_BOX - 1] as Card;
  state.dealer.upCard = upCard;
  for (const box of seated) {
    box.firstFive = [...box.cards];
    box.status = box.closed ? "playing" : "deciding";
  }
  return { type: "cardsDealt", boxes: seated.map((box) => box.box), dealerUpCard: upCard };
}

function stallForReshuffle(state: RussianState, cardsNeeded: number, events: RussianEvent[]): void {
  if (state.stub.length + state.discards.length < cardsNeeded) {
    throw new Error("not enough cards left in stub and discards"); // impossible with 52 cards
  }
  if (state.phase !== "decisions" && state.phase !== "noGameChoices") {
    throw new Error(`cannot stall for a reshuffle during ${state.phase}`);
  }
  state.resumePhase = state.phase;
  state.phase = "awaitingReshuffle";
  events.push({
    type: "reshuffleRequired",
    needed: cardsNeeded,
    discardCount: state.discards.length,
  });
}

/**
 * RP-4: exchanges and sixth cards, dealt from the last box backwards. Returns false when it
 * stopped for a reshuffle; called again afterwards it carries on where it stopped, because
 * the boxes still waiting are exactly those with an improvement pending. Boxes already
 * served stay `improving` until the pass is over, so nobody decides in the middle of it.
 */
export function dealImprovements(state: RussianState, events: RussianEvent[]): boolean {
  const waiting = state.boxes
    .filter((box) => box.status === "improving" && box.pendingImprovement !== null)
    .sort((a, b) => b.box - a.box);
  for (const box of waiting) {
    const improvement = box.pendingImprovement as Improvement;
    const needed = improvement.kind === "exchange" ? improvement.discard.length : 1;
    if (state.stub.length < needed) {
      stallForReshuffle(state, needed, events);
      return false;
    }
    if (improvement.kind === "exchange") {
      // New cards take the discarded cards' places; the discards join the pile only now,
      // so a reshuffle never hands a box back its own discards.
      box.cards = box.cards.map((card) =>
        improvement.discard.includes(card) ? drawOne(state) : card,
      );
      state.discards.push(...improvement.discard);
      events.push({ type: "cardsExchanged", box: box.box, count: improvement.discard.length });
    } else {
      box.cards.push(drawOne(state));
      events.push({ type: "sixthCardDealt", box: box.box });
    }
    box.pendingImprovement = null;
  }
  for (const box of state.boxes) if (box.status === "improving") box.status = "deciding";
  return true;
}

const highestCard = (cards: readonly Card[]): Card =>
  cards.reduce((high, card) => (rankOf(card) > rankOf(high) ? card : high));

/** RP-8: the first swap, then one free swap only if the new card matched the rank swapped out. */
function anotherSwapDue(dealer: DealerState): boolean {
  const [first, second] = dealer.swaps;
  if (first === undefined) return true;
  if (second !== undefined) return false;
  return rankOf(first.in) === rankOf(first.out) && !hasGame(bestHand(dealer.cards));
}

/**
 * RP-8 "buy a game": the dealer swaps his highest card for the next card of the deck.
 * Done once for every box that bought (one dealer hand), so it is resumable like the above.
 */
export function swapForBoughtGame(state: RussianState, events: RussianEvent[]): boolean {
  const { dealer } = state;
  while (anotherSwapDue(dealer)) {
    if (state.stub.length < 1) {
      stallForReshuffle(state, 1, events);
      return false;
    }
    const out = highestCard(dealer.cards);
    const incoming = drawOne(state);
    dealer.cards = dealer.cards.map((card) => (card === out ? incoming : card));
    state.discards.push(out);
    const swap = { out, in: incoming, free: dealer.swaps.length === 1 };
    dealer.swaps.push(swap);
    events.push({ type: "dealerCardSwapped", ...swap });
  }
  const hand = bestHand(dealer.cards);
  events.push({
    type: "dealerGameBought",
    cards: [...dealer.cards],
    category: hand.category,
    hasGame: hasGame(hand),
  });
  return true;
}
