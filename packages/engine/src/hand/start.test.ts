import { describe, expect, it } from "vitest";
import { type Card, formatCards, parseCards, STANDARD_DECK } from "../cards";
import { deckLayout, stackDeck } from "./deck";
import { startHand } from "./start";
import { eventsOfType, play, table } from "./test-support";
import type { HandConfig, StartHand } from "./types";

const NL: HandConfig = { game: "holdem", betting: "no-limit", smallBlind: 1, bigBlind: 2 };
const start = (overrides: Partial<StartHand> = {}) =>
  startHand({
    type: "start",
    config: NL,
    players: [
      { seat: 1, stack: 100 },
      { seat: 2, stack: 100 },
      { seat: 3, stack: 100 },
    ],
    button: 3,
    deck: STANDARD_DECK.slice(),
    ...overrides,
  });

describe("dealing", () => {
  it("T-1 hole cards go one at a time round the table starting left of the button", () => {
    const result = start({ button: 1 });
    if (!result.ok) throw new Error(result.error.message);
    const hole = Object.fromEntries(result.state.players.map((p) => [p.seat, p.holeCards]));
    // Left of seat 1 is seat 2: deck[0] and deck[3]; then seat 3; the button (seat 1) last.
    expect(hole).toEqual({ 2: [0, 3], 3: [1, 4], 1: [2, 5] });
    expect(eventsOfType(result.events, "holeCardsDealt").map((e) => e.seat)).toEqual([2, 3, 1]);
  });

  it("T-1 burn one card before the flop, the turn and the river", () => {
    const { state } = table({ stacks: [100, 100, 100] });
    const { state: end, events } = play(state, [
      "3 call",
      "1 call",
      "2 check",
      "1 check",
      "2 check",
      "3 check",
    ]);
    expect(eventsOfType(events, "boardDealt")[0]?.cards).toEqual([7, 8, 9]); // 6 hole cards, burn 6
    const { state: river } = play(end, ["1 check", "2 check", "3 check"]);
    expect(river.board).toEqual([7, 8, 9, 11, 13]);
    expect(deckLayout("holdem", 3)).toMatchObject({
      burns: [6, 10, 12],
      flop: [7, 8, 9],
      turn: 11,
      river: 13,
      size: 14,
    });
    expect(deckLayout("omaha", 2)).toMatchObject({
      hole: [
        [0, 2, 4, 6],
        [1, 3, 5, 7],
      ],
      burns: [8, 12, 14],
      size: 16,
    });
  });

  it("stackDeck places hole and board cards where the deal takes them", () => {
    const stacked = stackDeck(
      "holdem",
      [parseCards("AcKd"), [], parseCards("7h7s")],
      parseCards("2c3c4c5c6c"),
    );
    if (!stacked.ok) throw new Error(stacked.error.message);
    const { deck } = stacked;
    expect(deck).toHaveLength(52);
    expect(new Set(deck).size).toBe(52);
    expect(formatCards([deck[0], deck[3], deck[2], deck[5]] as Card[])).toBe("AcKd7h7s");
    expect(formatCards([deck[7], deck[8], deck[9], deck[11], deck[13]] as Card[])).toBe(
      "2c3c4c5c6c",
    );
    expect(stackDeck("holdem", [parseCards("AcKd"), parseCards("AcQd")]).ok).toBe(false);
  });

  it("T-1 a dead button: the first player after the empty seat is left of it", () => {
    const result = start({ button: 0 });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.state.players[result.state.buttonIndex]?.seat).toBe(3);
    expect(eventsOfType(result.events, "blindPosted").map((e) => e.seat)).toEqual([1, 2]);
  });
});

describe("blinds and the first action", () => {
  it("T-2 left of the button posts the small blind, the next player the big blind", () => {
    const { state, events } = table({ stacks: [100, 100, 100, 100] });
    expect(eventsOfType(events, "blindPosted")).toEqual([
      { type: "blindPosted", seat: 1, blind: "small", amount: 1, allIn: false },
      { type: "blindPosted", seat: 2, blind: "big", amount: 2, allIn: false },
    ]);
    expect(state.toAct).toBe(3);
  });

  it("T-2 heads-up: the button posts the small blind, acts first pre-flop and last afterwards", () => {
    const { state, events } = table({ stacks: [100, 100] }); // button = seat 2
    expect(eventsOfType(events, "blindPosted").map((e) => [e.seat, e.blind])).toEqual([
      [2, "small"],
      [1, "big"],
    ]);
    expect(state.toAct).toBe(2);
    const { state: flop } = play(state, ["2 call", "1 check"]);
    expect(flop.street).toBe("flop");
    expect(flop.toAct).toBe(1);
  });

  it("T-3 the big blind has the option when nobody raised; later rounds start left of the button", () => {
    const { state } = table({ stacks: [100, 100, 100, 100] });
    const { state: option } = play(state, ["3 call", "4 call", "1 call"]);
    expect(option.street).toBe("preflop");
    expect(option.toAct).toBe(2);
    const { state: flop } = play(option, ["2 check"]);
    expect(flop.street).toBe("flop");
    expect(flop.toAct).toBe(1);
    const { state: folded } = play(state, ["3 call", "4 call", "1 fold", "2 check"]);
    expect(folded.toAct).toBe(2); // the small blind folded: first active left of the button
  });

  it("T-2 a short big blind is all-in; the others still call the full big blind", () => {
    const { state, events } = table({ stacks: [100, 1, 100] });
    expect(eventsOfType(events, "blindPosted")[1]).toMatchObject({
      seat: 2,
      amount: 1,
      allIn: true,
    });
    expect(state.toAct).toBe(3);
    const { state: after } = play(state, ["3 call"]);
    expect(after.players[2]?.bet).toBe(2);
  });
});

describe("bad start commands are error values", () => {
  it.each([
    ["a short deck", { deck: STANDARD_DECK.slice(0, 13) }, "bad_deck"],
    ["a duplicate card", { deck: [0, 0, ...STANDARD_DECK.slice(2)] }, "bad_deck"],
    ["a card out of range", { deck: [52, ...STANDARD_DECK.slice(1)] }, "bad_deck"],
    ["no deck", { deck: undefined as unknown as Card[] }, "bad_deck"],
    ["one player", { players: [{ seat: 1, stack: 100 }] }, "invalid_players"],
    [
      "a repeated seat",
      {
        players: [
          { seat: 1, stack: 100 },
          { seat: 1, stack: 100 },
        ],
      },
      "invalid_players",
    ],
    [
      "a zero stack",
      {
        players: [
          { seat: 1, stack: 0 },
          { seat: 2, stack: 100 },
        ],
      },
      "invalid_stack",
    ],
    [
      "a fractional stack",
      {
        players: [
          { seat: 1, stack: 1.5 },
          { seat: 2, stack: 100 },
        ],
      },
      "invalid_stack",
    ],
    ["a NaN button", { button: Number.NaN }, "invalid_button"],
    ["a fractional blind", { config: { ...NL, bigBlind: 2.5 } }, "invalid_amount"],
    ["a negative ante", { config: { ...NL, ante: -1 } }, "invalid_amount"],
    [
      "an infinite stack",
      {
        players: [
          { seat: 1, stack: Number.POSITIVE_INFINITY },
          { seat: 2, stack: 1 },
        ],
      },
      "invalid_stack",
    ],
    [
      "stacks adding up past 2^53",
      {
        players: [
          { seat: 1, stack: 2 ** 52 },
          { seat: 2, stack: 2 ** 52 },
        ],
      },
      "invalid_stack",
    ],
    ["an unknown game", { config: { ...NL, game: "stud" as "holdem" } }, "invalid_config"],
    ["a small blind above the big", { config: { ...NL, smallBlind: 3 } }, "invalid_config"],
  ])("%s", (_name, overrides, code) => {
    const result = start(overrides as Partial<StartHand>);
    expect(result.ok ? "ok" : result.error.code).toBe(code);
  });

  it("not an object at all", () => {
    const result = startHand(null as unknown as StartHand);
    expect(result.ok ? "ok" : result.error.code).toBe("invalid_command");
  });
});
