/**
 * Thousands of random five-card draw hands: both decks, every wild-card
 * option, every betting structure, 2–10 players (2–7 on the 32-card deck,
 * where 7 must be refused), players drawing as many cards as they may so the
 * stub runs short and the discards are reshuffled. After every command: chips
 * conserved, every card of the deck exactly once (hands, stub, discards), no
 * player dealt his own discards; what legalActions offers, apply accepts;
 * garbage draw commands are refused without a change.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Card } from "../cards";
import { deckOf, handRanking, WILD_CARDS, type WildCards } from "../eval";
import { seededFloats } from "../seeded-random";
import { apply } from "./apply";
import { chipsOnTable, startingChips } from "./draft";
import { shuffle } from "./draw-test-support";
import { legalActions, raiseAmountAt } from "./legal";
import { startHand } from "./start";
import type { Command, HandConfig, HandEvent, HandState, StartHand } from "./types";

const drawHand = fc
  .record({
    deckType: fc.constantFrom("52" as const, "7A" as const),
    wild: fc.constantFrom(...WILD_CARDS),
    players: fc.integer({ min: 2, max: 10 }),
    stacks: fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 10, maxLength: 10 }),
    betting: fc.constantFrom("fixed-limit" as const, "pot-limit" as const, "no-limit" as const),
    blinds: fc.constantFrom([1, 2], [5, 10], [0, 2], [2, 2]),
    ante: fc.constantFrom(0, 0, 1),
    raiseCap: fc.constantFrom(undefined, 2, 3, null),
    capLiftedHeadsUp: fc.boolean(),
    button: fc.nat({ max: 10 }),
    /** How greedy the players are in the draw: 1 always draws as many as allowed. */
    greed: fc.constantFrom(0.2, 0.7, 1),
    seed: fc.integer(),
  })
  .filter(({ deckType, wild }) => handRanking({ deckType, wild }).ok)
  // 2–7 players on the 32-card deck (7 is one too many), 2–10 on the 52-card deck.
  .map((spec) => ({
    ...spec,
    players: spec.deckType === "7A" ? 2 + (spec.players % 6) : spec.players,
  }));

type Spec = typeof drawHand extends fc.Arbitrary<infer T> ? T : never;

function startOf(spec: Spec): StartHand {
  const [smallBlind = 1, bigBlind = 2] = spec.blinds;
  const config: HandConfig = {
    game: "five-card-draw",
    betting: spec.betting,
    smallBlind,
    bigBlind,
    ante: spec.ante,
    deckType: spec.deckType,
    wild: spec.wild as WildCards,
    capLiftedHeadsUp: spec.capLiftedHeadsUp,
    ...(spec.raiseCap === undefined ? {} : { raiseCap: spec.raiseCap }),
  };
  const deck = shuffle(
    deckOf({ deckType: spec.deckType, wild: spec.wild }),
    seededFloats(spec.seed),
  );
  const players = spec.stacks.slice(0, spec.players).map((stack, i) => ({ seat: i + 1, stack }));
  return { type: "start", config, players, button: 1 + (spec.button % spec.players), deck };
}

function check(condition: boolean, message: () => string): void {
  if (!condition) throw new Error(message());
}

/** Every card of the game once: live hands, the stub, the discards and a drawer's set-aside discards. */
function cardsInPlay(state: HandState): Card[] {
  const cards: Card[] = [];
  for (const p of state.players) if (!p.folded) cards.push(...p.holeCards);
  cards.push(...state.deck.slice(state.nextCard), ...state.muck);
  if (state.needsReshuffle) cards.push(...state.needsReshuffle.setAside);
  return cards.sort((a, b) => a - b);
}

/** A command legalActions offers (a draw of a random size up to the limit, greed-weighted). */
function pick(state: HandState, random: () => number, greed: number): Command {
  if (state.needsReshuffle)
    return { type: "reshuffle", order: shuffle(state.needsReshuffle.cards, random) };
  const seat = state.toAct as number;
  const legal = legalActions(state, seat);
  if (legal.draw) {
    const hand = state.players.find((p) => p.seat === seat)?.holeCards ?? [];
    const count = random() < greed ? legal.draw.max : Math.floor(random() * (legal.draw.max + 1));
    return { type: "draw", seat, discard: shuffle(hand, random).slice(0, count) };
  }
  const options: Command[] = [];
  if (legal.fold) options.push({ type: "fold", seat });
  if (legal.check) options.push({ type: "check", seat });
  if (legal.call) options.push({ type: "call", seat });
  if (legal.betOrRaise) {
    options.push({
      type: "betOrRaiseTo",
      seat,
      amount: raiseAmountAt(legal.betOrRaise, random()),
    });
  }
  // Folds are rarer than the rest, so that many hands reach the draw and the showdown.
  const weighted = options.filter((o) => o.type !== "fold" || random() < 0.3);
  const from = weighted.length > 0 ? weighted : options;
  if (random() < 0.03) return { type: "timeout", seat };
  return from[Math.floor(random() * from.length)] as Command;
}

const stats = { hands: 0, refused: 0, draws: 0, reshuffles: 0, showdowns: 0 };

function playRandomDrawHand(spec: Spec): void {
  const start = startOf(spec);
  const deckSize = start.deck.length;
  const started = startHand(start);
  if (5 * spec.players > deckSize) {
    // C-1: too many players for the deck is refused, clearly.
    check(
      !started.ok && started.error.code === "too_many_players",
      () => `${spec.players} players accepted on ${deckSize} cards`,
    );
    stats.refused++;
    return;
  }
  if (!started.ok) throw new Error(`start refused: ${started.error.code} ${started.error.message}`);
  stats.hands++;
  const random = seededFloats(spec.seed ^ 0x5eed);
  const all = start.deck.slice().sort((a, b) => a - b);
  const total = startingChips(started.state);
  let state = started.state;
  const commands: Command[] = [];
  for (let step = 0; state.phase !== "complete"; step++) {
    check(step < 400, () => "the hand does not end");
    const command = pick(state, random, spec.greed);
    const seat = state.toAct;
    const limit = seat === null ? null : legalActions(state, seat).draw;
    // One more card than the limit is refused, without a change.
    if (limit && limit.max < 5 && seat !== null) {
      const hand = state.players.find((p) => p.seat === seat)?.holeCards ?? [];
      const tooMany = apply(state, { type: "draw", seat, discard: hand.slice(0, limit.max + 1) });
      check(
        !tooMany.ok && tooMany.error.code === "too_many_discards",
        () => "a draw above the limit was accepted",
      );
    }
    if (state.phase === "draw" && step % 3 === 0) refuseGarbage(state);
    const result = apply(state, command);
    if (!result.ok)
      throw new Error(
        `offered ${JSON.stringify(command)} refused: ${result.error.code} ${result.error.message}`,
      );
    commands.push(command);
    state = result.state;
    for (const event of result.events) checkEvent(event);
    check(chipsOnTable(state) === total, () => `chips ${chipsOnTable(state)} ≠ ${total}`);
    const cards = cardsInPlay(state);
    check(
      cards.length === all.length && cards.every((card, i) => card === all[i]),
      () => `cards lost or doubled after ${JSON.stringify(command)}`,
    );
    if (state.needsReshuffle) {
      const own = state.needsReshuffle.setAside;
      check(
        state.needsReshuffle.cards.every((card) => !own.includes(card)),
        () => "own discards reshuffled",
      );
    }
  }
  if (state.players.some((p) => p.shown)) stats.showdowns++;
  expect(state.players.reduce((sum, p) => sum + p.stack, 0)).toBe(total);

  // The hand replays identically from its start command and its commands.
  let again = startHand(start);
  for (const command of commands) {
    if (!again.ok) break;
    again = apply(again.state, command);
  }
  expect(again.ok && again.state).toEqual(state);
}

/** Garbage in the draw: refused with an error code, the state untouched. */
function refuseGarbage(state: HandState): void {
  const before = JSON.stringify(state);
  const seat = state.toAct ?? 1;
  const own = state.players.find((p) => p.seat === seat)?.holeCards ?? [];
  const other = state.players.find((p) => p.seat !== seat)?.holeCards ?? [];
  const garbage: unknown[] = [
    { type: "draw", seat, discard: [own[0], own[0]] },
    { type: "draw", seat, discard: other.slice(0, 1) },
    { type: "draw", seat, discard: [...own, 99] },
    { type: "draw", seat, discard: "all" },
    { type: "draw", seat: seat + 100, discard: [] },
    { type: "draw", seat: state.players.find((p) => p.seat !== seat)?.seat, discard: [] },
    { type: "reshuffle", order: state.needsReshuffle ? [] : [0] },
    { type: "betOrRaiseTo", seat, amount: 10 },
  ];
  for (const command of garbage) {
    const result = apply(state, command as Command);
    check(!result.ok, () => `garbage ${JSON.stringify(command)} accepted`);
  }
  check(JSON.stringify(state) === before, () => "a refused command changed the state");
}

function checkEvent(event: HandEvent): void {
  if (event.type === "drew") {
    stats.draws++;
    const dealt = event.dealt ?? [];
    check(dealt.length === event.count, () => "dealt as many as discarded");
    check(
      dealt.every((card) => !(event.discarded ?? []).includes(card)),
      () => "dealt his own discard",
    );
  }
  if (event.type === "discardsReshuffled") stats.reshuffles++;
}

describe("random five-card draw hands", () => {
  it("§4 C-1 W-1…W-6 chips and cards conserved, reshuffles finish every draw, too many players refused", () => {
    fc.assert(
      fc.property(drawHand, (spec) => playRandomDrawHand(spec)),
      { numRuns: 3000 },
    );
    // The run covered what it claims to: hands, draws, reshuffles, showdowns and refusals.
    expect(stats.hands).toBeGreaterThan(2000);
    expect(stats.reshuffles).toBeGreaterThan(50);
    expect(stats.showdowns).toBeGreaterThan(200);
    expect(stats.refused).toBeGreaterThan(50);
  }, 120_000);
});
