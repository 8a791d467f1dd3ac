/**
 * Player strategies for one open box, used by the simulator (simulate.ts). A strategy sees
 * only what the box's owner sees: his own cards, the dealer's up card, what he may still buy,
 * and, when the dealer has no game, the dealer's revealed hand (RP-8).
 *
 * - `always-play`: always places the BET; never pays for anything else; takes the ANTE.
 * - `pair-or-better`: plays ace-king or better (RP-5: ace-king ranks just below a pair),
 *   folds the rest; never pays for anything else; takes the ANTE.
 * - `akj83`: the Caribbean-stud simple strategy: plays a pair or better and any no-pair hand
 *   at least A-K-J-8-3 (compared card by card), folds the rest; never pays for anything else.
 * - `basic`: the advice of the source text (text 003); see `basicDecision` for every rule.
 */
import { type Card, rankOf, suitOf } from "../cards";
import {
  ACE_KING,
  boxPay,
  categoryOfValue,
  FOUR_OF_A_KIND,
  ONE_PAIR,
  paysFor,
  STRAIGHT,
  THREE_OF_A_KIND,
  TWO_PAIR,
  value5,
} from "./fast-eval";
import type { RussianTableOptions } from "./options";

export const STRATEGY_NAMES = ["always-play", "pair-or-better", "akj83", "basic"] as const;
export type StrategyName = (typeof STRATEGY_NAMES)[number];

/** What the owner of an open box knows when the box is deciding (RP-4). */
export interface DecisionView {
  /** The box's cards in the engine's order: five, or six after a sixth card. */
  cards: readonly Card[];
  upCard: Card;
  /** The box already exchanged or bought a sixth card this round. */
  improved: boolean;
  mayExchange: boolean;
  mayBuySixthCard: boolean;
  options: RussianTableOptions;
}

export type Decision =
  | { type: "fold" }
  /** RP-10: insurance at the smallest or largest amount the table offers, when it offers any. */
  | { type: "play"; insurance?: "min" | "max" }
  | { type: "exchange"; cards: Card[] }
  | { type: "buySixthCard" };

/** What the owner of a playing open box knows when the dealer revealed no game (RP-8). */
export interface NoGameView {
  cards: readonly Card[];
  /** The dealer's five cards, face up since the reveal. */
  dealerCards: readonly Card[];
  /** Cards this box exchanged away: its owner saw them, so they are not in the stub. */
  discarded: readonly Card[];
  ante: number;
  /** Insurance already paid at the reveal: it counts against the maximum payout (RP-11). */
  insurancePaid: number;
  options: RussianTableOptions;
}

export type NoGameChoice = "takeAnte" | "buyGame";

export interface Strategy {
  name: string;
  decide(view: DecisionView): Decision;
  /** Asked only when the engine lets the box buy a game (ace-king or better). */
  noGame(view: NoGameView): NoGameChoice;
}

const ACE = 12;
const KING = 11;
const EIGHT = 6;
const ACE_KING_RANKS = (1 << ACE) | (1 << KING);
/** The tiebreak digits evaluateFive gives A-K-J-8-3 (ranks 12, 11, 9, 6, 1 in base 13). */
const AKJ83_DIGITS = (((12 * 13 + 11) * 13 + 9) * 13 + 6) * 13 + 1;
const TIEBREAK_UNIT = 13 ** 5;

const takeAnte = (): NoGameChoice => "takeAnte";

/** The box's hand through boxPay, whose memo then serves the settlement of the same hand. */
const handOf = (cards: readonly Card[], options: RussianTableOptions) =>
  boxPay(cards, paysFor(options.payTable));
const play: Decision = { type: "play" };
const fold: Decision = { type: "fold" };

export const alwaysPlay: Strategy = {
  name: "always-play",
  decide: () => play,
  noGame: takeAnte,
};

export const pairOrBetter: Strategy = {
  name: "pair-or-better",
  decide: ({ cards, options }) => (handOf(cards, options).category >= ACE_KING ? play : fold),
  noGame: takeAnte,
};

export const akj83: Strategy = {
  name: "akj83",
  decide({ cards, options }) {
    const { value } = handOf(cards, options);
    // Straights and flushes count as "pair or better"; a no-pair hand compares card by card.
    const strong = categoryOfValue(value) >= ONE_PAIR || value % TIEBREAK_UNIT >= AKJ83_DIGITS;
    return strong ? play : fold;
  },
  noGame: takeAnte,
};

export const basic: Strategy = {
  name: "basic",
  decide: basicDecision,
  noGame: (view) => (buyingBeatsTheAnte(view) ? "buyGame" : "takeAnte"),
};

export const STRATEGIES: Readonly<Record<StrategyName, Strategy>> = Object.freeze({
  "always-play": alwaysPlay,
  "pair-or-better": pairOrBetter,
  akj83,
  basic,
});

export const isStrategyName = (name: unknown): name is StrategyName =>
  typeof name === "string" && (STRATEGY_NAMES as readonly string[]).includes(name);

/**
 * `basic`, from the source text's advice (text 003), first match wins. Improving once:
 * 1. A made five-card hand (straight, flush, full house, straight flush, royal): buy a sixth
 *    card ("having made a five-card combination you may buy a sixth card"; "dealt a straight,
 *    flush or straight flush, take the sixth card").
 * 2. Four of a kind, two pair: play (the text gives no improvement for them).
 * 3. Three of a kind: exchange the two other cards ("with a three-card combination, exchange
 *    the remaining two"); when the dealer's up card is the fourth card of that rank, exchange
 *    only the lower one ("no sense exchanging for four of a kind, but you may try to improve
 *    the higher remaining card").
 * 4. One pair with an ace and a king beside it: sixth card ("with K–A beside the pair, even the
 *    lowest pair takes the extra card"). A pair of eights or lower when the box holds a card of
 *    the up card's rank: exchange the three other cards ("holding the dealer's up card, exchange
 *    three cards with a pair of eights or lower"). Any other pair: sixth card ("with a pair,
 *    take the sixth card").
 * 5. No pair, four cards to a flush or to a straight (four to a royal included): sixth card
 *    ("take the sixth card with four to a flush, straight, straight flush or royal").
 * 6. No pair, ace-king: exchange the three other cards ("keep the high cards, exchange the low
 *    ones, without counting on a flush or straight").
 * 7. Anything else: fold ("with nothing worth anything, just fold").
 * Once improved (or when it may not improve), or after rule 2: play with ace-king or better,
 * else fold. It insures trips or better ("insure only a strong hand", RP-10 needs trips) at the
 * minimum, the BET, unless the up card is an ace or a king ("then the dealer will have a game",
 * and insurance only pays when he has none). It never buys a second improvement.
 */
export function basicDecision(view: DecisionView): Decision {
  const { cards, upCard } = view;
  const { category } = handOf(cards, view.options);
  if (!view.improved && cards.length === 5) {
    const improvement = basicImprovement(cards, category, upCard, view);
    if (improvement !== null) return improvement;
  }
  if (category < ACE_KING) return fold;
  const upRank = rankOf(upCard);
  const insure = category >= THREE_OF_A_KIND && upRank !== ACE && upRank !== KING;
  return insure ? { type: "play", insurance: "min" } : play;
}

function basicImprovement(
  cards: readonly Card[],
  category: number,
  upCard: Card,
  view: DecisionView,
): Decision | null {
  // Plain loops and masks: this runs for most of the ten million rounds of a simulation.
  const upRank = rankOf(upCard);
  if (category === FOUR_OF_A_KIND || category === TWO_PAIR) return null;
  if (category >= STRAIGHT) return view.mayBuySixthCard ? SIXTH_CARD : null;
  let ranks = 0;
  let paired = 0;
  for (const card of cards) {
    const bit = 1 << rankOf(card);
    if ((ranks & bit) !== 0) paired |= bit;
    ranks |= bit;
  }
  if (category === THREE_OF_A_KIND) {
    const kickers = cardsOutside(cards, paired).sort(byRank);
    const discard = (upRank === highBit(paired) ? kickers.slice(0, 1) : kickers) as Card[];
    return view.mayExchange ? { type: "exchange", cards: discard } : null;
  }
  const hasAceKing = (ranks & ACE_KING_RANKS) === ACE_KING_RANKS;
  if (category === ONE_PAIR) {
    if (!hasAceKing && highBit(paired) <= EIGHT && ((ranks >> upRank) & 1) !== 0) {
      return view.mayExchange ? { type: "exchange", cards: cardsOutside(cards, paired) } : null;
    }
    return view.mayBuySixthCard ? SIXTH_CARD : null;
  }
  if (fourToAFlush(cards) || fourToAStraight(ranks)) {
    return view.mayBuySixthCard ? SIXTH_CARD : null;
  }
  if (hasAceKing) {
    const discard = cardsOutside(cards, ACE_KING_RANKS);
    return view.mayExchange ? { type: "exchange", cards: discard } : null;
  }
  return fold;
}

const SIXTH_CARD: Decision = { type: "buySixthCard" };

const byRank = (a: Card, b: Card): number => rankOf(a) - rankOf(b);

const highBit = (mask: number): number => 31 - Math.clz32(mask);

/** The cards whose rank is not in `ranks` (a bit mask). */
function cardsOutside(cards: readonly Card[], ranks: number): Card[] {
  const outside: Card[] = [];
  for (const card of cards) if (((ranks >> rankOf(card)) & 1) === 0) outside.push(card);
  return outside;
}

function fourToAFlush(cards: readonly Card[]): boolean {
  let counts = 0; // four 8-bit counters, one per suit
  for (const card of cards) counts += 1 << (8 * suitOf(card));
  for (let suit = 0; suit < 4; suit++) if (((counts >> (8 * suit)) & 0xff) >= 4) return true;
  return false;
}

/** Four different ranks inside one five-rank straight window, the wheel A-2-3-4-5 included. */
function fourToAStraight(ranks: number): boolean {
  // In the wheel the ace is the card below the deuce.
  const wheel = ((ranks & 0b1111) << 1) | ((ranks >> ACE) & 1);
  if (popcount(wheel) >= 4) return true;
  for (let low = 0; low <= ACE - 4; low++) {
    if (popcount((ranks >> low) & 0b11111) >= 4) return true;
  }
  return false;
}

function popcount(mask: number): number {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count++;
  return count;
}

/**
 * RP-8 for `basic`: "buy the dealer a game with a good, profitable combination". It buys when
 * buying is expected to bring strictly more than taking the ANTE (see buyGameAdvantage).
 */
export function buyingBeatsTheAnte(view: NoGameView): boolean {
  const { win, antePaid } = noGameStakes(view);
  // Even a certain win would not beat the ANTE (a pair or ace-king at 1:1): skip the average.
  if (win - view.ante <= antePaid) return false;
  return buyGameAdvantage(view) > 0;
}

function noGameStakes(view: NoGameView) {
  const { ante, options } = view;
  const box = boxPay(view.cards, paysFor(options.payTable));
  const bet = 2 * ante;
  const budget =
    options.maxPayout === null ? Number.POSITIVE_INFINITY : options.maxPayout - view.insurancePaid;
  return {
    box,
    bet,
    antePaid: Math.max(0, Math.min(ante, budget)),
    win: Math.max(0, Math.min(bet * box.multiplier, budget)),
  };
}

/**
 * Chips expected from buying a game minus chips from taking the ANTE, averaged over every card
 * the dealer may draw: every card the box's owner has not seen (his cards, his discards and the
 * dealer's five), with RP-8's free second swap. Buying costs the 1 ANTE fee, then brings the
 * BET's pay (RP-11 cap applied) if the box beats the new game, loses ANTE and BET if the new
 * game is higher, and nothing on a stay or when the dealer still has no game.
 */
export function buyGameAdvantage(view: NoGameView): number {
  const { ante, dealerCards } = view;
  const { box, bet, antePaid, win } = noGameStakes(view);
  const known = new Uint8Array(52);
  for (const card of view.cards) known[card] = 1;
  for (const card of dealerCards) known[card] = 1;
  for (const card of view.discarded) known[card] = 1;
  // A hand without a game has five different ranks, so its highest card is unique and the
  // dealer keeps the other four whatever he draws.
  const highest = highestIndex(dealerCards);
  const outRank = rankOf(dealerCards[highest] as Card);
  const kept: Card[] = [];
  for (let index = 0; index < 5; index++) {
    if (index !== highest) kept.push(dealerCards[index] as Card);
  }
  const [k0, k1, k2, k3] = kept as [Card, Card, Card, Card];
  let unseen = 0;
  let total = 0;
  /** Draws of the swapped-out rank that leave no game: RP-8's free second swap. */
  let again = 0;
  let againTotal = 0;
  for (let card = 0; card < 52; card++) {
    if (known[card] === 1) continue;
    const value = value5(k0, k1, k2, k3, card);
    const result = buyResult(value, box.value, win, ante + bet);
    unseen += 1;
    total += result;
    if (rankOf(card) === outRank && categoryOfValue(value) < ACE_KING) {
      again += 1;
      againTotal += result;
    }
  }
  // The second swap replaces the drawn card (now the highest) by any other unseen card, so
  // for such a draw the mean is over the others: (total − own result) / (unseen − 1).
  const direct = total - againTotal;
  const secondSwaps = again === 0 ? 0 : (again * total - againTotal) / (unseen - 1);
  return (direct + secondSwaps) / unseen - ante - antePaid;
}

/** What the box gets back beyond its stakes against the dealer's bought hand. */
function buyResult(dealerValue: number, boxValue: number, win: number, stakes: number): number {
  if (categoryOfValue(dealerValue) < ACE_KING) return 0;
  if (boxValue > dealerValue) return win;
  return boxValue < dealerValue ? -stakes : 0;
}

/** Where the dealer's highest card is: the first of the highest rank, as dealing.ts picks it. */
function highestIndex(cards: readonly Card[]): number {
  let best = 0;
  for (let index = 1; index < cards.length; index++) {
    if (rankOf(cards[index] as Card) > rankOf(cards[best] as Card)) best = index;
  }
  return best;
}
