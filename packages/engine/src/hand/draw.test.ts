import { describe, expect, it } from "vitest";
import { type Card, parseCards, SEVEN_TO_ACE_DECK } from "../cards";
import { apply } from "./apply";
import { attemptDraw, drawCommand, drawTable, handOf, playDraw } from "./draw-test-support";
import { legalActions } from "./legal";
import { startHand } from "./start";
import type { HandEvent, HandState } from "./types";
import { eventsFor, viewFor } from "./view";

const c = (text: string): Card[] => parseCards(text);

/** Four players, button on seat 4: seat 1 small blind, seat 2 big blind, seat 3 first to act. */
const FOUR = {
  stacks: [100, 100, 100, 100],
  hole: ["AcAdKhKs7c", "2c3d4h5s9c", "QhQdJc8s6d", "ThTd9h8h3c"],
  stub: "Ah2d3h4c5d6h7d8c",
};

/** Everyone calls (or checks) the first round. */
const LIMP = ["3 call", "4 call", "1 call", "2 check"];

const drewEvents = (events: HandEvent[]) =>
  events.filter((e): e is Extract<HandEvent, { type: "drew" }> => e.type === "drew");

describe("five-card draw: the flow (rules §4, text 004)", () => {
  it("§4 T-2 T-3 blinds, five cards down each, the first round from the left of the big blind", () => {
    const { state, events } = drawTable(FOUR);
    expect(state.street).toBe("predraw");
    expect(state.phase).toBe("betting");
    expect(state.players.map((p) => p.holeCards.length)).toEqual([5, 5, 5, 5]);
    expect(events.filter((e) => e.type === "blindPosted").map((e) => e.seat)).toEqual([1, 2]);
    expect(state.toAct).toBe(3);
    expect(handOf(state, 1)).toEqual(c("AcAdKhKs7c"));
  });

  it("§4 the draw goes from the left of the button, every player still in, in turn", () => {
    const { state } = playDraw(drawTable(FOUR).state, LIMP);
    expect(state.phase).toBe("draw");
    expect(state.street).toBe("postdraw");
    expect(state.toAct).toBe(1);
    expect(legalActions(state, 1)).toMatchObject({ draw: { max: 5 }, fold: false, call: null });
    const order: number[] = [];
    let s = state;
    for (const line of ["1 draw 7c", "2 draw 2c3d4h5s", "3 draw Jc8s6d", "4 pat"]) {
      order.push(s.toAct as number);
      s = playDraw(s, [line]).state;
    }
    expect(order).toEqual([1, 2, 3, 4]);
    // Replacements come off the stub in draw order.
    expect(handOf(s, 1)).toEqual(c("AcAdKhKsAh"));
    expect(handOf(s, 2)).toEqual(c("9c2d3h4c5d"));
    expect(handOf(s, 3)).toEqual(c("QhQd6h7d8c"));
    expect(handOf(s, 4)).toEqual(c("ThTd9h8h3c"));
    expect(s.players.map((p) => p.drew)).toEqual([1, 4, 3, 0]);
  });

  it("§4 a folded player does not draw; an all-in player does (B-8)", () => {
    const { state } = drawTable({ ...FOUR, stacks: [100, 100, 2, 100], betting: "no-limit" });
    const { state: s } = playDraw(state, ["3 call", "4 fold", "1 call", "2 check"]);
    expect(s.players.find((p) => p.seat === 3)?.allIn).toBe(true);
    const order: number[] = [];
    let t = s;
    while (t.phase === "draw") {
      order.push(t.toAct as number);
      t = playDraw(t, [`${t.toAct} pat`]).state;
    }
    expect(order).toEqual([1, 2, 3]);
  });

  it("S-3 everyone sees how many cards each opponent drew, but not the cards", () => {
    const drawn = playDraw(drawTable(FOUR).state, [
      ...LIMP,
      "1 draw 7c",
      "2 draw 2c3d4h5s",
      "3 draw Jc8s6d",
    ]);
    const view = viewFor(drawn.state, 4);
    expect(view.players.map((p) => p.drew)).toEqual([1, 4, 3, null]);
    expect(view.players.map((p) => p.holeCards)).toEqual([null, null, null, c("ThTd9h8h3c")]);
    expect(viewFor(drawn.state, null).players.map((p) => p.drew)).toEqual([1, 4, 3, null]);
    const seen = drewEvents(eventsFor(drawn.events, 4));
    expect(seen.map((e) => [e.seat, e.count, e.discarded, e.dealt])).toEqual([
      [1, 1, null, null],
      [2, 4, null, null],
      [3, 3, null, null],
    ]);
    // His own draw he sees in full.
    const own = drewEvents(eventsFor(drawn.events, 2));
    expect(own[1]).toMatchObject({ seat: 2, discarded: c("2c3d4h5s"), dealt: c("2d3h4c5d") });
    expect(JSON.stringify(view)).not.toMatch(/"deck":|"muck":\[|"nextCard":/);
  });

  it("T-3 the second round starts with the first active player left of the button", () => {
    const { state } = playDraw(drawTable(FOUR).state, [
      "3 call",
      "4 call",
      "1 fold",
      "2 check",
      "2 pat",
      "3 pat",
      "4 pat",
    ]);
    expect(state.phase).toBe("betting");
    expect(state.street).toBe("postdraw");
    expect(state.toAct).toBe(2);
  });

  it("T-2 heads-up: the button posts the small blind, acts first before the draw and last after", () => {
    const { state } = drawTable({ stacks: [50, 50], hole: ["AcAdKhKs7c", "2c3d4h5s9c"] });
    // Seat 2 is the button: small blind, first to act; seat 1 (big blind) draws first.
    expect(state.players.map((p) => p.bet)).toEqual([2, 1]);
    expect(state.toAct).toBe(2);
    const { state: drawing } = playDraw(state, ["2 call", "1 check"]);
    expect(drawing.toAct).toBe(1);
    const { state: after } = playDraw(drawing, ["1 pat", "2 pat"]);
    expect(after.toAct).toBe(1);
  });

  it("S-2 showdown: the last aggressor shows first, then each hand that beats or ties those shown", () => {
    const { state: end, events } = playDraw(drawTable(FOUR).state, [
      ...LIMP,
      "1 draw 7c",
      "2 draw 2c3d4h5s",
      "3 draw Jc8s6d",
      "4 pat",
      "1 check",
      "2 bet 4",
      "3 call",
      "4 fold",
      "1 call",
    ]);
    expect(end.phase).toBe("complete");
    expect(
      events.flatMap((e) =>
        e.type === "handShown" || e.type === "handMucked" ? [[e.type, e.seat]] : [],
      ),
    ).toEqual([
      ["handShown", 2],
      ["handShown", 3],
      ["handShown", 1],
    ]);
    // Seat 1's aces full beat seat 2's six-high straight (2-3-4-5 + 6? no: 9-2-3-4-5 is nothing).
    const award = events.find((e) => e.type === "potAwarded");
    expect(award).toMatchObject({ winners: [{ seat: 1, hand: { category: "full-house" } }] });
  });

  it("B-8 all-in before the draw: everyone still draws, then the hands are shown with no more betting", () => {
    const { state } = drawTable({
      stacks: [20, 20],
      betting: "no-limit",
      hole: ["AcAdKhKs7c", "2c3d4h5s9c"],
      stub: "Ah6d",
    });
    const { state: drawing } = playDraw(state, ["2 raise 20", "1 call"]);
    expect(drawing.phase).toBe("draw");
    const { state: end, events } = playDraw(drawing, ["1 draw 7c", "2 draw 9c"]);
    expect(end.phase).toBe("complete");
    expect(
      events
        .filter((e) => e.type === "handShown")
        .map((e) => e.seat)
        .sort(),
    ).toEqual([1, 2]);
    expect(end.players.map((p) => p.stack)).toEqual([40, 0]);
  });

  it("a timeout in the draw stands pat", () => {
    const { state } = playDraw(drawTable(FOUR).state, LIMP);
    const result = apply(state, { type: "timeout", seat: 1 });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.events[0]).toMatchObject({ type: "drew", seat: 1, count: 0, timedOut: true });
    expect(handOf(result.state, 1)).toEqual(handOf(state, 1));
  });
});

describe("five-card draw: fixed limit by default (B-6), pot limit and no limit as options", () => {
  it("B-6 the small bet before the draw, the big bet after ($2–4: SB 1, BB 2)", () => {
    const { state } = drawTable(FOUR);
    expect(state.rules.betting).toBe("fixed-limit");
    expect(legalActions(state, 3).betOrRaise).toEqual({ kind: "raise", min: 4, max: 4 });
    const { state: after } = playDraw(state, [...LIMP, "1 pat", "2 pat", "3 pat", "4 pat"]);
    expect(legalActions(after, 1).betOrRaise).toEqual({ kind: "bet", min: 4, max: 4 });
  });

  const postdraw = (extra: object) =>
    playDraw(drawTable({ ...FOUR, ...extra }).state, [...LIMP, "1 pat", "2 pat", "3 pat", "4 pat"])
      .state;

  it("B-6 cap of 4 bets a round: bet, raise, re-raise, cap", () => {
    const { state } = playDraw(postdraw({}), ["1 bet 4", "2 raise 8", "3 raise 12", "4 raise 16"]);
    expect(legalActions(state, 1).betOrRaise).toBeNull();
    expect(attemptDraw(state, drawCommand("1 raise 20"))).toBe("raise_cap_reached");
    expect(legalActions(state, 1).call).toEqual({ amount: 12, allIn: false });
  });

  it("B-6 the big blind is the first of the 4 bets before the draw", () => {
    const { state } = playDraw(drawTable(FOUR).state, ["3 raise 4", "4 raise 6", "1 raise 8"]);
    expect(legalActions(state, 2).betOrRaise).toBeNull();
    expect(attemptDraw(state, drawCommand("2 raise 10"))).toBe("raise_cap_reached");
  });

  it("B-6 option: 3 bets (two raises) or 2 bets (one raise)", () => {
    const three = playDraw(postdraw({ raiseCap: 3 }), ["1 bet 4", "2 raise 8", "3 raise 12"]).state;
    expect(attemptDraw(three, drawCommand("4 raise 16"))).toBe("raise_cap_reached");
    const two = playDraw(postdraw({ raiseCap: 2 }), ["1 bet 4", "2 raise 8"]).state;
    expect(attemptDraw(two, drawCommand("3 raise 12"))).toBe("raise_cap_reached");
    expect(legalActions(two, 3).call).toEqual({ amount: 8, allIn: false });
  });

  it("B-6 option: no cap heads-up", () => {
    const heads = drawTable({
      stacks: [100, 100],
      capLiftedHeadsUp: true,
      hole: ["AcAdKhKs7c", "2c3d4h5s9c"],
    }).state;
    const { state } = playDraw(heads, [
      "2 call",
      "1 check",
      "1 pat",
      "2 pat",
      "1 bet 4",
      "2 raise 8",
      "1 raise 12",
      "2 raise 16",
      "1 raise 20",
    ]);
    expect(legalActions(state, 2).betOrRaise).toEqual({ kind: "raise", min: 24, max: 24 });
    // With three players in, the cap holds.
    const capped = playDraw(postdraw({ capLiftedHeadsUp: true }), [
      "1 bet 4",
      "2 raise 8",
      "3 raise 12",
      "4 raise 16",
    ]).state;
    expect(legalActions(capped, 1).betOrRaise).toBeNull();
  });

  it("B-5 B-4 pot limit and no limit are options of the same game", () => {
    const pl = drawTable({ ...FOUR, betting: "pot-limit" }).state;
    expect(legalActions(pl, 3).betOrRaise).toEqual({ kind: "raise", min: 4, max: 7 });
    const nl = drawTable({ ...FOUR, betting: "no-limit" }).state;
    expect(legalActions(nl, 3).betOrRaise).toEqual({ kind: "raise", min: 4, max: 100 });
  });
});

/** Six players on the 7–A deck: 30 cards dealt, a stub of 2. Seats 3, 4, 5 fold before the draw. */
const SHORT = {
  deckType: "7A" as const,
  stacks: [50, 50, 50, 50, 50, 50],
  hole: ["7c7d7h8c8d", "8h8s9c9d9h", "9sTcTdThTs", "JcJdJhJsQc", "QdQhQsKcKd", "KhKsAcAdAh"],
  stub: "As7s",
};
const FOLD_THREE = ["3 fold", "4 fold", "5 fold", "6 call", "1 call", "2 check"];

describe("five-card draw: the stub runs short (§4)", () => {
  it("§4 the discards are reshuffled to finish the draw, never the drawing player's own", () => {
    const { state } = playDraw(drawTable(SHORT).state, FOLD_THREE);
    expect(state.toAct).toBe(1);
    // Stub 2 + the three folded hands (15): seat 1 may draw 5.
    expect(legalActions(state, 1).draw).toEqual({ max: 5 });
    const result = apply(state, drawCommand("1 draw 7c7d7h"));
    if (!result.ok) throw new Error(result.error.code);
    const waiting = result.state;
    expect(handOf(waiting, 1)).toEqual(c("8c8dAs7s"));
    expect(waiting.toAct).toBeNull();
    expect(waiting.needsReshuffle).toMatchObject({ seat: 1, owed: 1 });
    const cards = waiting.needsReshuffle?.cards ?? [];
    expect([...cards].sort((a, b) => a - b)).toEqual(
      [...c("9sTcTdThTs"), ...c("JcJdJhJsQc"), ...c("QdQhQsKcKd")].sort((a, b) => a - b),
    );
    for (const own of c("7c7d7h")) expect(cards).not.toContain(own);
    expect(result.events).toContainEqual({ type: "reshuffleNeeded", seat: 1, count: 15 });
    expect(viewFor(waiting, 2).needsReshuffle).toBe(true);
    // The view says a shuffle is on, never which cards (the muck stays on the server).
    expect(JSON.stringify(viewFor(waiting, 2))).not.toMatch(/"deck":|"muck":\[|"cards":\[/);

    // Until the shuffle comes, nobody acts; a shuffle must be exactly those cards.
    expect(attemptDraw(waiting, drawCommand("2 pat"))).toBe("reshuffle_pending");
    expect(attemptDraw(waiting, { type: "reshuffle", order: cards.slice(1) })).toBe(
      "invalid_reshuffle",
    );
    expect(
      attemptDraw(waiting, { type: "reshuffle", order: [...cards.slice(1), c("7c")[0]] }),
    ).toBe("invalid_reshuffle");
    expect(attemptDraw(waiting, { type: "reshuffle", order: [...cards, cards[0]] })).toBe(
      "invalid_reshuffle",
    );

    const order = [...cards].reverse();
    const shuffled = apply(waiting, { type: "reshuffle", order });
    if (!shuffled.ok) throw new Error(shuffled.error.code);
    expect(handOf(shuffled.state, 1)).toEqual([...c("8c8dAs7s"), order[0] as Card]);
    expect(shuffled.events.map((e) => e.type)).toEqual(["discardsReshuffled", "drew"]);
    expect(shuffled.events[1]).toMatchObject({
      seat: 1,
      count: 3,
      discarded: c("7c7d7h"),
      dealt: [...c("As7s"), order[0]],
    });
    // The next player draws from the new stub; seat 1's discards are now discards like any other.
    expect(shuffled.state.toAct).toBe(2);
    expect(shuffled.state.muck).toEqual(c("7c7d7h"));
    const next = playDraw(shuffled.state, ["2 draw 8h8s"]).state;
    expect(handOf(next, 2)).toEqual([...c("9c9d9h"), order[1] as Card, order[2] as Card]);
  });

  it("§4 a player never draws more cards than the stub and the others' discards hold", () => {
    const { state } = playDraw(drawTable(SHORT).state, [
      "3 call",
      "4 call",
      "5 call",
      "6 call",
      "1 call",
      "2 check",
    ]);
    // Nobody folded and nobody has discarded yet: only the stub's 2 cards are there to draw.
    expect(legalActions(state, 1).draw).toEqual({ max: 2 });
    expect(attemptDraw(state, drawCommand("1 draw 7c7d7h"))).toBe("too_many_discards");
    const { state: later } = playDraw(state, ["1 draw 7c7d"]);
    // Seat 1's two discards are now in the muck: seat 2 may draw 2.
    expect(legalActions(later, 2).draw).toEqual({ max: 2 });
  });

  it("C-1 a deck too small for the players is refused with a clear error", () => {
    const seven = startHand({
      type: "start",
      config: {
        game: "five-card-draw",
        betting: "fixed-limit",
        smallBlind: 1,
        bigBlind: 2,
        deckType: "7A",
      },
      players: Array.from({ length: 7 }, (_, i) => ({ seat: i + 1, stack: 50 })),
      button: 7,
      deck: SEVEN_TO_ACE_DECK.slice(),
    });
    expect(seven).toMatchObject({ ok: false, error: { code: "too_many_players" } });
    if (!seven.ok) expect(seven.error.message).toBe("7 players need 35 cards: the 7–A deck has 32");
    const eleven = startHand({
      type: "start",
      config: { game: "five-card-draw", betting: "fixed-limit", smallBlind: 1, bigBlind: 2 },
      players: Array.from({ length: 11 }, (_, i) => ({ seat: i + 1, stack: 50 })),
      button: 11,
      deck: Array.from({ length: 52 }, (_, i) => i),
    });
    expect(eleven).toMatchObject({ ok: false, error: { code: "too_many_players" } });
  });

  it("C-1 W-1 the start deck must hold the game's cards: 32 for 7–A, the jokers with wild cards", () => {
    const start = (deckType: "52" | "7A", wild: "none" | "joker", deck: number[]) =>
      startHand({
        type: "start",
        config: {
          game: "five-card-draw",
          betting: "fixed-limit",
          smallBlind: 1,
          bigBlind: 2,
          deckType,
          wild,
        },
        players: [
          { seat: 1, stack: 10 },
          { seat: 2, stack: 10 },
        ],
        button: 2,
        deck,
      });
    const full = Array.from({ length: 52 }, (_, i) => i);
    expect(start("7A", "none", full)).toMatchObject({ ok: false, error: { code: "bad_deck" } });
    expect(start("7A", "none", SEVEN_TO_ACE_DECK.slice()).ok).toBe(true);
    expect(start("52", "joker", full)).toMatchObject({ ok: false, error: { code: "bad_deck" } });
    expect(start("52", "joker", [...full, 52]).ok).toBe(true);
    expect(start("52", "none", full.slice(0, 51))).toMatchObject({ ok: false });
  });

  it("home options are for draw: hold'em refuses the 7–A deck and wild cards", () => {
    const result = startHand({
      type: "start",
      config: { game: "holdem", betting: "no-limit", smallBlind: 1, bigBlind: 2, wild: "joker" },
      players: [
        { seat: 1, stack: 10 },
        { seat: 2, stack: 10 },
      ],
      button: 2,
      deck: Array.from({ length: 52 }, (_, i) => i),
    });
    expect(result).toMatchObject({ ok: false, error: { code: "invalid_config" } });
  });
});

describe("five-card draw: garbage draw commands change nothing", () => {
  const drawing = (): HandState => playDraw(drawTable(FOUR).state, LIMP).state;

  it("duplicates, cards not in hand, more than 5, out of turn, wrong phase: refused with a code", () => {
    const state = drawing();
    const before = JSON.stringify(state);
    const cases: [unknown, string][] = [
      [{ type: "draw", seat: 1, discard: c("AcAc") }, "invalid_discard"],
      [{ type: "draw", seat: 1, discard: c("2c") }, "invalid_discard"],
      [{ type: "draw", seat: 1, discard: c("AcAdKhKs7c2c") }, "too_many_discards"],
      [{ type: "draw", seat: 1, discard: [52] }, "invalid_discard"],
      [{ type: "draw", seat: 1, discard: [-1] }, "invalid_discard"],
      [{ type: "draw", seat: 1, discard: "Ac" }, "invalid_discard"],
      [{ type: "draw", seat: 1 }, "invalid_discard"],
      [{ type: "draw", seat: 1, discard: [Number.NaN] }, "invalid_discard"],
      [{ type: "draw", seat: 2, discard: [] }, "not_your_turn"],
      [{ type: "draw", seat: 9, discard: [] }, "unknown_seat"],
      [{ type: "draw", seat: "1", discard: [] }, "invalid_command"],
      [{ type: "check", seat: 1 }, "not_betting"],
      [{ type: "reshuffle", order: [] }, "invalid_reshuffle"],
    ];
    for (const [command, code] of cases) {
      expect([JSON.stringify(command), attemptDraw(state, command)]).toEqual([
        JSON.stringify(command),
        code,
      ]);
    }
    expect(JSON.stringify(state)).toBe(before);
    expect(attemptDraw(drawTable(FOUR).state, { type: "draw", seat: 3, discard: [] })).toBe(
      "not_draw",
    );
  });
});

describe("five-card draw: hands at showdown under the table's ranking", () => {
  const showdown = (setup: Parameters<typeof drawTable>[0]) =>
    playDraw(drawTable(setup).state, ["2 call", "1 check", "1 pat", "2 pat", "1 check", "2 check"]);

  it("C-6 on the 7–A deck a flush beats a full house", () => {
    const { state } = showdown({
      deckType: "7A",
      stacks: [20, 20],
      hole: ["7h9hJhQhKh", "AcAdAsKcKd"],
    });
    const end = state; // the showdown played itself (S-2)
    expect(end.players.map((p) => p.stack)).toEqual([22, 18]);
  });

  it("C-3 on the 7–A deck A-7-8-9-T is a straight (the lowest)", () => {
    const { state } = showdown({
      deckType: "7A",
      stacks: [20, 20],
      hole: ["Ac7d8h9sTc", "KcKdKsQcJd"],
    });
    const end = state; // the showdown played itself (S-2)
    expect(end.awards[0]?.winners).toMatchObject([{ seat: 1, hand: { category: "straight" } }]);
  });

  it("W-5 lowest card wild is per player: the same rank is wild in one hand, not in the other", () => {
    // Seat 1's threes are his lowest: wild (four kings). Seat 2's lowest is a deuce: his sevens are sevens.
    const { state } = showdown({
      wild: "lowest-card",
      stacks: [20, 20],
      hole: ["3c3dKhKs9c", "2c7h7sAcAd"],
    });
    const end = state; // the showdown played itself (S-2)
    expect(end.awards[0]?.winners).toMatchObject([
      { seat: 1, hand: { category: "four-of-a-kind" } },
    ]);
  });

  it("W-6 five of a kind beats a royal flush", () => {
    const { state } = showdown({
      wild: "joker",
      stacks: [20, 20],
      hole: ["Jk9c9d9h9s", "AhKhQhJhTh"],
    });
    const end = state; // the showdown played itself (S-2)
    expect(end.awards[0]?.winners).toMatchObject([
      { seat: 1, hand: { category: "five-of-a-kind" } },
    ]);
  });
});
