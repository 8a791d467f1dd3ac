import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { STANDARD_DECK } from "../cards";
import {
  apply,
  type Command,
  type HandConfig,
  type HandEvent,
  type HandState,
  legalActions,
  raiseAmountAt,
  type StartHand,
  startHand,
} from "../hand";
import { sized } from "../test-size";
import { formatAction } from "./actions";
import { exportHand } from "./export";
import { parsePhh } from "./parse";
import { replayHistory } from "./replay";
import { fixture } from "./test-fixtures";
import type { HandHistory } from "./types";
import { writePhh } from "./write";

const parsed = (text: string): HandHistory => {
  const result = parsePhh(text);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.history;
};

const replayed = (history: HandHistory) => {
  const result = replayHistory(history);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result;
};

const exported = (
  start: StartHand,
  input: readonly Command[] | readonly HandEvent[],
  meta = {},
) => {
  const result = exportHand(start, input, meta);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.history;
};

describe("exportHand", () => {
  it("S-2 writes the hand-history.md examples exactly as PokerKit did: reveals before the run-out board", () => {
    for (const file of [
      "phh-md-nt-side-pot.phh",
      "phh-md-ft-heads-up-split.phh",
      "phh-md-po-heads-up-pot-raises.phh",
    ]) {
      const original = parsed(fixture(file));
      const { start, commands } = replayed(original);
      const history = exported(start, commands);
      expect(history.actions.map(formatAction), file).toEqual(original.actions.map(formatAction));
      expect(history).toMatchObject({
        variant: original.variant,
        antes: original.antes,
        blindsOrStraddles: original.blindsOrStraddles,
        startingStacks: original.startingStacks,
        finishingStacks: original.finishingStacks,
      });
    }
  });

  it("T-1 lists players from the left of the button whatever the seats, and keeps the seats", () => {
    const config: HandConfig = { game: "holdem", betting: "no-limit", smallBlind: 1, bigBlind: 2 };
    const start: StartHand = {
      type: "start",
      config,
      players: [
        { seat: 2, stack: 50, name: "ann" },
        { seat: 5, stack: 60, name: "bob" },
        { seat: 7, stack: 70, name: "cy" },
      ],
      button: 2,
      deck: STANDARD_DECK.slice(),
    };
    // Seat 5 is left of the button (p1, small blind), seat 7 the big blind (p2), seat 2 the button (p3).
    const history = exported(
      start,
      [
        { type: "fold", seat: 2 },
        { type: "fold", seat: 5 },
      ],
      { hand: 12 },
    );
    expect(history).toMatchObject({
      seats: [5, 7, 2],
      players: ["bob", "cy", "ann"],
      startingStacks: [60, 70, 50],
      finishingStacks: [59, 71, 50],
      hand: 12,
      extra: { _felt_odd_chips: "one-per-winner" },
    });
    // Dealt one at a time from p1: deck[0], deck[3] to p1; deck[1], deck[4] to p2; …
    expect(history.actions.map(formatAction)).toEqual([
      "d dh p1 2c2s",
      "d dh p2 2d3c",
      "d dh p3 2h3d",
      "p3 f",
      "p1 f",
    ]);
  });

  it("T-2 heads-up: the big blind is p1 and a big-blind ante is written at index 1", () => {
    const start: StartHand = {
      type: "start",
      config: {
        game: "holdem",
        betting: "no-limit",
        smallBlind: 25,
        bigBlind: 50,
        ante: 50,
        anteKind: "big-blind",
      },
      players: [
        { seat: 1, stack: 1000 },
        { seat: 2, stack: 1000 },
      ],
      button: 1,
      deck: STANDARD_DECK.slice(),
    };
    const history = exported(start, [{ type: "fold", seat: 1 }]);
    expect(history).toMatchObject({
      seats: [2, 1],
      antes: [0, 50],
      blindsOrStraddles: [25, 50],
      finishingStacks: [1025, 975],
    });
    expect(replayed(history)).toMatchObject({ finishingStacks: [1025, 975], matches: true });
  });

  it("takes the engine's events as well as its commands", () => {
    const { start, commands } = replayed(parsed(fixture("felt-nt-side-pots-4way.phh")));
    let state = (startHand(start) as { ok: true; state: HandState; events: HandEvent[] }).state;
    const events: HandEvent[] = [];
    for (const command of commands) {
      const result = apply(state, command);
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
      events.push(...result.events);
    }
    expect(exported(start, events)).toEqual(exported(start, commands));
  });

  it("hides unshown hole cards when asked (a public history)", () => {
    const { start, commands } = replayed(parsed(fixture("pokerkit-pluribus-100-9.phh")));
    const history = exported(start, commands, { hideHoleCards: true });
    expect(history.actions.slice(0, 3).map(formatAction)).toEqual([
      "d dh p1 JdKc",
      "d dh p2 ????",
      "d dh p3 ????",
    ]);
    expect(replayed(history)).toMatchObject({
      matches: true,
      finishingStacks: [10300, 9700, 10000, 10000, 10000, 10000],
    });
  });

  it("writes Felt's fixed-limit options that PHH has no field for", () => {
    const start: StartHand = {
      type: "start",
      config: {
        game: "holdem",
        betting: "fixed-limit",
        smallBlind: 1,
        bigBlind: 2,
        raiseCap: null,
        oddChips: "pokerkit",
      },
      players: [
        { seat: 1, stack: 100 },
        { seat: 2, stack: 100 },
      ],
      button: 1,
      deck: STANDARD_DECK.slice(),
    };
    const history = exported(start, []);
    expect(history.extra).toEqual({ _felt_raise_cap: false });
    expect(history).toMatchObject({ smallBet: 2, bigBet: 4 });
  });

  it("T-10 writes the table's rake, so a raked hand replays to the stacks it ended with", () => {
    const rake = { basisPoints: 500, cap: 3, noFlopNoDrop: true };
    const start: StartHand = {
      type: "start",
      config: { game: "holdem", betting: "no-limit", smallBlind: 1, bigBlind: 2, rake },
      players: [
        { seat: 1, stack: 100 },
        { seat: 2, stack: 100 },
        { seat: 3, stack: 100 },
      ],
      button: 1,
      deck: STANDARD_DECK.slice(),
    };
    // A raise to 20 called twice, then checked down: a pot of 60, raked 5 % = 3 (the cap).
    const started = startHand(start);
    if (!started.ok) throw new Error(started.error.message);
    let state = started.state;
    const commands: Command[] = [];
    while (state.phase !== "complete" && state.toAct !== null) {
      const seat = state.toAct;
      const legal = legalActions(state, seat);
      const raise = state.street === "preflop" && legal.betOrRaise && legal.betOrRaise.min <= 20;
      const command: Command = raise
        ? { type: "betOrRaiseTo", seat, amount: 20 }
        : legal.call
          ? { type: "call", seat }
          : { type: "check", seat };
      const next = apply(state, command);
      if (!next.ok) throw new Error(next.error.message);
      commands.push(command);
      state = next.state;
    }
    const history = exported(start, commands);
    expect(history.extra).toMatchObject({
      _felt_rake_basis_points: 500,
      _felt_rake_cap: 3,
      _felt_rake_no_flop_no_drop: true,
    });
    const again = replayed(parsed(writePhh(history)));
    expect(again.matches).toBe(true);
    expect(again.finishingStacks.reduce((a, b) => a + b, 0)).toBe(300 - 3);
    // A file whose rake fields do not make a rake rule is refused, not replayed without it.
    const broken = { ...history, extra: { ...history.extra, _felt_rake_cap: -1 } };
    expect(replayHistory(broken)).toMatchObject({ ok: false });
  });

  it("refuses games PHH has no code for, and illegal commands with the engine's code", () => {
    const start: StartHand = {
      type: "start",
      config: { game: "holdem", betting: "pot-limit", smallBlind: 1, bigBlind: 2 },
      players: [
        { seat: 1, stack: 100 },
        { seat: 2, stack: 100 },
      ],
      button: 1,
      deck: STANDARD_DECK.slice(),
    };
    expect(exportHand(start, [])).toMatchObject({
      ok: false,
      error: { code: "phh_unsupported_variant" },
    });
    const nl = { ...start, config: { ...start.config, betting: "no-limit" as const } };
    expect(exportHand(nl, [{ type: "check", seat: 2 }])).toMatchObject({
      ok: false,
      error: { code: "not_your_turn" },
    });
  });
});

/** A random hand played by random legal actions; `choices` drive every decision. */
function playRandomHand(
  start: StartHand,
  choices: readonly number[],
): { commands: Command[]; state: HandState } {
  const started = startHand(start);
  if (!started.ok) throw new Error(`${started.error.code}: ${started.error.message}`);
  let state = started.state;
  const commands: Command[] = [];
  for (const choice of choices) {
    const seat = state.toAct;
    if (state.phase === "complete" || seat === null) break;
    const legal = legalActions(state, seat);
    const options: Command[] = [];
    if (legal.check) options.push({ type: "check", seat }, { type: "check", seat });
    if (legal.call) options.push({ type: "call", seat }, { type: "call", seat });
    if (legal.fold) options.push({ type: "fold", seat });
    if (legal.betOrRaise) {
      const { min, max } = legal.betOrRaise;
      // Favour the boundaries: minimum raises, all-ins and pot-size bets are where the rules bite.
      const between = raiseAmountAt(legal.betOrRaise, (choice % (max - min + 1)) / (max - min + 1));
      for (const amount of [min, max, between]) {
        options.push({ type: "betOrRaiseTo", seat, amount });
      }
    }
    const command = options[choice % options.length] as Command;
    const result = apply(state, command);
    if (!result.ok)
      throw new Error(`legal action refused: ${result.error.code} ${JSON.stringify(command)}`);
    state = result.state;
    commands.push(command);
  }
  return { commands, state };
}

const startArb = fc
  .record({
    variant: fc.constantFrom<["holdem" | "omaha", HandConfig["betting"]]>(
      ["holdem", "no-limit"],
      ["holdem", "fixed-limit"],
      ["omaha", "pot-limit"],
    ),
    count: fc.integer({ min: 2, max: 6 }),
    bigBlind: fc.integer({ min: 2, max: 10 }),
    ante: fc.constantFrom(0, 0, 1, 3),
    anteKind: fc.constantFrom<"each" | "big-blind">("each", "big-blind"),
    oddChips: fc.constantFrom<"one-per-winner" | "pokerkit">("one-per-winner", "pokerkit"),
    stacks: fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 6, maxLength: 6 }),
    seats: fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { minLength: 6, maxLength: 6 }),
    button: fc.nat(),
    deck: fc.shuffledSubarray(STANDARD_DECK.slice(), { minLength: 52, maxLength: 52 }),
    // T-10: a cash table's rake, or none (tournaments).
    rake: fc.option(
      fc.record({
        basisPoints: fc.integer({ min: 0, max: 1000 }),
        cap: fc.integer({ min: 0, max: 30 }),
        noFlopNoDrop: fc.boolean(),
      }),
      { nil: null },
    ),
  })
  .map(
    ({
      variant: [game, betting],
      count,
      bigBlind,
      ante,
      anteKind,
      oddChips,
      stacks,
      seats,
      button,
      deck,
      rake,
    }) => {
      const clockwise = seats.slice(0, count).sort((a, b) => a - b);
      const config: HandConfig = {
        game,
        betting,
        smallBlind: Math.floor(bigBlind / 2),
        bigBlind,
        ...(ante > 0 ? { ante, anteKind } : {}),
        oddChips,
        rake,
      };
      const start: StartHand = {
        type: "start",
        config,
        players: clockwise.map((seat, i) => ({ seat, stack: stacks[i] as number })),
        button: clockwise[button % count] as number,
        deck,
      };
      return start;
    },
  );

describe("round trip: engine hand → PHH → engine", () => {
  it("random legal hands export, write, parse and replay to the same finishing stacks", () => {
    fc.assert(
      fc.property(
        startArb,
        fc.array(fc.nat(), { minLength: 120, maxLength: 120 }),
        (start, choices) => {
          const { commands, state } = playRandomHand(start, choices);
          const history = exported(start, commands);
          const text = writePhh(history);
          const again = parsePhh(text);
          if (!again.ok) throw new Error(`${again.error.code}: ${again.error.message}\n${text}`);
          const result = replayHistory(again.history);
          if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}\n${text}`);
          // PHH order starts left of the button; compare by seat.
          const bySeat = new Map(state.players.map((p) => [p.seat, p.stack]));
          expect(result.finishingStacks).toEqual(history.seats?.map((seat) => bySeat.get(seat)));
          expect(result.matches).toBe(true);
        },
      ),
      { numRuns: sized(60, 200) },
    );
  });
});
