/**
 * Monte-Carlo simulation of one open box against the dealer (RP-1: a player's first box is
 * open), for the `felt simulate russian` command. Pure: the randomness is a seeded sfc32 and
 * every round is a fresh Fisher–Yates shuffle fed to the round as its deck, so a seed replays.
 *
 * Two ways to play a round, which must agree to the chip on every round:
 * - `machine` drives the real state machine (startRound, apply, viewFor, legalActions):
 *   the reference, but a deep copy per command makes it a few thousand rounds a second.
 * - `fast` deals the same deck the same way and settles with fast-eval.ts, mirroring
 *   dealing.ts (improvements replace cards in place, the sixth card goes last, the dealer
 *   swaps his highest card) and settlement.ts (RP-8 … RP-12): hundreds of thousands a second.
 * simulate-equivalence.test.ts plays both on the same rounds and compares every hand's money.
 *
 * With one box and the dealer, a round uses at most 18 cards (10 dealt, 5 exchanged, a sixth
 * card, 2 dealer swaps), so the stub never runs out and no reshuffle is ever needed, and the
 * shuffle only needs to fix those 18 places: the Fisher–Yates pass stops there (the rest of
 * the deck, never dealt, stays a permutation), which makes the shuffle three times cheaper.
 *
 * A run is cut into chunks of CHUNK_HANDS rounds, chunk k drawing from stream k of the seed,
 * and tallies are merged in chunk order: the result is the same however the chunks are shared
 * out (the CLI may play them on several threads).
 */
import { type Card, parseCard, STANDARD_DECK } from "../cards";
import { seededRandom, shuffleInPlace } from "../seeded-random";
import { MAX_AMOUNT } from "./amounts";
import { type Failure, failure } from "./errors";
import {
  ACE_KING,
  type BoxPay,
  boxPay,
  categoryOfValue,
  handValue,
  paysFor,
  THREE_OF_A_KIND,
} from "./fast-eval";
import { apply, startRound } from "./machine";
import { type RussianTableOptions, resolveOptions } from "./options";
import {
  type Decision,
  isStrategyName,
  type NoGameChoice,
  STRATEGIES,
  type Strategy,
  type StrategyName,
} from "./strategies";
import {
  type ApplyResult,
  BET_FIELDS,
  type BoxSettlement,
  type RussianCommand,
  type RussianEvent,
  type RussianState,
} from "./types";
import { viewFor } from "./views";

export type Outcome = BoxSettlement["outcome"];
export const OUTCOMES: readonly Outcome[] = [
  "folded",
  "won",
  "lost",
  "stay",
  "antePaid",
  "noGameAfterBuy",
];

export type SimulationEngine = "fast" | "machine";

/** One round's money and events for the box. */
export interface HandResult {
  /** Every chip put at risk: ANTE, BET, insurance and fees (RP-12: fees are never returned). */
  wagered: number;
  /** Everything paid back to the player, stakes included. */
  returned: number;
  outcome: Outcome;
  /** RP-7, at the reveal (before any bought game); known whether or not the box folded. */
  dealerHadGame: boolean;
  boughtGame: boolean;
  boughtGameMadeGame: boolean;
  insurance: number;
}

export interface Tally {
  hands: number;
  wagered: number;
  returned: number;
  /** Σ (returned − wagered)², for the confidence interval. */
  sumNetSquared: number;
  dealerNoGame: number;
  gamesBought: number;
  buyGameMadeGame: number;
  insuranceTaken: number;
  outcomes: Record<Outcome, number>;
}

/** The most cards one box and the dealer can use in a round (see the header). */
export const CARDS_A_ROUND_CAN_USE = 18;
/** Rounds per chunk: each chunk draws from its own stream of the seed. */
export const CHUNK_HANDS = 1 << 16;
/** The player's chips in the machine: enough that the table, never the bankroll, limits a bet. */
const PLAYER_CHIPS = MAX_AMOUNT;
const PLAYER = "sim";

export const emptyTally = (): Tally => ({
  hands: 0,
  wagered: 0,
  returned: 0,
  sumNetSquared: 0,
  dealerNoGame: 0,
  gamesBought: 0,
  buyGameMadeGame: 0,
  insuranceTaken: 0,
  outcomes: { folded: 0, won: 0, lost: 0, stay: 0, antePaid: 0, noGameAfterBuy: 0 },
});

function record(tally: Tally, hand: HandResult): void {
  const net = hand.returned - hand.wagered;
  tally.hands += 1;
  tally.wagered += hand.wagered;
  tally.returned += hand.returned;
  tally.sumNetSquared += net * net;
  if (!hand.dealerHadGame) tally.dealerNoGame += 1;
  if (hand.boughtGame) tally.gamesBought += 1;
  if (hand.boughtGameMadeGame) tally.buyGameMadeGame += 1;
  if (hand.insurance > 0) tally.insuranceTaken += 1;
  tally.outcomes[hand.outcome] += 1;
}

/** Adds `more` into `into`; merging in chunk order keeps floating-point sums reproducible. */
export function mergeTally(into: Tally, more: Tally): Tally {
  into.hands += more.hands;
  into.wagered += more.wagered;
  into.returned += more.returned;
  into.sumNetSquared += more.sumNetSquared;
  into.dealerNoGame += more.dealerNoGame;
  into.gamesBought += more.gamesBought;
  into.buyGameMadeGame += more.buyGameMadeGame;
  into.insuranceTaken += more.insuranceTaken;
  for (const outcome of OUTCOMES) into.outcomes[outcome] += more.outcomes[outcome];
  return into;
}

/**
 * Return to player with a 95 % normal interval. The per-hand net results n = returned −
 * wagered have mean m and standard deviation s; rtp = 1 + m / w̄ (w̄ the mean wager), so its
 * standard error is s / (w̄ √N). Ten thousand rounds and more make the normal approximation
 * sound despite the pay table's long tail.
 */
export function returnToPlayer(tally: Tally): { rtp: number; ci95: [number, number] } {
  const { hands, wagered, returned } = tally;
  if (hands === 0 || wagered === 0) return { rtp: Number.NaN, ci95: [Number.NaN, Number.NaN] };
  const rtp = returned / wagered;
  if (hands < 2) return { rtp, ci95: [rtp, rtp] };
  const meanNet = (returned - wagered) / hands;
  const variance = Math.max(0, (tally.sumNetSquared - hands * meanNet * meanNet) / (hands - 1));
  const halfWidth = (1.959964 * Math.sqrt(variance / hands)) / (wagered / hands);
  return { rtp, ci95: [rtp - halfWidth, rtp + halfWidth] };
}

export interface SimulationRequest {
  hands: number;
  seed: number;
  strategy: StrategyName | Strategy;
  /** Table options, validated like a round's (pay tables, limits …). */
  options?: Partial<RussianTableOptions>;
  engine?: SimulationEngine;
}

export interface Simulation {
  options: RussianTableOptions;
  strategy: Strategy;
  /** The ANTE played: the table's minimum, which only matters under a maximum payout. */
  ante: number;
  engine: SimulationEngine;
}

/** Checks a request once: the options as startRound would, the strategy by name. */
export function prepareSimulation(
  request: Omit<SimulationRequest, "hands" | "seed">,
): { ok: true; simulation: Simulation } | Failure {
  const resolved = resolveOptions(request.options ?? {});
  if (!resolved.ok) return resolved;
  const { strategy } = request;
  if (typeof strategy === "string" && !isStrategyName(strategy)) {
    return failure("invalid_command", `unknown strategy "${strategy}"`);
  }
  return {
    ok: true,
    simulation: {
      options: resolved.options,
      strategy: typeof strategy === "string" ? STRATEGIES[strategy] : strategy,
      ante: resolved.options.minAnte,
      engine: request.engine ?? "fast",
    },
  };
}

/** Chunks of a run: chunk k covers rounds k·CHUNK_HANDS onwards. */
export const chunkCount = (hands: number): number => Math.ceil(hands / CHUNK_HANDS);

export const handsInChunk = (hands: number, chunk: number): number =>
  Math.max(0, Math.min(CHUNK_HANDS, hands - chunk * CHUNK_HANDS));

/** Calls `play` with each round's deck, in order. The deck array is reused: copy to keep it. */
export function forEachDeck(
  seed: number,
  chunk: number,
  hands: number,
  play: (deck: readonly Card[]) => void,
): void {
  const random = seededRandom(seed, chunk);
  const deck = [...STANDARD_DECK];
  for (let hand = 0; hand < hands; hand++) {
    play(shuffleInPlace(deck, random, CARDS_A_ROUND_CAN_USE));
  }
}

/** Plays chunk `chunk` of a run of `hands` rounds. */
export function simulateChunk(
  simulation: Simulation,
  seed: number,
  hands: number,
  chunk: number,
): Tally {
  const tally = emptyTally();
  const playRound = roundPlayer(simulation);
  forEachDeck(seed, chunk, handsInChunk(hands, chunk), (deck) => record(tally, playRound(deck)));
  return tally;
}

/** The whole run on this thread. */
export function simulate(request: SimulationRequest): { ok: true; tally: Tally } | Failure {
  if (!Number.isSafeInteger(request.hands) || request.hands < 1) {
    return failure("invalid_command", "hands must be a positive integer");
  }
  if (!Number.isSafeInteger(request.seed)) {
    return failure("invalid_command", "seed must be an integer");
  }
  const prepared = prepareSimulation(request);
  if (!prepared.ok) return prepared;
  const tally = emptyTally();
  for (let chunk = 0; chunk < chunkCount(request.hands); chunk++) {
    mergeTally(tally, simulateChunk(prepared.simulation, request.seed, request.hands, chunk));
  }
  return { ok: true, tally };
}

/** The round player for a simulation's engine. */
export function roundPlayer(simulation: Simulation): (deck: readonly Card[]) => HandResult {
  const { strategy, options, ante } = simulation;
  if (simulation.engine === "machine") {
    return (deck) => playRoundWithMachine(deck, strategy, options, ante);
  }
  const pays = paysFor(options.payTable);
  return (deck) => playRoundFast(deck, strategy, options, ante, pays);
}

/** RP-10: the insurance range legalActions offers (with the chips the player has left). */
function insuranceOffered(
  box: BoxPay,
  ante: number,
  chips: number,
  options: RussianTableOptions,
): { min: number; max: number } | null {
  if (box.category < THREE_OF_A_KIND) return null;
  const bet = 2 * ante;
  const fullWin = bet * box.multiplier;
  const max = Math.min(fullWin, options.maxPayout ?? fullWin);
  if (max < bet) return null;
  const affordable = Math.min(max, chips - bet);
  return affordable >= bet ? { min: bet, max: affordable } : null;
}

const insuranceAmount = (
  decision: Extract<Decision, { type: "play" }>,
  range: { min: number; max: number } | null,
): number => (range === null || decision.insurance === undefined ? 0 : range[decision.insurance]);

function invalidDecision(strategy: Strategy, decision: Decision): never {
  throw new Error(
    `strategy ${strategy.name} made an illegal decision: ${JSON.stringify(decision)}`,
  );
}

/**
 * One round settled directly. Mirrors machine.ts for a single open box: the deal alternates
 * box and dealer (dealing.ts), exchanged cards are replaced in place from the stub, a sixth
 * card is appended, and the settlement follows settlement.ts field by field.
 */
export function playRoundFast(
  deck: readonly Card[],
  strategy: Strategy,
  options: RussianTableOptions,
  ante: number,
  pays: readonly number[],
): HandResult {
  const cards: Card[] = [deck[0], deck[2], deck[4], deck[6], deck[8]] as Card[];
  const dealer: Card[] = [deck[1], deck[3], deck[5], deck[7], deck[9]] as Card[];
  const upCard = dealer[4] as Card;
  let next = 10;
  let fees = 0;
  let exchanged = false;
  let sixthCard = false;
  const discarded: Card[] = [];
  let decision: Decision;
  for (;;) {
    const improved = exchanged || sixthCard;
    const mayExchange = !improved;
    const mayBuySixthCard = options.improve === "exchange-then-sixth" ? !sixthCard : !improved;
    decision = strategy.decide({ cards, upCard, improved, mayExchange, mayBuySixthCard, options });
    if (decision.type === "exchange") {
      const discard = decision.cards;
      // Distinct cards of the box's own (five) cards: counting matches in the hand checks both.
      let replaced = 0;
      for (let index = 0; index < 5; index++) {
        if (discard.includes(cards[index] as Card)) {
          cards[index] = deck[next++] as Card;
          replaced += 1;
        }
      }
      if (!mayExchange || replaced === 0 || replaced !== discard.length) {
        invalidDecision(strategy, decision);
      }
      discarded.push(...discard);
      fees += ante;
      exchanged = true;
      continue;
    }
    if (decision.type === "buySixthCard") {
      if (!mayBuySixthCard) invalidDecision(strategy, decision);
      cards.push(deck[next++] as Card);
      fees += ante;
      sixthCard = true;
      continue;
    }
    break;
  }

  const dealerValue = handValue(dealer);
  const dealerHadGame = categoryOfValue(dealerValue) >= ACE_KING;
  if (decision.type === "fold") return handResult(dealerHadGame, ante + fees, 0, "folded");

  const box = boxPay(cards, pays);
  const bet = 2 * ante;
  const chipsLeft = PLAYER_CHIPS - ante - fees;
  const insurance = insuranceAmount(decision, insuranceOffered(box, ante, chipsLeft, options));
  const staked = ante + bet + insurance + fees;
  const cap = options.maxPayout;

  if (dealerHadGame) {
    // RP-9 with RP-10: insurance is lost on a win or a stay, returned on a loss.
    if (box.value > dealerValue) {
      const budget = cap ?? Number.POSITIVE_INFINITY;
      const betPaid = Math.min(bet * box.multiplier, budget);
      const antePaid = Math.min(options.antePaidOnWin ? ante : 0, budget - betPaid);
      return handResult(dealerHadGame, staked, ante + antePaid + bet + betPaid, "won", insurance);
    }
    if (box.value < dealerValue)
      return handResult(dealerHadGame, staked, insurance, "lost", insurance);
    return handResult(dealerHadGame, staked, ante + bet, "stay", insurance);
  }

  // RP-10: insurance is paid 1:1 at the reveal, then RP-8's choice.
  const insurancePaid = Math.min(insurance, cap ?? insurance);
  const budget = cap === null ? Number.POSITIVE_INFINITY : Math.max(0, cap - insurancePaid);
  const fromInsurance = insurance + insurancePaid;
  const mayBuyGame = box.category >= ACE_KING;
  const choice: NoGameChoice = mayBuyGame
    ? strategy.noGame({ cards, dealerCards: dealer, discarded, ante, insurancePaid, options })
    : "takeAnte";
  if (choice === "takeAnte") {
    const returned = fromInsurance + ante + Math.min(ante, budget) + bet;
    return handResult(dealerHadGame, staked, returned, "antePaid", insurance);
  }
  if (choice !== "buyGame") throw new Error(`strategy ${strategy.name} chose "${choice}"`);

  // RP-8, as swapForBoughtGame: swap the highest card; a card of the same rank that leaves
  // the dealer without a game earns one free second swap.
  const wagered = staked + ante;
  const hand = [...dealer];
  const incoming = deck[next++] as Card;
  const out = swapHighest(hand, incoming);
  if (rankOf(incoming) === rankOf(out) && categoryOfValue(handValue(hand)) < ACE_KING) {
    swapHighest(hand, deck[next++] as Card);
  }
  const boughtValue = handValue(hand);
  if (categoryOfValue(boughtValue) < ACE_KING) {
    return handResult(
      dealerHadGame,
      wagered,
      fromInsurance + ante + bet,
      "noGameAfterBuy",
      insurance,
      true,
    );
  }
  if (box.value > boughtValue) {
    const betPaid = Math.min(bet * box.multiplier, budget);
    return handResult(
      dealerHadGame,
      wagered,
      fromInsurance + ante + bet + betPaid,
      "won",
      insurance,
      true,
      true,
    );
  }
  if (box.value < boughtValue) {
    return handResult(dealerHadGame, wagered, fromInsurance, "lost", insurance, true, true);
  }
  return handResult(
    dealerHadGame,
    wagered,
    fromInsurance + ante + bet,
    "stay",
    insurance,
    true,
    true,
  );
}

const rankOf = (card: Card): number => card >> 2;

function handResult(
  dealerHadGame: boolean,
  wagered: number,
  returned: number,
  outcome: Outcome,
  insurance = 0,
  boughtGame = false,
  boughtGameMadeGame = false,
): HandResult {
  return {
    wagered,
    returned,
    outcome,
    dealerHadGame,
    boughtGame,
    boughtGameMadeGame,
    insurance,
  };
}

/** Replaces the first card of the highest rank (dealing.ts's highestCard); returns it. */
function swapHighest(hand: Card[], incoming: Card): Card {
  let highest = 0;
  for (let index = 1; index < hand.length; index++) {
    if (rankOf(hand[index] as Card) > rankOf(hand[highest] as Card)) highest = index;
  }
  const out = hand[highest] as Card;
  hand[highest] = incoming;
  return out;
}

function must(
  result: ApplyResult,
  command: string,
): { state: RussianState; events: RussianEvent[] } {
  if (!result.ok)
    throw new Error(`the engine refused ${command}: ${result.error.code}: ${result.error.message}`);
  return result;
}

const parseCodes = (codes: readonly string[] | null): Card[] => {
  if (codes === null) throw new Error("the player cannot see cards the strategy needs");
  return codes.map(parseCard);
};

/**
 * One round through the public state machine: the strategy sees only `viewFor(player)` and
 * picks among `legalActions`, exactly as a client would.
 */
export function playRoundWithMachine(
  deck: readonly Card[],
  strategy: Strategy,
  options: RussianTableOptions,
  ante: number,
): HandResult {
  const events: RussianEvent[] = [];
  let state = must(
    startRound({ options, players: [{ id: PLAYER, chips: PLAYER_CHIPS }], deck: [...deck] }),
    "startRound",
  ).state;
  const send = (command: RussianCommand) => {
    const result = must(apply(state, command), JSON.stringify(command));
    state = result.state;
    events.push(...result.events);
  };
  send({ type: "placeBets", playerId: PLAYER, box: 0, ante });
  send({ type: "deal" });

  const discarded: Card[] = [];
  const target = { playerId: PLAYER, box: 0 };
  while (state.phase === "decisions") {
    const view = viewFor(state, PLAYER);
    const box = view.boxes[0];
    if (box === undefined || view.dealer.upCard === null) throw new Error("no box to decide");
    const legal = view.legalActions;
    const decision = strategy.decide({
      cards: parseCodes(box.cards),
      upCard: parseCard(view.dealer.upCard),
      improved: box.exchanged !== null || box.boughtSixthCard,
      mayExchange: legal.some((action) => action.type === "exchange"),
      mayBuySixthCard: legal.some((action) => action.type === "buySixthCard"),
      options,
    });
    if (decision.type === "play") {
      const offer = legal.find((action) => action.type === "play");
      if (offer === undefined) invalidDecision(strategy, decision);
      send({ type: "play", ...target, insurance: insuranceAmount(decision, offer.insurance) });
    } else if (decision.type === "exchange") {
      discarded.push(...decision.cards);
      send({ type: "exchange", ...target, cards: decision.cards });
    } else {
      send({ type: decision.type, ...target });
    }
  }
  if (state.phase === "noGameChoices") {
    const view = viewFor(state, PLAYER);
    const box = view.boxes[0];
    if (box === undefined) throw new Error("no box to decide");
    const canBuy = view.legalActions.some((action) => action.type === "buyGame");
    const choice = canBuy
      ? strategy.noGame({
          cards: parseCodes(box.cards),
          dealerCards: parseCodes(view.dealer.cards),
          discarded,
          ante,
          insurancePaid: box.insuranceResult?.paid ?? 0,
          options,
        })
      : "takeAnte";
    send({ type: choice, ...target });
  }
  const settlement = state.settlements[0];
  if (state.phase !== "settled" || settlement === undefined) {
    throw new Error(`the round stopped in phase ${state.phase}`);
  }
  const wagered = BET_FIELDS.reduce((sum, field) => sum + settlement[field].stake, 0);
  const chips = state.players[0]?.chips ?? 0;
  if (chips - PLAYER_CHIPS !== settlement.toPlayer - wagered) {
    throw new Error("the settlement does not match the player's chips");
  }
  const revealed = events.find((event) => event.type === "dealerRevealed");
  const bought = events.find((event) => event.type === "dealerGameBought");
  return {
    wagered,
    returned: settlement.toPlayer,
    outcome: settlement.outcome,
    dealerHadGame: revealed?.type === "dealerRevealed" && revealed.hasGame,
    boughtGame: settlement.buyGameFee.stake > 0,
    boughtGameMadeGame: bought?.type === "dealerGameBought" && bought.hasGame,
    insurance: settlement.insurance.stake,
  };
}
