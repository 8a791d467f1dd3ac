import { describe, expect, it } from "vitest";
import { STANDARD_DECK } from "../cards";
import { apply } from "./apply";
import { legalActions } from "./legal";
import { startHand } from "./start";
import { showingValue } from "./stud";
import { studDeck, studTable } from "./stud-test-support";
import { attempt, cards, eventsOfType, play, stacksOf } from "./test-support";
import type { HandState } from "./types";
import { eventsFor, viewFor } from "./view";

/** Stakes 1/2 read as bring-in 1, small bet 2, big bet 4 (ST-2, ST-4). */
const three = (later: string[] = [], extra = {}) =>
  studTable({
    stacks: [100, 100, 100],
    ante: 1,
    first: ["AsKs7h", "QdQc2c", "JhTh9d"],
    later,
    ...extra,
  });

const checkAround = (state: HandState): HandState => {
  let s = state;
  const street = s.street;
  while (s.phase !== "complete" && s.street === street && s.toAct !== null)
    s = play(s, [`${s.toAct} check`]).state;
  return s;
};

describe("ST-1 seven-card stud: antes, two down and one up, then up, up, up, down", () => {
  it("ST-1 antes are posted, each player gets two down cards and one up card on third street", () => {
    const { state, events } = three();
    expect(eventsOfType(events, "antePosted").map((e) => e.amount)).toEqual([1, 1, 1]);
    expect(state.street).toBe("third");
    expect(state.players.map((p) => p.holeCards)).toEqual([
      cards("AsKs"),
      cards("QdQc"),
      cards("JhTh"),
    ]);
    expect(state.players.map((p) => p.upCards)).toEqual([cards("7h"), cards("2c"), cards("9d")]);
    expect(state.nextCard).toBe(9);
  });

  it("ST-1 up cards are everyone's as they fall, down cards only their owner's (views and events)", () => {
    const { state, events } = three();
    const spectator = viewFor(state, null);
    expect(spectator.players.map((p) => p.upCards)).toEqual([
      cards("7h"),
      cards("2c"),
      cards("9d"),
    ]);
    expect(spectator.players.map((p) => p.holeCards)).toEqual([null, null, null]);
    expect(viewFor(state, 2).players.map((p) => p.holeCards)).toEqual([null, cards("QdQc"), null]);
    for (const e of eventsFor(events, 1)) {
      if (e.type === "holeCardsDealt") expect(e.cards === null).toBe(e.seat !== 1);
      if (e.type === "upCardsDealt") expect(e.cards).toHaveLength(1);
    }
  });

  it("ST-1 a full hand: 4th, 5th and 6th street up, the river down; the best five of seven wins", () => {
    let s = three(["8h8c3s", "4c5d6h", "TsJd2d", "KdAd3c"]).state;
    s = play(s, ["2 bet 1", "3 call", "1 call"]).state;
    for (const street of ["fourth", "fifth", "sixth", "seventh"]) {
      expect(s.street).toBe(street);
      s = checkAround(s);
    }
    expect(s.phase).toBe("complete");
    expect(s.players.map((p) => p.upCards?.length)).toEqual([4, 4, 4]);
    expect(s.players.map((p) => p.holeCards.length)).toEqual([3, 3, 3]);
    // Seat 1: As Ks Kd + 7h 8h 4c Ts → a pair of kings; seat 2: Qd Qc Ad + 2c 8c 5d Jd → queens; seat 3: J T 3c 9d 3s 6h 2d → pair of threes.
    expect(s.awards[0]?.winners.map((w) => [w.seat, w.hand?.category])).toEqual([[1, "one-pair"]]);
    // Ante 1 and bring-in 1 from each: seat 1 takes the pot of 6.
    expect(stacksOf(s)).toEqual([104, 98, 98]);
  });

  it("ST-1 at most 8 players in seven-card stud, ST-5 at most 10 in five-card stud", () => {
    const start = (game: "stud7" | "stud5", n: number) =>
      startHand({
        type: "start",
        config: { game, betting: "fixed-limit", smallBlind: 1, bigBlind: 2 },
        players: Array.from({ length: n }, (_, i) => ({ seat: i + 1, stack: 50 })),
        button: 1,
        deck: STANDARD_DECK.slice(),
      });
    expect(start("stud7", 8).ok).toBe(true);
    expect(start("stud7", 9)).toMatchObject({ ok: false, error: { code: "too_many_players" } });
    expect(start("stud5", 10).ok).toBe(true);
    expect(start("stud5", 11)).toMatchObject({ ok: false, error: { code: "too_many_players" } });
  });

  it("ST-1 stud is fixed limit with antes from everyone; the bring-in is below the small bet", () => {
    const config = (extra: object) =>
      startHand({
        type: "start",
        config: { game: "stud7", betting: "fixed-limit", smallBlind: 1, bigBlind: 2, ...extra },
        players: [
          { seat: 1, stack: 50 },
          { seat: 2, stack: 50 },
        ],
        button: 1,
        deck: STANDARD_DECK.slice(),
      });
    expect(config({ betting: "no-limit" })).toMatchObject({ error: { code: "invalid_config" } });
    expect(config({ anteKind: "big-blind" })).toMatchObject({ error: { code: "invalid_config" } });
    expect(config({ bringIn: 2 })).toMatchObject({ error: { code: "invalid_amount" } });
    expect(config({ deckType: "7A" })).toMatchObject({ error: { code: "invalid_config" } });
    expect(config({ wild: "lowest-card" })).toMatchObject({ error: { code: "invalid_config" } });
    expect(config({ bringIn: 1, wild: "low-hole-card" }).ok).toBe(true);
  });
});

describe("ST-2 the bring-in", () => {
  it("ST-2 the lowest up card brings in; ties of rank go by suit, clubs lowest", () => {
    expect(three().state.toAct).toBe(2);
    const tie = studTable({
      stacks: [50, 50, 50],
      first: ["AsKs2h", "QdQc2d", "JhTh9d"],
    });
    expect(tie.state.toAct).toBe(2);
    const spades = studTable({ stacks: [50, 50], first: ["AsKs2s", "QdQc2h"] });
    expect(spades.state.toAct).toBe(2);
    // Aces are high: an ace is never the bring-in against a deuce.
    const ace = studTable({ stacks: [50, 50], first: ["KsKd2h", "QdQcAc"] });
    expect(ace.state.toAct).toBe(1);
  });

  it("ST-2 the bring-in player posts the bring-in or completes, and may neither check nor fold", () => {
    const { state } = three();
    expect(legalActions(state, 2)).toEqual({
      fold: false,
      check: false,
      call: null,
      betOrRaise: { kind: "bet", min: 1, max: 2, onlyMinOrMax: true },
      draw: null,
    });
    expect(attempt(state, "2 check")).toBe("cannot_check");
    expect(attempt(state, "2 fold")).toBe("cannot_fold");
    const posted = apply(state, { type: "betOrRaiseTo", seat: 2, amount: 1 });
    if (!posted.ok) throw new Error(posted.error.code);
    expect(posted.events[0]).toEqual({
      type: "betPlaced",
      seat: 2,
      amount: 1,
      allIn: false,
      bringIn: true,
    });
  });

  it("ST-2 after the bring-in the next players fold, call it or complete: no raise over it", () => {
    const s = play(three().state, ["2 bet 1"]).state;
    expect(legalActions(s, 3)).toMatchObject({
      fold: true,
      call: { amount: 1 },
      betOrRaise: { kind: "raise", min: 2, max: 2 },
    });
    expect(attempt(s, "3 raise 3")).toBe("above_max");
  });

  it("ST-2 B-6 the completion is the first full bet: raises count from it, cap 4 with the completion", () => {
    let s = play(three().state, ["2 bet 1", "3 raise 2"]).state;
    expect(legalActions(s, 1).betOrRaise).toMatchObject({ min: 4, max: 4 });
    s = play(s, ["1 raise 4", "2 raise 6", "3 raise 8"]).state;
    expect(legalActions(s, 1).betOrRaise).toBeNull();
    expect(attempt(s, "1 raise 10")).toBe("raise_cap_reached");
    s = play(s, ["1 call", "2 call"]).state;
    expect(s.street).toBe("fourth");
    expect(s.antes + s.players.reduce((sum, p) => sum + p.committed, 0)).toBe(3 + 24);
  });

  it("ST-2 the bring-in player who completes opens the round with a full bet", () => {
    const s = play(three().state, ["2 bet 2"]).state;
    expect(legalActions(s, 3).betOrRaise).toMatchObject({ min: 4, max: 4 });
  });

  it("ST-2 if everyone calls the bring-in, the round ends without an option for the bring-in", () => {
    const s = play(three().state, ["2 bet 1", "3 call", "1 call"]).state;
    expect(s.street).toBe("fourth");
  });

  it("ST-2 the bring-in's clock running out posts the bring-in", () => {
    const { state } = three();
    const timed = apply(state, { type: "timeout", seat: 2 });
    if (!timed.ok) throw new Error(timed.error.code);
    expect(timed.events[0]).toMatchObject({ type: "betPlaced", amount: 1, bringIn: true });
  });

  it("ST-2 the bring-in is set apart from the small blind, and a short stack brings in all-in", () => {
    const { state } = three([], { bringIn: 1, smallBlind: 0, bigBlind: 4, smallBet: 4, bigBet: 8 });
    expect(legalActions(state, 2).betOrRaise).toMatchObject({ min: 1, max: 4 });
    const short = studTable({
      stacks: [50, 2, 50],
      ante: 1,
      bigBlind: 4,
      first: ["AsKs7h", "QdQc2c", "JhTh9d"],
    });
    expect(legalActions(short.state, 2).betOrRaise).toEqual({ kind: "bet", min: 1, max: 1 });
  });
});

describe("ST-3 the order on later streets: the best hand showing acts first", () => {
  it("ST-3 showing values: quads > trips > two pair > pair > high cards; straights and flushes do not count", () => {
    const v = (text: string) => showingValue(cards(text));
    expect(v("2c2d2h2s")).toBeGreaterThan(v("AcAdAhKs"));
    expect(v("3c3d3h2s")).toBeGreaterThan(v("AcAdKhKs"));
    expect(v("3c3d2h2s")).toBeGreaterThan(v("AcAdKhQs"));
    expect(v("2c2d3h4s")).toBeGreaterThan(v("AsKsQsJs"));
    expect(v("AsKsQsJs")).toBeGreaterThan(v("AcKdQhTs"));
    expect(v("9h8h7h6h")).toBeLessThan(v("Tc2d3h4s"));
    // Suits never count.
    expect(v("AsKs")).toBe(v("AcKd"));
  });

  it("ST-3 on fourth street a pair showing acts first, even from the bring-in", () => {
    let s = three(["8h2d3s"]).state;
    s = play(s, ["2 bet 1", "3 call", "1 call"]).state;
    // Seat 2 shows 2c 2d.
    expect(s.toAct).toBe(2);
    expect(legalActions(s, 2)).toMatchObject({ check: true, fold: false });
  });

  it("ST-3 equal hands showing: the player nearest the dealer's left (the lowest seat) acts first", () => {
    let s = three(["Kh5dKd"]).state;
    s = play(s, ["2 bet 1", "3 call", "1 call"]).state;
    // Seat 1 shows 7h Kh, seat 3 shows 9d Kd: K-9 beats K-7.
    expect(s.toAct).toBe(3);
    const tied = studTable({
      stacks: [50, 50, 50],
      first: ["AsKs9h", "QdQc2c", "JhTh9d"],
      later: ["Kh3dKd"],
    });
    s = play(tied.state, ["2 bet 1", "3 call", "1 call"]).state;
    expect(s.toAct).toBe(1);
    // The table's button does not move the dealer: still seat 1.
    const moved = studTable({
      stacks: [50, 50, 50],
      button: 1,
      first: ["AsKs9h", "QdQc2c", "JhTh9d"],
      later: ["Kh3dKd"],
    });
    s = play(moved.state, ["2 bet 1", "3 call", "1 call"]).state;
    expect(s.toAct).toBe(1);
  });

  it("ST-3 a folded player's cards do not count, and an all-in best hand passes the action on", () => {
    let s = studTable({
      stacks: [50, 4, 50],
      ante: 1,
      first: ["AsKs9h", "QdQc2c", "JhTh3d"],
      later: ["2h9c4d"],
    }).state;
    // Seat 2 brings in 1, seat 3 completes to 2, seat 1 raises to 4: seat 2 calls all-in with his last 3.
    s = play(s, ["2 bet 1", "3 raise 2", "1 raise 4", "2 call", "3 call"]).state;
    expect(s.street).toBe("fourth");
    // Seat 2 (Q-Q down, 2c 9c up) is all-in; seat 1 shows 9h 2h, seat 3 3d 4d: seat 1 acts first.
    expect(s.toAct).toBe(1);
  });
});

describe("ST-4 seven-card stud limits and the open pair", () => {
  it("ST-4 small bet on third and fourth street, big bet on fifth, sixth and seventh", () => {
    let s = play(three(["8h3d4s", "5c6d7c"]).state, ["2 bet 1", "3 call", "1 call"]).state;
    expect(legalActions(s, s.toAct as number).betOrRaise).toMatchObject({ min: 2, max: 2 });
    s = checkAround(s);
    expect(s.street).toBe("fifth");
    expect(legalActions(s, s.toAct as number).betOrRaise).toMatchObject({ min: 4, max: 4 });
  });

  it("ST-4 open pair: with a pair showing on fourth street anyone may bet or raise the small or the big bet", () => {
    let s = play(three(["8h2d3s"]).state, ["2 bet 1", "3 call", "1 call"]).state;
    expect(legalActions(s, 2).betOrRaise).toEqual({
      kind: "bet",
      min: 2,
      max: 4,
      onlyMinOrMax: true,
    });
    expect(attempt(s, "2 bet 3")).toBe("complete_or_raise");
    s = play(s, ["2 bet 2"]).state;
    expect(legalActions(s, 3).betOrRaise).toMatchObject({ min: 4, max: 6 });
    s = play(s, ["3 raise 6"]).state;
    // Once the big unit is used, raises go by the big unit.
    expect(legalActions(s, 1).betOrRaise).toMatchObject({ min: 10, max: 10 });
  });

  it("ST-4 the open pair option off, or no pair showing: the small bet only", () => {
    let s = play(three(["8h2d3s"], { openPair: false }).state, [
      "2 bet 1",
      "3 call",
      "1 call",
    ]).state;
    expect(legalActions(s, 2).betOrRaise).toMatchObject({ min: 2, max: 2 });
    s = play(three(["8h3d4s"]).state, ["2 bet 1", "3 call", "1 call"]).state;
    expect(legalActions(s, s.toAct as number).betOrRaise).toMatchObject({ min: 2, max: 2 });
  });
});

describe("ST-5 five-card stud", () => {
  const five = (later: string[] = [], extra = {}) =>
    studTable({
      game: "stud5",
      stacks: [100, 100, 100],
      ante: 1,
      first: ["As7h", "Qd2c", "Jh9d"],
      later,
      ...extra,
    });

  it("ST-5 one down and one up, then three up: four rounds, one unit three times and two the last", () => {
    let s = five(["8h3d4s", "5c6d7c", "TcJcQc"]).state;
    expect(s.street).toBe("second");
    expect(s.players.map((p) => [p.holeCards.length, p.upCards?.length])).toEqual([
      [1, 1],
      [1, 1],
      [1, 1],
    ]);
    expect(s.toAct).toBe(2);
    s = play(s, ["2 bet 1", "3 call", "1 call"]).state;
    for (const [street, unit] of [
      ["third", 2],
      ["fourth", 2],
      ["fifth", 4],
    ] as const) {
      expect(s.street).toBe(street);
      expect(legalActions(s, s.toAct as number).betOrRaise).toMatchObject({ min: unit, max: unit });
      s = checkAround(s);
    }
    expect(s.phase).toBe("complete");
    expect(s.players.map((p) => p.upCards?.length)).toEqual([4, 4, 4]);
  });

  it("ST-5 once a pair shows, two units may be bet from that round on", () => {
    let s = five(["8h2d4s", "5c6d7c"]).state;
    s = play(s, ["2 bet 1", "3 call", "1 call"]).state;
    expect(s.toAct).toBe(2);
    expect(legalActions(s, 2).betOrRaise).toMatchObject({ min: 2, max: 4 });
    s = checkAround(s);
    expect(s.street).toBe("fourth");
    expect(legalActions(s, s.toAct as number).betOrRaise).toMatchObject({ min: 2, max: 4 });
  });

  it("ST-5 ten players reach fifth street: ten cards left, each gets one without the burn", () => {
    const n = 10;
    const s = startHand({
      type: "start",
      config: { game: "stud5", betting: "fixed-limit", smallBlind: 1, bigBlind: 2 },
      players: Array.from({ length: n }, (_, i) => ({ seat: i + 1, stack: 100 })),
      button: 1,
      deck: STANDARD_DECK.slice(),
    });
    if (!s.ok) throw new Error(s.error.code);
    let state = s.state;
    while (state.phase !== "complete") {
      const seat = state.toAct as number;
      const legal = legalActions(state, seat);
      state = play(state, [
        legal.check
          ? `${seat} check`
          : legal.call
            ? `${seat} call`
            : `${seat} bet ${legal.betOrRaise?.min}`,
      ]).state;
    }
    expect(state.board).toEqual([]);
    expect(state.nextCard).toBe(52);
    expect(state.players.every((p) => p.upCards?.length === 4)).toBe(true);
  });
});

describe("ST-6 running out of cards: a common river", () => {
  it("ST-6 eight players reach seventh street: one card up in the middle for all, no burn with one card left", () => {
    const result = startHand({
      type: "start",
      config: { game: "stud7", betting: "fixed-limit", smallBlind: 1, bigBlind: 2, ante: 1 },
      players: Array.from({ length: 8 }, (_, i) => ({ seat: i + 1, stack: 100 })),
      button: 8,
      deck: STANDARD_DECK.slice(),
    });
    if (!result.ok) throw new Error(result.error.code);
    let state = result.state;
    const events = [];
    while (state.phase !== "complete") {
      const seat = state.toAct as number;
      const legal = legalActions(state, seat);
      const line = legal.check
        ? `${seat} check`
        : legal.call
          ? `${seat} call`
          : `${seat} bet ${legal.betOrRaise?.min}`;
      const step = play(state, [line]);
      state = step.state;
      events.push(...step.events);
    }
    // 24 + 3 × (burn + 8) = 51 cards used: the last one is the common card.
    expect(state.board).toEqual([51]);
    expect(eventsOfType(events, "boardDealt")).toEqual([
      { type: "boardDealt", street: "seventh", cards: [51] },
    ]);
    expect(state.players.every((p) => p.holeCards.length === 2)).toBe(true);
    // Every shown hand plays from its six cards and the common card.
    const shown = state.awards.flatMap((a) => a.winners.map((w) => w.hand));
    expect(shown.length).toBeGreaterThan(0);
  });

  it("ST-6 with two cards left the burn is kept before the common card; with one per player, no burn", () => {
    // Eight players, one folds on fifth street: 24 + 9 + 9 + (burn + 7) = 50 cards used, two left for seven players.
    let state = allAround(8, (s, seat) =>
      s.street === "fifth" && s.players.filter((p) => p.folded).length === 0 && seat === s.toAct
        ? firstFoldOrBet(s, seat)
        : null,
    );
    expect(state.board).toEqual([51]);
    expect(state.nextCard).toBe(52);
    // Seven players all the way: 21 + 3 × 8 = 45 used, seven left: one each, the burn skipped.
    state = allAround(7, () => null);
    expect(state.board).toEqual([]);
    expect(state.players.every((p) => p.holeCards.length === 3)).toBe(true);
    expect(state.nextCard).toBe(52);
  });
});

/** A seven-card stud hand of n players on a fresh deck: `choose` may pick a line, else check, call or the smallest bet. */
function allAround(n: number, choose: (s: HandState, seat: number) => string | null): HandState {
  const result = startHand({
    type: "start",
    config: { game: "stud7", betting: "fixed-limit", smallBlind: 1, bigBlind: 2 },
    players: Array.from({ length: n }, (_, i) => ({ seat: i + 1, stack: 100 })),
    button: n,
    deck: STANDARD_DECK.slice(),
  });
  if (!result.ok) throw new Error(result.error.code);
  let state = result.state;
  while (state.phase !== "complete") {
    const seat = state.toAct as number;
    const legal = legalActions(state, seat);
    const line =
      choose(state, seat) ??
      (legal.check
        ? `${seat} check`
        : legal.call
          ? `${seat} call`
          : `${seat} bet ${legal.betOrRaise?.min}`);
    state = play(state, [line]).state;
  }
  return state;
}

/** Bets when nothing is bet yet, else folds. */
function firstFoldOrBet(s: HandState, seat: number): string {
  const legal = legalActions(s, seat);
  return legal.fold ? `${seat} fold` : `${seat} bet ${legal.betOrRaise?.min}`;
}

describe("ST-7 the low-hole-card wild option", () => {
  it("ST-7 the lowest down card's rank is wild for its player alone, also among his up cards", () => {
    let s = studTable({
      stacks: [100, 100],
      ante: 1,
      wild: "low-hole-card",
      // Seat 1: 3c down, up 3d: both wild; with As Ah → four aces... seat 2: 4c down.
      first: ["3cAs9h", "4cKdAh"],
      later: ["3dKh", "Ac2s", "Ad7c", "Qs5d"],
    }).state;
    s = play(s, ["1 bet 1", "2 call"]).state;
    while (s.phase !== "complete") s = play(s, [`${s.toAct} check`]).state;
    // Seat 1: 3c Qs (down), As 9h 3d Ac Ad (up): three aces and two wild threes: five aces.
    // Seat 2: 4c 5d down (4 wild), Kd Ah Kh 2s 7c: kings full? K K A + wild 4 → trip kings... best: K K K(4) A A? only one A: K-K-K-A-7.
    expect(s.awards[0]?.winners).toEqual([
      expect.objectContaining({
        seat: 1,
        hand: expect.objectContaining({ category: "five-of-a-kind" }),
      }),
    ]);
  });

  it("ST-7 five-card stud: the lowest card in the hand is wild", () => {
    let s = studTable({
      game: "stud5",
      wild: "lowest-card",
      stacks: [100, 100],
      first: ["2cAs", "KcKd"],
      later: ["AhQh", "AdJs", "9h8s"],
    }).state;
    s = play(s, ["2 bet 1", "1 call"]).state;
    while (s.phase !== "complete") s = play(s, [`${s.toAct} check`]).state;
    // Seat 1: 2c As Ah Ad 9h, the deuce wild: four aces.
    expect(s.awards[0]?.winners[0]).toMatchObject({
      seat: 1,
      hand: { category: "four-of-a-kind" },
    });
  });
});

describe("stud decks", () => {
  it("the deck is the whole 52 cards, each once", () => {
    const deck = studDeck(["AsKs7h", "QdQc2c"]);
    expect(new Set(deck).size).toBe(52);
    const bad = startHand({
      type: "start",
      config: { game: "stud7", betting: "fixed-limit", smallBlind: 1, bigBlind: 2 },
      players: [
        { seat: 1, stack: 50 },
        { seat: 2, stack: 50 },
      ],
      button: 1,
      deck: deck.slice(0, 30),
    });
    expect(bad).toMatchObject({ ok: false, error: { code: "bad_deck" } });
  });
});
