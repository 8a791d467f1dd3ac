import { describe, expect, it } from "vitest";
import { type Card, formatCards, parseCard, rankOf, STANDARD_DECK } from "../cards";
import { seededRandom, shuffleInPlace } from "../seeded-random";
import { bestHand, betMultiplier, boxCombinations, compareHands, hasGame } from "./combinations";
import { DEFAULT_OPTIONS, type RussianTableOptions } from "./options";
import {
  akj83,
  alwaysPlay,
  basic,
  buyGameAdvantage,
  buyingBeatsTheAnte,
  type Decision,
  type DecisionView,
  type NoGameView,
  pairOrBetter,
  type Strategy,
} from "./strategies";
import { cards } from "./test-support";

const OPTIONS: RussianTableOptions = { ...DEFAULT_OPTIONS };

/** The first decision on a freshly dealt open box (RP-4: every option still open). */
function dealt(hand: string, up: string, extra: Partial<DecisionView> = {}): DecisionView {
  return {
    cards: cards(hand),
    upCard: parseCard(up),
    improved: false,
    mayExchange: true,
    mayBuySixthCard: true,
    options: OPTIONS,
    ...extra,
  };
}

/** The decision after an improvement: only fold or play remain (RP-4 Decision: once). */
const improved = (hand: string, up: string): DecisionView =>
  dealt(hand, up, { improved: true, mayExchange: false, mayBuySixthCard: false });

const decide = (strategy: Strategy, view: DecisionView): Decision => strategy.decide(view);
const exchange = (discard: string): Decision => ({ type: "exchange", cards: cards(discard) });
const sortedExchange = (decision: Decision): Decision =>
  decision.type === "exchange"
    ? { type: "exchange", cards: [...decision.cards].sort((a, b) => a - b) }
    : decision;
const exchanging = (discard: string): Decision => sortedExchange(exchange(discard));

const PLAY: Decision = { type: "play" };
const INSURED: Decision = { type: "play", insurance: "min" };
const FOLD: Decision = { type: "fold" };
const SIXTH: Decision = { type: "buySixthCard" };

function noGame(hand: string, dealer: string, extra: Partial<NoGameView> = {}): NoGameView {
  return {
    cards: cards(hand),
    dealerCards: cards(dealer),
    discarded: [],
    ante: 1,
    insurancePaid: 0,
    options: OPTIONS,
    ...extra,
  };
}

describe("always-play, pair-or-better, akj83", () => {
  it("always-play places the BET on anything and takes the ANTE (RP-4, RP-8)", () => {
    expect(decide(alwaysPlay, dealt("Qc9d7h4s2c", "Ah"))).toEqual(PLAY);
    expect(decide(alwaysPlay, dealt("AcAdAhAs2c", "Kh"))).toEqual(PLAY); // no insurance either
    expect(alwaysPlay.noGame(noGame("AsKsQsJsTs", "Qc9d7h4s2d"))).toBe("takeAnte");
  });

  it("RP-5 pair-or-better plays ace-king or better and folds the rest", () => {
    expect(decide(pairOrBetter, dealt("AcKd7h4s2c", "9h"))).toEqual(PLAY); // ace-king
    expect(decide(pairOrBetter, dealt("2c2d7h4s9c", "9h"))).toEqual(PLAY);
    expect(decide(pairOrBetter, dealt("9c8d7h6s5c", "9h"))).toEqual(PLAY); // straight, no pair
    expect(decide(pairOrBetter, dealt("AcQd7h4s2c", "9h"))).toEqual(FOLD);
    expect(decide(pairOrBetter, dealt("KcQdJh9s7c", "9h"))).toEqual(FOLD);
    expect(pairOrBetter.noGame(noGame("AcAdAhAs2c", "Qc9d7h4s2d"))).toBe("takeAnte");
  });

  it("akj83 plays a pair or better and A-K-J-8-3 or better, card by card", () => {
    expect(decide(akj83, dealt("AcKdJh8s3c", "9h"))).toEqual(PLAY); // the threshold itself
    expect(decide(akj83, dealt("AcKdJh8s4c", "9h"))).toEqual(PLAY);
    expect(decide(akj83, dealt("AcKdQh3s2c", "9h"))).toEqual(PLAY);
    expect(decide(akj83, dealt("AcKdJh8s2c", "9h"))).toEqual(FOLD);
    expect(decide(akj83, dealt("AcKdJh7s6c", "9h"))).toEqual(FOLD);
    expect(decide(akj83, dealt("AcKdTh9s8c", "9h"))).toEqual(FOLD); // ace-king, yet below AKJ83
    expect(decide(akj83, dealt("2c2d7h4s9c", "9h"))).toEqual(PLAY);
    expect(decide(akj83, dealt("Ac2d3h4s5c", "9h"))).toEqual(PLAY); // wheel straight
    expect(decide(akj83, dealt("Kh9h7h4h2h", "9c"))).toEqual(PLAY); // flush
  });
});

describe("basic (the source text's advice)", () => {
  it("RP-4 a made five-card hand buys a sixth card, then plays insured (RP-10)", () => {
    expect(decide(basic, dealt("9c8d7h6s5c", "2h"))).toEqual(SIXTH); // straight
    expect(decide(basic, dealt("Kh9h7h4h2h", "2c"))).toEqual(SIXTH); // flush
    expect(decide(basic, dealt("3c3d3hKsKd", "2c"))).toEqual(SIXTH); // full house
    expect(decide(basic, improved("9c8d7h6s5c2d", "2h"))).toEqual(INSURED);
  });

  it("RP-10 insurance only on trips or better, and not when the up card is an ace or a king", () => {
    expect(decide(basic, dealt("9c9d9h9s2c", "5h"))).toEqual(INSURED); // quads: play at once
    expect(decide(basic, dealt("9c9d9h9s2c", "Ah"))).toEqual(PLAY);
    expect(decide(basic, improved("9c9d9h5s2c", "Kh"))).toEqual(PLAY);
    expect(decide(basic, improved("9c9d9h5s2c", "Qh"))).toEqual(INSURED);
    expect(decide(basic, dealt("AcAdKsKh2c", "5h"))).toEqual(PLAY); // two pair: play, no insurance
  });

  it("RP-4 three of a kind exchanges the two other cards, one if the up card is the fourth", () => {
    expect(sortedExchange(decide(basic, dealt("7c7d7hKs2c", "5h")))).toEqual(exchanging("Ks2c"));
    expect(sortedExchange(decide(basic, dealt("7c7d7hKs2c", "7s")))).toEqual(exchanging("2c"));
  });

  it("RP-4 one pair: sixth card, or three cards exchanged when low and holding the up card's rank", () => {
    expect(decide(basic, dealt("9c9d7hKs2c", "5h"))).toEqual(SIXTH); // a pair of nines
    expect(decide(basic, dealt("5c5d7hJs2c", "Qh"))).toEqual(SIXTH); // low, up card not held
    expect(sortedExchange(decide(basic, dealt("5c5d7hJs2c", "Jh")))).toEqual(exchanging("7hJs2c"));
    expect(sortedExchange(decide(basic, dealt("8c8d7hJs2c", "8h")))).toEqual(exchanging("7hJs2c"));
    expect(decide(basic, dealt("9c9d7hJs2c", "Jh"))).toEqual(SIXTH); // nines are not low
    expect(decide(basic, dealt("2c2dAhKs9c", "9h"))).toEqual(SIXTH); // pair + ace-king
  });

  it("RP-4 no pair: four to a flush or a straight buys a sixth card", () => {
    expect(decide(basic, dealt("Kh9h7h4h2c", "5s"))).toEqual(SIXTH); // four to a flush
    expect(decide(basic, dealt("9c8d7h5s2c", "Ks"))).toEqual(SIXTH); // inside straight draw
    expect(decide(basic, dealt("Ac2d3h4sJc", "Ks"))).toEqual(SIXTH); // wheel draw
    expect(decide(basic, dealt("AsKsQsJs2c", "5d"))).toEqual(SIXTH); // four to a royal
  });

  it("RP-4 no pair: ace-king keeps the ace and king and exchanges the rest; junk folds", () => {
    expect(sortedExchange(decide(basic, dealt("AcKd8h4s2c", "5h")))).toEqual(exchanging("8h4s2c"));
    expect(decide(basic, dealt("QcJd8h4s2c", "5h"))).toEqual(FOLD);
  });

  it("RP-4 after improving: plays ace-king or better, folds the rest, never improves twice", () => {
    expect(decide(basic, improved("AcKd8h4s2c", "5h"))).toEqual(PLAY);
    expect(decide(basic, improved("Qc9d7h4s2c", "5h"))).toEqual(FOLD);
    expect(decide(basic, improved("9c9d7hKs2c3d", "5h"))).toEqual(PLAY);
    // exchange-then-sixth would still allow a sixth card: basic does not take it.
    const afterExchange = dealt("9c9d7hKs2c", "5h", { improved: true, mayExchange: false });
    expect(decide(basic, afterExchange)).toEqual(PLAY);
  });

  it("RP-8 buys a game only when the average over the dealer's draws beats the ANTE", () => {
    const dealer = "Qc9d7h4s2d"; // no game: he swaps the queen
    expect(buyingBeatsTheAnte(noGame("AcAd8h4s3c", dealer))).toBe(false); // pair: 1:1 at best
    expect(buyingBeatsTheAnte(noGame("AcAdKsKh3c", dealer))).toBe(false); // two pair: 2 < 2 + fee
    expect(buyingBeatsTheAnte(noGame("Kh9h6h5h3h", dealer))).toBe(true); // flush pays 5:1
    expect(buyingBeatsTheAnte(noGame("AsKsQsJsTs", dealer))).toBe(true);
    expect(basic.noGame(noGame("AsKsQsJsTs", dealer))).toBe("buyGame");
    // RP-11: with a maximum payout of 3 antes, a win is worth no more than the ANTE.
    const capped = { ...OPTIONS, maxPayout: 2 };
    expect(buyingBeatsTheAnte(noGame("AsKsQsJsTs", dealer, { options: capped }))).toBe(false);
  });

  it("RP-8 the average counts only cards its owner has not seen", () => {
    // Trips + ace-king pay 3 + 1: buying wins 8 antes whenever the dealer pairs his 9, 6, 4 or 2
    // (12 cards of 42, plus a second chance after drawing a queen), and one card never beats
    // trips: 8 × 0.31 − 1 fee > the ANTE, so buy.
    expect(buyingBeatsTheAnte(noGame("7c7d7hAsKd", "Qc9d6h4s2d"))).toBe(true);
    // Having exchanged away five of those pairing cards, its owner knows only 7 of 37 are left.
    const seen = noGame("7c7d7hAsKd", "Qc9d6h4s2d", { discarded: cards("9h9s6c6d4c") });
    expect(buyingBeatsTheAnte(seen)).toBe(false);
  });

  it("RP-8 the expected advantage matches a literal enumeration of the dealer's swaps", () => {
    const random = seededRandom(8);
    const deck = [...STANDARD_DECK];
    let checked = 0;
    while (checked < 150) {
      shuffleInPlace(deck, random, 15);
      const box = deck.slice(0, 5);
      const dealer = deck.slice(5, 10);
      if (hasGame(bestHand(dealer)) || !hasGame(bestHand(box))) continue;
      const view = noGame(formatCards(box), formatCards(dealer), {
        discarded: deck.slice(10, 10 + random.nextInt(6)),
        ante: 5,
        insurancePaid: random.nextInt(2) * 10,
        options: { ...OPTIONS, maxPayout: [null, 40, 400][random.nextInt(3)] ?? null },
      });
      expect(buyGameAdvantage(view)).toBeCloseTo(literalAdvantage(view), 9);
      checked++;
    }
  });
});

/** RP-8 as written, with the reference evaluator: swap, maybe swap again, settle, average. */
function literalAdvantage(view: NoGameView): number {
  const { ante, options } = view;
  const bet = 2 * ante;
  const combinations = boxCombinations(view.cards, options.payTable);
  const budget = options.maxPayout === null ? Infinity : options.maxPayout - view.insurancePaid;
  const seen = new Set([...view.cards, ...view.dealerCards, ...view.discarded]);
  const unseen = STANDARD_DECK.filter((card) => !seen.has(card));
  const swapHighest = (hand: readonly Card[], card: Card): Card[] => {
    const high = hand.reduce((a, b) => (rankOf(b) > rankOf(a) ? b : a));
    return hand.map((old) => (old === high ? card : old));
  };
  const settle = (dealer: readonly Card[]): number => {
    const hand = bestHand(dealer);
    if (!hasGame(hand)) return 0;
    const comparison = compareHands(combinations.first, hand);
    if (comparison > 0)
      return Math.min(bet * betMultiplier(combinations, options.payTable), budget);
    return comparison < 0 ? -(ante + bet) : 0;
  };
  let expected = 0;
  for (const first of unseen) {
    const once = swapHighest(view.dealerCards, first);
    const out = view.dealerCards.find((card) => !once.includes(card)) as Card;
    if (rankOf(first) === rankOf(out) && !hasGame(bestHand(once))) {
      const others = unseen.filter((card) => card !== first);
      for (const second of others) {
        expected += settle(swapHighest(once, second)) / unseen.length / others.length;
      }
    } else {
      expected += settle(once) / unseen.length;
    }
  }
  return expected - ante - Math.max(0, Math.min(ante, budget));
}
