/**
 * Invariants over random hands: 2–10 players, every game, betting structure
 * and ante kind, random legal actions; stud (ST-1 … ST-7) with its own
 * options. Bounded runs keep the suite fast.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { STANDARD_DECK } from "../cards";
import { seededFloats } from "../seeded-random";
import { sized } from "../test-size";
import { apply } from "./apply";
import { chipsOnTable, startingChips } from "./draft";
import { legalActions, raiseAmountAt } from "./legal";
import { startHand } from "./start";
import type { Command, HandConfig, HandState, StartHand } from "./types";
import { eventsFor, viewFor } from "./view";

function shuffled(random: () => number): number[] {
  const deck = STANDARD_DECK.slice();
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [deck[i], deck[j]] = [deck[j] as number, deck[i] as number];
  }
  return deck;
}

const handArbitrary = fc.record({
  playerCount: fc.integer({ min: 2, max: 10 }),
  stacks: fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 10, maxLength: 10 }),
  game: fc.constantFrom("holdem" as const, "omaha" as const),
  betting: fc.constantFrom("no-limit" as const, "pot-limit" as const, "fixed-limit" as const),
  blinds: fc.constantFrom([1, 2], [5, 10], [0, 2], [2, 2], [3, 7]),
  ante: fc.constantFrom(0, 0, 1, 3),
  anteKind: fc.constantFrom("each" as const, "big-blind" as const),
  oddChips: fc.constantFrom("one-per-winner" as const, "pokerkit" as const),
  raiseCap: fc.constantFrom(undefined, 3, null),
  capLiftedHeadsUp: fc.boolean(),
  button: fc.nat({ max: 12 }),
  seed: fc.integer(),
});

/** Stud: fixed limit, antes from everyone, bring-in below the small bet, its options (ST-1 … ST-7). */
const studArbitrary = fc
  .record({
    hand: handArbitrary,
    game: fc.constantFrom("stud7" as const, "stud5" as const),
    blinds: fc.constantFrom([1, 2], [1, 4], [2, 5], [1, 10]),
    openPair: fc.boolean(),
    wild: fc.boolean(),
  })
  .map(({ hand, game, blinds, openPair, wild }) => ({
    ...hand,
    playerCount: Math.min(hand.playerCount, game === "stud7" ? 8 : 10),
    game,
    betting: "fixed-limit" as const,
    anteKind: "each" as const,
    blinds,
    stud: {
      openPair,
      wild: wild
        ? game === "stud7"
          ? ("low-hole-card" as const)
          : ("lowest-card" as const)
        : ("none" as const),
    },
  }));

type HandSpec = Omit<
  typeof handArbitrary extends fc.Arbitrary<infer T> ? T : never,
  "game" | "blinds"
> & {
  game: HandConfig["game"];
  blinds: readonly number[];
  stud?: { openPair: boolean; wild: "none" | "low-hole-card" | "lowest-card" };
};

const anyHand: fc.Arbitrary<HandSpec> = fc.oneof(handArbitrary, studArbitrary);

function startOf(spec: HandSpec): StartHand {
  const [smallBlind = 1, bigBlind = 2] = spec.blinds;
  const config: HandConfig = {
    game: spec.game,
    betting: spec.betting,
    smallBlind,
    bigBlind,
    ante: spec.ante,
    anteKind: spec.anteKind,
    oddChips: spec.oddChips,
    capLiftedHeadsUp: spec.capLiftedHeadsUp,
    ...(spec.raiseCap === undefined ? {} : { raiseCap: spec.raiseCap }),
    ...(spec.stud ?? {}),
  };
  // Seats 0, 2, 4, … so that dead buttons (odd seats) happen too.
  const players = spec.stacks
    .slice(0, spec.playerCount)
    .map((stack, i) => ({ seat: 2 * i, stack }));
  return {
    type: "start",
    config,
    players,
    button: spec.button,
    deck: shuffled(seededFloats(spec.seed)),
  };
}

/** Every command legalActions offers the seat to act (betting amounts: min, max and one between). */
function offeredCommands(state: HandState, random: () => number): Command[] {
  const seat = state.toAct;
  if (seat === null) return [];
  const legal = legalActions(state, seat);
  const commands: Command[] = [];
  if (legal.fold) commands.push({ type: "fold", seat });
  if (legal.check) commands.push({ type: "check", seat });
  if (legal.call) commands.push({ type: "call", seat });
  if (legal.betOrRaise) {
    const { min, max } = legal.betOrRaise;
    for (const amount of new Set([min, max, raiseAmountAt(legal.betOrRaise, random())])) {
      commands.push({ type: "betOrRaiseTo", seat, amount });
    }
  }
  return commands;
}

/** Commands legalActions does not offer: each must be refused. */
function refusedCommands(state: HandState): Command[] {
  const commands: Command[] = [];
  for (const p of state.players) {
    const legal = legalActions(state, p.seat);
    if (!legal.fold) commands.push({ type: "fold", seat: p.seat });
    if (!legal.check) commands.push({ type: "check", seat: p.seat });
    if (!legal.call) commands.push({ type: "call", seat: p.seat });
    if (!legal.betOrRaise) {
      commands.push({ type: "betOrRaiseTo", seat: p.seat, amount: p.bet + p.stack });
      commands.push({ type: "betOrRaiseTo", seat: p.seat, amount: state.round.highestBet + 1 });
    } else {
      const { min, max } = legal.betOrRaise;
      commands.push({ type: "betOrRaiseTo", seat: p.seat, amount: max + 1 });
      if (min - 1 > 0) commands.push({ type: "betOrRaiseTo", seat: p.seat, amount: min - 1 });
    }
    if (state.toAct !== p.seat) commands.push({ type: "timeout", seat: p.seat });
  }
  return commands;
}

function garbageCommands(state: HandState): unknown[] {
  const seat = state.toAct ?? state.players[0]?.seat ?? 0;
  const amounts = [
    Number.NaN,
    Number.POSITIVE_INFINITY,
    -1,
    0,
    2.5,
    2 ** 53,
    -(2 ** 60),
    "10",
    null,
    undefined,
    {},
  ];
  return [
    null,
    undefined,
    42,
    "fold",
    [],
    {},
    { type: "fold" },
    { type: 5, seat },
    { type: "dance", seat },
    { type: "start", seat },
    { type: "call", seat: String(seat) },
    { type: "call", seat: seat + 0.5 },
    { type: "call", seat: Number.NaN },
    { type: "fold", seat: 999 },
    { type: "fold", seat: -1 },
    { seat },
    ...amounts.map((amount) => ({ type: "betOrRaiseTo", seat, amount })),
  ];
}

/** Plain checks in the hot loop: `expect` is too slow to call thousands of times per hand. */
function assert(condition: boolean, message: () => string): void {
  if (!condition) throw new Error(message());
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Plays one random hand, checking the invariants after every command; returns the commands. */
function playRandomHand(spec: HandSpec, check: { agreement: boolean; garbage: boolean }) {
  const start = startOf(spec);
  const started = startHand(start);
  if (!started.ok) throw new Error(`start refused: ${started.error.message}`);
  const random = seededFloats(spec.seed ^ 0x5eed);
  const total = startingChips(started.state);
  const commands: Command[] = [];
  let state = deepFreeze(started.state);
  for (let step = 0; state.phase !== "complete"; step++) {
    assert(step < 500, () => "the hand does not end");
    const offered = offeredCommands(state, random);
    assert(offered.length > 0, () => `nothing offered to ${state.toAct}`);
    if (check.agreement) {
      for (const command of offered) {
        const result = apply(state, command);
        assert(
          result.ok,
          () => `offered ${JSON.stringify(command)} refused: ${JSON.stringify(result)}`,
        );
      }
      for (const command of refusedCommands(state)) {
        assert(!apply(state, command).ok, () => `not offered ${JSON.stringify(command)} accepted`);
      }
    }
    if (check.garbage) {
      const before = JSON.stringify(state);
      for (const command of garbageCommands(state)) {
        assert(
          !apply(state, command as Command).ok,
          () => `garbage ${JSON.stringify(command)} accepted`,
        );
      }
      assert(JSON.stringify(state) === before, () => "a refused command changed the state");
    }
    const command =
      random() < 0.05
        ? ({ type: "timeout", seat: state.toAct } as Command)
        : (offered[Math.floor(random() * offered.length)] as Command);
    const result = apply(state, command);
    if (!result.ok) throw new Error(`${JSON.stringify(command)} refused: ${result.error.code}`);
    assert(result.state.version === state.version + 1, () => "version not bumped");
    state = deepFreeze(result.state);
    commands.push(command);
    assert(chipsOnTable(state) === total, () => `chips ${chipsOnTable(state)} ≠ ${total}`);
    for (const p of state.players) {
      assert(
        p.stack >= 0 && p.bet >= 0 && p.committed >= p.bet,
        () => `bad amounts ${JSON.stringify(p)}`,
      );
    }
  }
  expect(state.players.reduce((sum, p) => sum + p.stack, 0)).toBe(total);
  expect(apply(state, { type: "fold", seat: state.players[0]?.seat ?? 0 })).toMatchObject({
    ok: false,
    error: { code: "hand_over" },
  });
  return { start, commands, final: state };
}

describe("random hands", () => {
  it("chips are conserved, no stack goes negative, legalActions and apply agree", () => {
    fc.assert(
      fc.property(anyHand, (spec) => {
        playRandomHand(spec, { agreement: true, garbage: false });
      }),
      { numRuns: sized(50, 150) },
    );
  });

  it("garbage commands are refused with an error and leave the state as it was", () => {
    fc.assert(
      fc.property(anyHand, (spec) => {
        playRandomHand(spec, { agreement: false, garbage: true });
      }),
      { numRuns: 60 },
    );
  });

  it("a hand replays identically from its start command and its commands", () => {
    fc.assert(
      fc.property(anyHand, (spec) => {
        const { start, commands, final } = playRandomHand(spec, {
          agreement: false,
          garbage: false,
        });
        const started = startHand(start);
        if (!started.ok) throw new Error(started.error.message);
        let state = started.state;
        for (const command of commands) {
          const result = apply(state, command);
          if (!result.ok) throw new Error(result.error.message);
          state = result.state;
        }
        expect(state).toEqual(final);
      }),
      { numRuns: sized(35, 100) },
    );
  });

  it("ST-1 views and events never hold another player's down cards unless shown; up cards are everyone's", () => {
    fc.assert(
      fc.property(anyHand, (spec) => {
        const { start, commands } = playRandomHand(spec, { agreement: false, garbage: false });
        const started = startHand(start);
        if (!started.ok) throw new Error(started.error.message);
        let state = started.state;
        const events = [...started.events];
        const check = () => {
          for (const viewer of [null, ...state.players.map((p) => p.seat)]) {
            const view = viewFor(state, viewer);
            for (const [i, p] of state.players.entries()) {
              const face = view.players[i];
              const visible = p.seat === viewer || (p.shown && !p.mucked);
              expect(face?.holeCards).toEqual(visible ? p.holeCards : null);
              expect(face?.upCards).toEqual(p.upCards ?? []);
            }
            const shown = new Set(
              events.filter((e) => e.type === "handShown").map((e) => (e as { seat: number }).seat),
            );
            for (const e of eventsFor(events, viewer)) {
              if (e.type === "holeCardsDealt" && e.seat !== viewer) expect(e.cards).toBeNull();
              if (e.type === "handShown") expect(shown.has(e.seat)).toBe(true);
            }
          }
        };
        check();
        for (const command of commands) {
          const result = apply(state, command);
          if (!result.ok) throw new Error(result.error.message);
          state = result.state;
          events.push(...result.events);
          check();
        }
      }),
      { numRuns: 60 },
    );
  });
});
