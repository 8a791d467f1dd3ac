import { describe, expect, it } from "vitest";
import { parseCards } from "../cards";
import { formatAction, parseAction } from "./actions";
import { parsePhh, parsePhhs, parsePhhsEntries } from "./parse";
import { FIXTURES, fixture } from "./test-fixtures";
import type { HandHistory, PhhAction } from "./types";
import { writePhh, writePhhs } from "./write";

const parsed = (text: string): HandHistory => {
  const result = parsePhh(text);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.history;
};

const errorOf = (text: string) => {
  const result = parsePhh(text);
  if (result.ok) throw new Error("expected an error");
  return result.error;
};

const NT = `variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
`;
const withActions = (...actions: string[]) => `${NT}actions = ${JSON.stringify(actions)}\n`;

describe("parsePhh", () => {
  it("reads the hand-history.md NT example into typed fields (players in PHH order)", () => {
    const history = parsed(fixture("phh-md-nt-side-pot.phh"));
    expect(history).toMatchObject({
      variant: "NT",
      antes: [1, 1, 1],
      blindsOrStraddles: [1, 2, 0],
      minBet: 2,
      startingStacks: [50, 12, 26],
      finishingStacks: [52, 36, 0],
    });
    expect(history.actions.slice(0, 4)).toEqual([
      { kind: "dealHole", player: 0, cards: parseCards("7sKs") },
      { kind: "dealHole", player: 1, cards: parseCards("6h9s") },
      { kind: "dealHole", player: 2, cards: parseCards("5h8s") },
      { kind: "betOrRaiseTo", player: 2, amount: 25 },
    ]);
    expect(history.actions.at(-3)).toEqual({ kind: "dealBoard", cards: parseCards("AhQd3d") });
  });

  it("reads FT units and PO hole cards", () => {
    const ft = parsed(fixture("phh-md-ft-heads-up-split.phh"));
    expect(ft).toMatchObject({ variant: "FT", smallBet: 2, bigBet: 4 });
    expect(ft.minBet).toBeUndefined();
    const po = parsed(fixture("phh-md-po-heads-up-pot-raises.phh"));
    expect(po.actions[1]).toEqual({ kind: "dealHole", player: 1, cards: parseCards("As9c7h5s") });
  });

  it("reads PokerKit's own files: TOML comments, double quotes, unknown cards, optional fields", () => {
    const history = parsed(fixture("pokerkit-dwan-ivey-2009.phh"));
    expect(history.anteTrimmingStatus).toBe(true);
    expect(history.actions[1]).toEqual({ kind: "dealHole", player: 1, cards: [null, null] });
    expect(history.players).toEqual(["Phil Ivey", "Patrik Antonius", "Tom Dwan"]);
    expect(history.currency).toBe("USD");
    expect(history.extra).toEqual({
      author: "Juho Kim",
      event: "Full Tilt Million Dollar Cash Game S4E12",
      year: 2009,
    });
  });

  it("keeps unknown and `_` user fields, in file order", () => {
    const history = parsed(
      `${NT}actions = []\nzeta = 1\n_note = 'mine'\nalpha = [1, 2]\ntime = 21:05:00\n`,
    );
    expect(Object.keys(history.extra)).toEqual(["zeta", "_note", "alpha", "time"]);
    expect(history.extra._note).toBe("mine");
    const again = parsed(writePhh(history));
    expect(again.extra).toEqual(history.extra);
  });

  it("accepts `inf` starting stacks (unknown)", () => {
    const history = parsed(`${NT.replace("[100, 100, 100]", "[inf, 100, 100]")}actions = []\n`);
    expect(history.startingStacks[0]).toBe(Number.POSITIVE_INFINITY);
    expect(parsed(writePhh(history)).startingStacks[0]).toBe(Number.POSITIVE_INFINITY);
  });

  it("phh_syntax on invalid TOML, with the line", () => {
    const error = errorOf("variant = 'NT'\nantes = [1,\n");
    expect(error.code).toBe("phh_syntax");
    expect(error.message).toMatch(/^line \d+, column \d+/);
  });

  it("phh_missing_field for each required field of the variant", () => {
    expect(errorOf("antes = []").code).toBe("phh_missing_field");
    expect(errorOf(NT).message).toContain('"actions"');
    expect(errorOf(`${NT.replace("min_bet = 2\n", "")}actions = []`).message).toContain(
      '"min_bet"',
    );
    const ft = fixture("phh-md-ft-heads-up-split.phh").replace("big_bet = 4\n", "");
    expect(errorOf(ft)).toMatchObject({
      code: "phh_missing_field",
      message: expect.stringContaining("big_bet"),
    });
  });

  it("phh_unsupported_variant for the spec's other games (PokerKit's NS and F2L3D files)", () => {
    expect(errorOf(fixture("rejected/pokerkit-phua-xuan-2019.phh")).code).toBe(
      "phh_unsupported_variant",
    );
    expect(errorOf(fixture("rejected/pokerkit-arieh-yockey-2019.phh")).code).toBe(
      "phh_unsupported_variant",
    );
  });

  it("phh_bad_amount for fractional chips (PokerKit's Antonius–Blom file) and negative amounts", () => {
    const error = errorOf(fixture("rejected/pokerkit-antonius-blom-2009.phh"));
    expect(error.code).toBe("phh_bad_amount");
    expect(error.message).toContain("1259450.25");
    expect(errorOf(`${NT.replace("[0, 0, 0]", "[0, -1, 0]")}actions = []`).code).toBe(
      "phh_bad_amount",
    );
  });

  it("phh_bad_field for wrong shapes and fields of another variant", () => {
    expect(errorOf(`${NT.replace("[0, 0, 0]", "[0, 0]")}actions = []`).code).toBe("phh_bad_field");
    expect(errorOf(`${NT.replace("[0, 0, 0]", "0")}actions = []`).code).toBe("phh_bad_field");
    expect(errorOf(`${NT}actions = []\nsmall_bet = 2`).code).toBe("phh_bad_field");
    expect(errorOf(`${NT}actions = []\nbring_in = 1`).code).toBe("phh_bad_field");
    expect(errorOf(`${NT}actions = []\nplayers = ['a', 'b']`).code).toBe("phh_bad_field");
    expect(errorOf(`${NT}actions = [1]`).code).toBe("phh_bad_field");
    expect(errorOf(`${NT}actions = []\nseats = [1, 1, 2]`).code).toBe("phh_bad_field");
    expect(
      errorOf(
        `${NT.replace("[100, 100, 100]", "[100]")
          .replace(/\[0, 0, 0\]/, "[0]")
          .replace("[1, 2, 0]", "[1]")}actions = []`,
      ).code,
    ).toBe("phh_bad_field");
  });

  it("phh_bad_action with the action's index", () => {
    const error = errorOf(withActions("p3 cc", "p1 xx"));
    expect(error.code).toBe("phh_bad_action");
    expect(error.message).toContain("actions[1]");
    expect(errorOf(withActions("p4 cc")).code).toBe("phh_bad_action");
    expect(errorOf(withActions("p0 cc")).code).toBe("phh_bad_action");
    expect(errorOf(withActions("p1 cc 2")).code).toBe("phh_bad_action");
    expect(errorOf(withActions("p1 sd")).code).toBe("phh_bad_action");
    expect(errorOf(withActions("p1 pb")).code).toBe("phh_bad_action");
    expect(errorOf(withActions("d dh p1 AcKdQh")).code).toBe("phh_bad_action");
    expect(errorOf(withActions("d dh p1 AcKd", "d dh p1 QhJh")).code).toBe("phh_bad_action");
    expect(errorOf(withActions("d db AcKd")).code).toBe("phh_bad_action");
    expect(errorOf(withActions("d db AcKdQh", "d db 2c", "d db 3c", "d db 4c")).code).toBe(
      "phh_bad_action",
    );
  });

  it("phh_bad_amount for non-integer bets, phh_bad_card for bad or repeated cards", () => {
    expect(errorOf(withActions("p3 cbr 2.5")).code).toBe("phh_bad_amount");
    expect(errorOf(withActions("p3 cbr 0")).code).toBe("phh_bad_amount");
    expect(errorOf(withActions("d dh p1 AcKx")).code).toBe("phh_bad_card");
    expect(errorOf(withActions("d dh p1 AcKd", "d dh p2 AcQd")).code).toBe("phh_bad_card");
    expect(errorOf(withActions("d db AcKd??")).code).toBe("phh_bad_card");
  });

  it("phh_card_mismatch when a player shows cards he was not dealt", () => {
    expect(errorOf(withActions("d dh p1 AcKd", "p1 sm AcQd")).code).toBe("phh_card_mismatch");
    // Shown cards fill in hole cards dealt unknown (and may be shown in any order).
    expect(parsed(withActions("d dh p1 Ac??", "p1 sm KdAc")).actions).toHaveLength(2);
  });
});

describe("action strings", () => {
  const cases: [string, PhhAction][] = [
    ["d dh p3 AcKd", { kind: "dealHole", player: 2, cards: parseCards("AcKd") }],
    ["d dh p1 ????", { kind: "dealHole", player: 0, cards: [null, null] }],
    ["d db 7dTcAd", { kind: "dealBoard", cards: parseCards("7dTcAd") }],
    ["p2 f", { kind: "fold", player: 1 }],
    ["p2 cc", { kind: "checkOrCall", player: 1 }],
    ["p2 cbr 70", { kind: "betOrRaiseTo", player: 1, amount: 70 }],
    ["p2 sm As9c7h5s", { kind: "showOrMuck", player: 1, show: parseCards("As9c7h5s") }],
    ["p2 sm", { kind: "showOrMuck", player: 1, show: false }],
    ["p2 sm -", { kind: "showOrMuck", player: 1, show: "dealt" }],
    ["p2 cbr 70 # a raise", { kind: "betOrRaiseTo", player: 1, amount: 70, comment: "a raise" }],
    ["# only a comment", { kind: "none", comment: "only a comment" }],
    ["", { kind: "none" }],
  ];
  for (const [text, action] of cases) {
    it(`"${text}" parses and formats back`, () => {
      expect(parseAction(text, 4)).toEqual({ ok: true, value: action });
      expect(formatAction(action)).toBe(text);
    });
  }

  it("tolerates extra whitespace; a `#` inside a word is not a comment", () => {
    expect(parseAction("  p1   cc  ", 2)).toEqual({
      ok: true,
      value: { kind: "checkOrCall", player: 0 },
    });
    expect(parseAction("p1 cc#x", 2).ok).toBe(false);
  });
});

describe("writePhh", () => {
  it("writes PokerKit's layout with one action per line", () => {
    const text = writePhh(parsed(fixture("phh-md-nt-side-pot.phh")));
    expect(text).toBe(`variant = 'NT'
antes = [1, 1, 1]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [50, 12, 26]
actions = [
  'd dh p1 7sKs',
  'd dh p2 6h9s',
  'd dh p3 5h8s',
  'p3 cbr 25',
  'p1 cc',
  'p2 cc',
  'p3 sm 5h8s',
  'p1 sm 7sKs',
  'p2 sm 6h9s',
  'd db AhQd3d',
  'd db 6s',
  'd db Qs',
]
finishing_stacks = [52, 36, 0]
`);
  });

  it("round-trips every accepted fixture: parse(write(h)) = h", () => {
    for (const [name, text] of Object.entries(FIXTURES)) {
      if (!name.endsWith(".phh") || name.startsWith("rejected/")) continue;
      const history = parsed(text);
      expect(parsed(writePhh(history)), name).toEqual(history);
    }
  });

  it("escapes what a literal string cannot hold; writes tables inline", () => {
    const history = parsed(
      `${NT}actions = []\nplayers = ["it's", "a\\"b", "tab\\there"]\n_t = { a = 1, b = { c = [1, 2] } }\n`,
    );
    const text = writePhh(history);
    expect(text).toContain(`players = ["it's", 'a"b', "tab\\there"]`);
    expect(text).toContain("_t = { a = 1, b = { c = [1, 2] } }");
    expect(parsed(text)).toEqual(history);
  });
});

describe(".phhs", () => {
  it("reads numbered tables in order and writes them back", () => {
    const result = parsePhhs(fixture("pokerkit-pluribus-100.phhs"));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.histories.map((h) => h.hand)).toEqual([0, 4, 7, 9, 11]);
    expect(result.histories[0]).toEqual(parsed(fixture("pokerkit-pluribus-100-0.phh")));
    const again = parsePhhs(writePhhs(result.histories));
    expect(again).toEqual(result);
  });

  it("reports a bad hand with its table name; entries keep the good ones", () => {
    const text = `[1]\n${withActions("p3 cc")}\n[2]\n${withActions("p3 zz")}`;
    const all = parsePhhs(text);
    expect(all).toMatchObject({ ok: false, error: { code: "phh_bad_action", hand: "2" } });
    const entries = parsePhhsEntries(text);
    if (!entries.ok) throw new Error("syntax");
    expect(entries.entries.map((e) => [e.name, e.result.ok])).toEqual([
      ["1", true],
      ["2", false],
    ]);
  });

  it("refuses top-level fields outside the hand tables", () => {
    expect(parsePhhs(`x = 1\n[1]\n${withActions()}`)).toMatchObject({
      ok: false,
      error: { code: "phh_bad_field" },
    });
  });
});
