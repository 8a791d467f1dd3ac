import { describe, expect, it } from "vitest";
import { parseCards } from "../cards";
import { parsePhh } from "./parse";
import { playersCopy } from "./redact";
import { type ReplayStep, replaySteps } from "./steps";
import { fixture } from "./test-fixtures";
import type { HandHistory } from "./types";

const history = (text: string): HandHistory => {
  const result = parsePhh(text);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.history;
};

const steps = (h: HandHistory, viewer?: number): ReplayStep[] => {
  const result = replaySteps(h, viewer === undefined ? {} : { viewer });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  expect(result.matches).toBe(true);
  return result.steps;
};

const last = (s: ReplayStep[]) => s.at(-1) as ReplayStep;
const stacks = (step: ReplayStep) => step.players.map((p) => p.stack);

/** A player's copy, as the API's `history.get` gives it: others' unshown cards as `??`. */
function redact(h: HandHistory, viewer: number): HandHistory {
  const shown = new Set(
    h.actions.flatMap((a) => (a.kind === "showOrMuck" && a.show !== false ? [a.player] : [])),
  );
  return {
    ...h,
    actions: h.actions.map((a) =>
      a.kind === "dealHole" && a.player !== viewer && !shown.has(a.player)
        ? { ...a, cards: a.cards.map(() => null) }
        : a,
    ),
  };
}

const FIXTURES = [
  "phh-md-nt-side-pot.phh",
  "phh-md-ft-heads-up-split.phh",
  "phh-md-po-heads-up-pot-raises.phh",
  "pokerkit-pluribus-100-0.phh",
  "pokerkit-pluribus-100-9.phh",
  "pokerkit-pluribus-100-11.phh",
  "felt-nt-side-pots-4way.phh",
  "felt-nt-heads-up-allin-runout.phh",
  "felt-nt-big-blind-ante-side-pot.phh",
  "felt-ft-cap-postflop.phh",
  "felt-po-pot-raises-multiway.phh",
  "felt-po-heads-up-split-odd-chip.phh",
  "felt-nt-walk.phh",
];

/** Five-card draw, fixed limit: p1 draws one to aces full, p2 stands pat on a straight, p3 draws two and folds. */
const DRAW = [
  "variant = 'F5D'",
  "antes = [0, 0, 0]",
  "blinds_or_straddles = [1, 2, 0]",
  "small_bet = 2",
  "big_bet = 4",
  "starting_stacks = [20, 20, 20]",
  "actions = [",
  "  'd dh p1 AcAdKhKs7c',",
  "  'd dh p2 2c3d4h5s6c',",
  "  'd dh p3 QcQdJhTs9c',",
  "  'p3 cc',",
  "  'p1 cc',",
  "  'p2 cc',",
  "  'p1 sd 7c',",
  "  'd dh p1 Ah',",
  "  'p2 sd',",
  "  'p3 sd Ts9c',",
  "  'd dh p3 Qh8d',",
  "  'p1 cbr 4',",
  "  'p2 cc',",
  "  'p3 f',",
  "  'p1 sm AcAdKhKsAh',",
  "  'p2 sm 2c3d4h5s6c',",
  "]",
  "finishing_stacks = [28, 14, 18]",
  "",
].join("\n");

describe("replaySteps: a hand history as the states a replayer shows", () => {
  it.each(FIXTURES)("%s ends on the file's finishing stacks", (name) => {
    const h = history(fixture(name));
    const s = steps(h);
    expect(s[0]?.action).toBeNull();
    expect(stacks(last(s))).toEqual(h.finishingStacks);
    expect(last(s).phase).toBe("complete");
    // One step per betting action, show or muck, plus the deal.
    const acts = h.actions.filter((a) => ["fold", "checkOrCall", "betOrRaiseTo"].includes(a.kind));
    expect(
      s.filter((step) => step.action && step.action.kind !== "show" && step.action.kind !== "muck"),
    ).toHaveLength(acts.length);
  });

  it("SP-1 side pots: three pots gathered, awarded to three players, uncalled bet returned", () => {
    const s = steps(history(fixture("felt-nt-side-pots-4way.phh")));
    const turn = s.find((step) => step.street === "turn");
    expect(turn?.pots.map((p) => p.amount)).toEqual([160, 120, 60]);
    // p4 has not folded yet when the turn comes.
    expect(turn?.pots[0]?.eligible).toEqual([0, 1, 2, 3]);
    const fold = s.find((step) => step.action?.kind === "fold" && step.action.player === 3);
    expect(fold?.returned).toEqual([{ player: 0, amount: 20 }]);
    const end = last(s);
    expect(end.awards.map((a) => [a.pot, a.amount, a.winners.map((w) => w.player)])).toEqual([
      [0, 160, [1]],
      [1, 120, [2]],
      [2, 60, [0]],
    ]);
    expect(end.board).toEqual(parseCards("Ks9d4c2h7s"));
    expect(stacks(end)).toEqual([100, 160, 120, 90]);
    // The board grows street by street.
    expect([...new Set(s.map((step) => step.board.length))]).toEqual([0, 3, 4, 5]);
    const raise = s.find((step) => step.action?.kind === "raise" && step.action.player === 3);
    expect(raise?.action).toEqual({ kind: "raise", player: 3, amount: 70, allIn: false });
  });

  it("a player's copy: unknown cards replay and stay unknown; shown cards appear when shown", () => {
    const full = history(fixture("pokerkit-pluribus-100-9.phh"));
    const mine = redact(full, 0);
    expect(mine.actions.some((a) => a.kind === "dealHole" && a.cards.includes(null))).toBe(true);
    const s = steps(mine, 0);
    expect(stacks(last(s))).toEqual(full.finishingStacks);
    const unseen = mine.actions.flatMap((a) =>
      a.kind === "dealHole" && a.cards.includes(null) ? [a.player] : [],
    );
    for (const step of s) {
      for (const i of unseen) expect(step.players[i]?.cards.every((c) => c === null)).toBe(true);
      expect(step.players[0]?.cards.every((c) => c !== null)).toBe(true);
    }
  });

  it("a player's copy of a side-pot hand with a folded, unseen hand", () => {
    const full = history(fixture("felt-nt-side-pots-4way.phh"));
    const s = steps(redact(full, 1), 1);
    expect(stacks(last(s))).toEqual([100, 160, 120, 90]);
    expect(last(s).players[3]?.cards).toEqual([null, null]);
    // p1 shows at showdown: unknown before, his cards once shown.
    expect(s[0]?.players[0]?.cards).toEqual([null, null]);
    expect(last(s).players[0]?.cards).toEqual(parseCards("AcQc"));
  });

  it("Omaha: four hole cards per player, pot-limit raises", () => {
    const h = history(fixture("felt-po-pot-raises-multiway.phh"));
    const s = steps(redact(h, 3), 3);
    expect(s[0]?.players[3]?.cards).toEqual(parseCards("AcKc5s4d"));
    expect(s[0]?.players[0]?.cards).toEqual([null, null, null, null]);
    expect(stacks(last(s))).toEqual([99, 98, 83, 200, 220]);
    expect(last(s).awards[0]?.winners[0]?.category).not.toBeNull();
  });

  it("five-card draw: the draw step carries the discards; the final stacks match", () => {
    const h = history(DRAW);
    const s = steps(h, 0);
    const draws = s.filter((step) => step.action?.kind === "draw").map((step) => step.action);
    expect(draws).toEqual([
      { kind: "draw", player: 0, count: 1, discarded: parseCards("7c") },
      { kind: "draw", player: 1, count: 0, discarded: [] },
      { kind: "draw", player: 2, count: 2, discarded: parseCards("Ts9c") },
    ]);
    expect(s.map((step) => step.street)).toContain("postdraw");
    const afterDraw = s.find((step) => step.action?.kind === "draw" && step.action.player === 0);
    expect(afterDraw?.players[0]?.cards).toEqual(parseCards("AcAdKhKsAh"));
    expect(afterDraw?.players[0]?.discarded).toEqual(parseCards("7c"));
    expect(stacks(last(s))).toEqual([28, 14, 18]);
  });

  it("five-card draw, a player's copy: unknown hands and replacements, known or unknown discards", () => {
    const h = history(DRAW);
    const mine = redact(h, 0);
    const s = steps(mine, 0);
    expect(stacks(last(s))).toEqual([28, 14, 18]);
    expect(last(s).players[2]?.cards).toEqual([null, null, null, null, null]);
    expect(last(s).players[1]?.cards).toEqual(parseCards("2c3d4h5s6c"));

    const hidden = history(DRAW.replace("'p3 sd Ts9c'", "'p3 sd ????'"));
    const s2 = steps(redact(hidden, 0), 0);
    expect(stacks(last(s2))).toEqual([28, 14, 18]);
    const draw = s2.find((step) => step.action?.kind === "draw" && step.action.player === 2);
    expect(draw?.action).toEqual({ kind: "draw", player: 2, count: 2, discarded: [null, null] });
  });

  it("§4 S-3 five-card draw, a player's copy with two reshuffles: stand-ins stay unknown (issue 47)", () => {
    const copy = history(fixture("felt-f5d-reshuffle-players-copy.phh"));
    const s = steps(copy, 5);
    expect(stacks(last(s))).toEqual([48, 48, 62, 50, 48, 44]);
    // His own cards from the deal on; p2 folded unseen; p3 showed after the draw.
    expect(s[0]?.players[5]?.cards).toEqual(parseCards("Ts8sJhQs9s"));
    expect(last(s).players[5]?.cards).toEqual(parseCards("Qs9sTh7cQd"));
    for (const step of s) expect(step.players[1]?.cards.every((card) => card === null)).toBe(true);
    expect(last(s).players[2]?.cards).toEqual(parseCards("TdJsKcKh7h"));
  });

  it("refuses a history the engine cannot replay", () => {
    const h = history(fixture("felt-nt-side-pots-4way.phh"));
    const broken = { ...h, actions: h.actions.filter((a) => a.kind !== "fold") };
    expect(replaySteps(broken).ok).toBe(false);
  });
  it("ST-1 ST-2 stud: up cards for everyone as they fall, down cards only the viewer's, the bring-in marked", () => {
    const h = history(
      [
        "variant = 'F7S'",
        "antes = [0, 0, 0]",
        "bring_in = 1",
        "small_bet = 4",
        "big_bet = 8",
        "starting_stacks = [26, 102, 25]",
        "actions = ['d dh p1 Kh3sJh', 'd dh p2 3cQs4s', 'd dh p3 2hJc3h', 'p3 pb', 'p1 cc', 'p2 cbr 4', 'p3 cc', 'p1 f', 'd dh p2 7h', 'd dh p3 4h', 'p2 cc', 'p3 cbr 4', 'p2 cc', 'd dh p2 6d', 'd dh p3 Td', 'p3 cbr 8', 'p2 f']",
        "finishing_stacks = [25, 94, 34]",
        "",
      ].join("\n"),
    );
    // The copy the API gives p2 (redact.ts): up cards stay, the others' down cards are `??`.
    const s = steps(playersCopy(h, 1), 1);
    const first = s[0] as ReplayStep;
    expect(first.players.map((p) => p.upCards)).toEqual([
      parseCards("Jh"),
      parseCards("4s"),
      parseCards("3h"),
    ]);
    // The viewer (p2) sees his own down cards; the others' stay unknown.
    expect(first.players[1]?.cards).toEqual(parseCards("3cQs"));
    expect(first.players[0]?.cards).toEqual([null, null]);
    expect(first.players[2]?.cards).toEqual([null, null]);
    expect(first.upDealt.map((d) => d.player)).toEqual([0, 1, 2]);
    // ST-2: the lowest up card (3h) brings in.
    expect(s[1]?.action).toEqual({
      kind: "bet",
      player: 2,
      amount: 1,
      allIn: false,
      bringIn: true,
    });
    // 4th street: one more up card to each player still in, in the step that closed 3rd street.
    const fourth = s.find((step) => step.street === "fourth") as ReplayStep;
    expect(fourth.upDealt).toEqual([
      { player: 1, cards: parseCards("7h") },
      { player: 2, cards: parseCards("4h") },
    ]);
    expect(last(s).players[2]?.upCards).toEqual(parseCards("3h4hTd"));
    expect(last(s).players[0]?.upCards).toEqual(parseCards("Jh"));
  });
});
