import { describe, expect, it } from "vitest";
import { apply, type HandEvent, type HandState, startHand } from "../hand";
import { paidBy } from "./order";
import { parsePhh, parsePhhs } from "./parse";
import { replayHistory, startCommandOf } from "./replay";
import { fixture } from "./test-fixtures";
import type { HandHistory } from "./types";

const history = (text: string): HandHistory => {
  const result = parsePhh(text);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.history;
};

const replayed = (text: string) => {
  const result = replayHistory(history(text));
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result;
};

const replayError = (text: string) => {
  const result = replayHistory(history(text));
  if (result.ok) throw new Error("expected an error");
  return result.error;
};

/** Every event of a replay, from its start command and commands. */
const replayEvents = (result: ReturnType<typeof replayed>): HandEvent[] => {
  const started = startHand(result.start);
  if (!started.ok) throw new Error(started.error.message);
  const events = [...started.events];
  let state: HandState = started.state;
  for (const command of result.commands) {
    const next = apply(state, command);
    if (!next.ok) throw new Error(next.error.message);
    events.push(...next.events);
    state = next.state;
  }
  return events;
};

/** Every file's finishing_stacks were computed by hand (felt-*) or by PokerKit (phh-md-*, pokerkit-*). */
const FILES: [string, string][] = [
  [
    "phh-md-nt-side-pot.phh",
    "SP-0 SP-3 hand-history.md NT example: antes in the main pot, side pot to AK",
  ],
  [
    "phh-md-ft-heads-up-split.phh",
    "SP-2 B-6 hand-history.md FT example: heads-up all-in call for less, split 5/5",
  ],
  [
    "phh-md-po-heads-up-pot-raises.phh",
    "B-5 hand-history.md PO example: pot raises to 70 and 220, 27 uncalled back",
  ],
  ["pokerkit-pluribus-100-0.phh", "B-8 PokerKit Pluribus hand 0: river bet, fold"],
  ["pokerkit-pluribus-100-4.phh", "B-2 PokerKit Pluribus hand 4: turn check-raise, river fold"],
  ["pokerkit-pluribus-100-7.phh", "SP-0 PokerKit Pluribus hand 7: 4-bet, uncalled chips back"],
  ["pokerkit-pluribus-100-9.phh", "S-2 PokerKit Pluribus hand 9: the loser mucks at showdown"],
  ["pokerkit-pluribus-100-11.phh", "S-2 PokerKit Pluribus hand 11: checked river, loser mucks"],
  ["felt-nt-side-pots-4way.phh", "SP-0 SP-1 main pot and two side pots, uncalled turn bet back"],
  [
    "felt-nt-heads-up-allin-runout.phh",
    "T-2 B-8 heads-up all-in preflop, board run out, hands shown first",
  ],
  [
    "felt-nt-split-odd-chips-pokerkit.phh",
    "SP-2 PokerKit odd chips: whole remainder to the first winner from p1",
  ],
  [
    "felt-nt-split-odd-chips-one-per-winner.phh",
    "SP-2 one odd chip per winner when the file says so",
  ],
  [
    "felt-nt-big-blind-ante-side-pot.phh",
    "SP-3 big-blind ante is dead money in the main pot, not a side-pot level",
  ],
  [
    "felt-nt-heads-up-big-blind-ante.phh",
    "T-2 SP-3 heads-up big-blind ante at index 1 is paid by p1 (the big blind)",
  ],
  [
    "felt-nt-heads-up-postflop-order.phh",
    "T-2 T-3 heads-up: button first preflop, big blind first after",
  ],
  ["felt-ft-cap-postflop.phh", "B-6 fixed limit capped at 4 bets on the flop and river"],
  ["felt-ft-cap-preflop.phh", "B-6 fixed limit preflop: the big blind is the first of the 4 bets"],
  [
    "felt-ft-complete-after-short-allin.phh",
    "B-6 Decision: a short all-in bet is completed to the full bet, then raised a unit",
  ],
  [
    "felt-po-pot-raises-multiway.phh",
    "B-5 pot limit: call 2, raise to 4, pot to 17; short all-in raise",
  ],
  [
    "felt-po-heads-up-split-odd-chip.phh",
    "SP-2 Omaha split with exactly two hole cards, odd chip to p1",
  ],
  ["felt-nt-walk.phh", "B-8 everyone folds to the big blind"],
  [
    "felt-nt-stops-mid-hand.phh",
    "PHH a hand may stop mid-round: bets in front are not in the stacks",
  ],
  ["felt-nt-short-allin-no-reopen.phh", "B-3 a short all-in does not reopen; the raiser calls"],
  [
    "felt-f5d-reshuffle-players-copy.phh",
    "§4 S-3 a player's copy of a draw with two reshuffles: the unseen cards (`??`) decide nothing",
  ],
];

describe("replayHistory: fixtures replay to their finishing_stacks", () => {
  for (const [file, title] of FILES) {
    it(title, () => {
      const result = replayed(fixture(file));
      expect(result.expected).toBeDefined();
      expect(result.finishingStacks).toEqual(result.expected);
      expect(result.matches).toBe(true);
    });
  }

  it("S-1 PokerKit's Dwan–Ivey pot: 7-high straight beats the wheel, 572,100 uncalled back to Ivey", () => {
    // The file has no finishing_stacks: Ivey 1,125,600 − 500 − 23,000 − 35,000 − 495,000 = 572,100;
    // Antonius loses ante and big blind; Dwan wins 1,500 + 2,000 + 2 × (23,000 + 35,000 + 495,000).
    const result = replayed(fixture("pokerkit-dwan-ivey-2009.phh"));
    expect(result.finishingStacks).toEqual([572100, 1997500, 1109500]);
    expect(result.expected).toBeUndefined();
    expect(result.matches).toBe(true);
  });

  it("replays every hand of a .phhs file", () => {
    const all = parsePhhs(fixture("pokerkit-pluribus-100.phhs"));
    if (!all.ok) throw new Error(all.error.message);
    for (const hand of all.histories)
      expect(replayHistory(hand)).toMatchObject({ ok: true, matches: true });
  });

  it("reports a mismatch with the file's finishing_stacks", () => {
    const text = fixture("phh-md-nt-side-pot.phh").replace("[52, 36, 0]", "[53, 35, 0]");
    expect(replayed(text)).toMatchObject({
      finishingStacks: [52, 36, 0],
      expected: [53, 35, 0],
      matches: false,
    });
  });
});

describe("replayHistory: illegal actions give the engine's error code", () => {
  const ILLEGAL: [string, string][] = [
    ["illegal/nt-not-your-turn.phh", "T-3 p1 may not act first before the flop"],
    ["illegal/nt-below-min-raise.phh", "B-2 a re-raise must be at least the last raise"],
    ["illegal/nt-bet-below-min.phh", "B-2 the minimum bet is the big blind"],
    ["illegal/nt-reraise-after-short-allin.phh", "B-3 a short all-in does not reopen the betting"],
    ["illegal/po-above-pot.phh", "B-5 no raise above the pot"],
    ["illegal/ft-fifth-bet-postflop.phh", "B-6 no fifth bet in fixed limit"],
    [
      "illegal/ft-raise-sized-from-short-allin.phh",
      "B-6 Decision: no raise sized from a short all-in (PokerKit's 5 where 4 or 8 are right)",
    ],
    [
      "illegal/ft-preflop-raise-to-10.phh",
      "B-6 preflop cap at 4 bets counting the blind (PokerKit allows a fifth)",
    ],
  ];
  for (const [file, title] of ILLEGAL) {
    it(title, () => {
      const text = fixture(file);
      const code = history(text).extra._expected_error;
      expect(replayError(text).code).toBe(code);
    });
  }

  it("names the action in the message", () => {
    expect(replayError(fixture("illegal/po-above-pot.phh")).message).toMatch(
      /^actions\[3\] "p3 cbr 8": /,
    );
  });
});

const NT3 = (actions: string[], extra = "") => `variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ${JSON.stringify(actions)}
${extra}`;

describe("replayHistory: how actions map to the engine", () => {
  it("B-1 `cc` is a call when there is a bet to match and a check otherwise", () => {
    const result = replayed(NT3(["p3 cc", "p1 cc", "p2 cc", "d db 2c7dJs", "p1 cc"]));
    expect(result.commands.map((c) => c.type)).toEqual(["call", "call", "check", "check"]);
  });

  it("S-2 `sm` lines replay in the engine's showdown order whatever the file's order", () => {
    const text = fixture("felt-ft-cap-postflop.phh").replace(
      "  'p1 sm QhQd # S-2 the last aggressor shows first',\n  'p3 sm As9h',",
      "  'p3 sm As9h',\n  'p1 sm QhQd',",
    );
    expect(text).not.toBe(fixture("felt-ft-cap-postflop.phh"));
    const result = replayed(text);
    expect(result.matches).toBe(true);
    expect(replayEvents(result).flatMap((e) => (e.type === "handShown" ? [e.seat] : []))).toEqual([
      1, 3,
    ]);
  });

  it("`pN sm -` shows what was dealt", () => {
    const text = fixture("pokerkit-pluribus-100-9.phh").replace("'p1 sm JdKc'", "'p1 sm -'");
    expect(replayed(text).matches).toBe(true);
  });

  it("phh_out_of_order when the file deals the board before the round is over, or acts before dealing it", () => {
    expect(replayError(NT3(["p3 cc", "d db 2c7dJs"])).code).toBe("phh_out_of_order");
    expect(replayError(NT3(["p3 cc", "p1 cc", "p2 cc", "p1 cc"])).code).toBe("phh_out_of_order");
    expect(replayError(NT3(["p3 cc", "p1 sm"])).code).toBe("phh_out_of_order");
  });

  it("phh_bad_action when a folded player shows", () => {
    const text = fixture("pokerkit-pluribus-100-9.phh").replace("'p2 sm'", "'p3 sm'");
    expect(replayError(text).code).toBe("phh_bad_action");
  });

  it("phh_incomplete when the showdown would rest on cards the file does not give", () => {
    const allIn = ["d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 QcQd", "p3 cbr 100", "p1 cc", "p2 f"];
    expect(replayError(NT3(allIn)).code).toBe("phh_incomplete");
    const unknown = ["d dh p1 AcAd", "d dh p2 ????", "d dh p3 QcQd", "p3 f", "p1 cbr 100", "p2 cc"];
    const board = ["d db 2c7dJs", "d db 3h", "d db 9s"];
    expect(replayError(NT3([...unknown, ...board])).code).toBe("phh_incomplete");
    // Revealed at showdown, the same cards decide the pot.
    expect(
      replayed(NT3([...unknown, "p1 sm AcAd", "p2 sm KcKd", ...board])).finishingStacks,
    ).toEqual([200, 0, 100]);
  });

  it("`inf` stacks replay with a deep stand-in and finish as `inf`", () => {
    const text = NT3(["p3 f", "p1 cbr 50", "p2 f"]).replace("[100, 100, 100]", "[inf, 100, 100]");
    expect(replayed(text).finishingStacks).toEqual([Number.POSITIVE_INFINITY, 98, 100]);
  });
});

describe("startCommandOf: PHH order → seats, button, forced bets", () => {
  it("T-1 p1 … pN sit on seats 1 … N clockwise; the button is pN", () => {
    const built = startCommandOf(history(NT3([])));
    if (!built.ok) throw new Error(built.error.message);
    expect(built.start.players.map((p) => p.seat)).toEqual([1, 2, 3]);
    expect(built.start.button).toBe(3);
    expect(built.start.config).toEqual({
      game: "holdem",
      betting: "no-limit",
      smallBlind: 1,
      bigBlind: 2,
      oddChips: "pokerkit",
    });
  });

  it("T-2 heads-up p2 is the button (small blind) and p1 the big blind", () => {
    const built = startCommandOf(history(fixture("felt-nt-heads-up-big-blind-ante.phh")));
    if (!built.ok) throw new Error(built.error.message);
    expect(built.start.button).toBe(2);
    expect(built.start.config).toMatchObject({
      smallBlind: 25,
      bigBlind: 50,
      ante: 50,
      anteKind: "big-blind",
    });
  });

  it("B-6 FT units and uniform antes", () => {
    const built = startCommandOf(history(fixture("phh-md-ft-heads-up-split.phh")));
    if (!built.ok) throw new Error(built.error.message);
    expect(built.start.config).toMatchObject({
      betting: "fixed-limit",
      smallBet: 2,
      bigBet: 4,
      ante: 1,
      anteKind: "each",
    });
  });

  it("phh_unsupported for straddles, odd antes and a min_bet other than the big blind", () => {
    const straddle = NT3([]).replace("[1, 2, 0]", "[1, 2, 4]");
    expect(startCommandOf(history(straddle))).toMatchObject({
      ok: false,
      error: { code: "phh_unsupported" },
    });
    const antes = NT3([]).replace("[0, 0, 0]", "[1, 2, 3]");
    expect(startCommandOf(history(antes))).toMatchObject({
      ok: false,
      error: { code: "phh_unsupported" },
    });
    const minBet = NT3([]).replace("min_bet = 2", "min_bet = 4");
    expect(startCommandOf(history(minBet))).toMatchObject({
      ok: false,
      error: { code: "phh_unsupported" },
    });
    expect(replayHistory(history(minBet))).toMatchObject({
      ok: false,
      error: { code: "phh_unsupported" },
    });
  });

  it("T-2 heads-up forced-bet arrays are written [SB, BB] and paid reversed: p1 pays index 1", () => {
    expect(paidBy([25, 50])).toEqual([50, 25]);
    expect(paidBy([1, 2, 0])).toEqual([1, 2, 0]);
  });

  it("phh_unsupported for ante trimming when a stack is short of its ante", () => {
    const text = NT3([], "ante_trimming_status = true").replace("[0, 0, 0]", "[5, 5, 5]");
    expect(startCommandOf(history(text)).ok).toBe(true);
    const short = text.replace("[100, 100, 100]", "[100, 3, 100]");
    expect(startCommandOf(history(short))).toMatchObject({
      ok: false,
      error: { code: "phh_unsupported" },
    });
  });

  it("reads Felt's table options from `_felt_` user fields", () => {
    const text =
      fixture("felt-ft-cap-preflop.phh") +
      "_felt_raise_cap = false\n_felt_odd_chips = 'one-per-winner'\n";
    const built = startCommandOf(history(text));
    expect(built).toMatchObject({
      ok: true,
      start: { config: { raiseCap: null, oddChips: "one-per-winner" } },
    });
    const bad = `${fixture("felt-ft-cap-preflop.phh")}_felt_odd_chips = 'some'\n`;
    expect(startCommandOf(history(bad))).toMatchObject({
      ok: false,
      error: { code: "phh_bad_field" },
    });
  });
});
