import { describe, expect, it } from "vitest";
import { formatCards } from "../cards";
import { apply } from "./apply";
import { legalActions } from "./legal";
import { attempt, checkDown, eventsOfType, play, stacksOf, table } from "./test-support";
import { viewFor } from "./view";

describe("showdown", () => {
  it("S-1 cards speak: the best hand wins, with its category and five cards", () => {
    const { state } = table({
      stacks: [100, 100, 100],
      hole: ["9h8h", "AcAd", "KcKd"],
      board: "AhKh7h2c3d",
    });
    const { state: end, events } = checkDown(play(state, ["3 call", "1 call"]).state);
    const [award] = eventsOfType(events, "potAwarded");
    expect(award?.winners.map((w) => [w.seat, w.amount, w.hand?.category])).toEqual([
      [1, 6, "flush"],
    ]);
    expect(formatCards(award?.winners[0]?.hand?.cards ?? [])).toBe(
      "Ah Kh 9h 8h 7h".replaceAll(" ", ""),
    );
    expect(stacksOf(end)).toEqual([104, 98, 98]);
    expect(eventsOfType(events, "handEnded")[0]?.stacks).toEqual([
      { seat: 1, stack: 104 },
      { seat: 2, stack: 98 },
      { seat: 3, stack: 98 },
    ]);
  });

  it("S-2 the showdown plays itself: the last aggressor of the final round first, then clockwise; winners shown, the beaten mucked", () => {
    // Seat 2 (set of aces) bet the river: shown first. Seat 3's set of kings is beaten: mucked
    // unseen. Seat 1's flush beats the aces: shown, and wins.
    const { state } = table({
      stacks: [100, 100, 100],
      hole: ["9h8h", "AcAd", "KcKd"],
      board: "AhKh7h2c3d",
    });
    const { state: turnDone } = play(state, [
      "3 call",
      "1 call",
      "2 check",
      ...["1 check", "2 check", "3 check"],
      ...["1 check", "2 check", "3 check"],
    ]);
    const { state: end, events } = play(turnDone, ["1 check", "2 bet 10", "3 call", "1 call"]);
    // Nobody is asked anything: the hand is over with the last call.
    expect(end.phase).toBe("complete");
    expect(end.toAct).toBeNull();
    expect(events.filter((e) => e.type === "handShown" || e.type === "handMucked")).toEqual([
      { type: "handShown", seat: 2, cards: end.players[1]?.holeCards },
      { type: "handMucked", seat: 3 },
      { type: "handShown", seat: 1, cards: end.players[0]?.holeCards },
    ]);
    expect(eventsOfType(events, "potAwarded")[0]?.winners.map((w) => w.seat)).toEqual([1]);
    // The mucked hand stays hidden from every other viewer.
    for (const viewer of [null, 1, 2]) {
      expect(viewFor(end, viewer).players[2]?.holeCards).toBeNull();
    }
    expect(viewFor(end, 3).players[2]?.holeCards).toEqual(end.players[2]?.holeCards);
  });

  it("S-2 nobody bet on the final round: the first active player left of the button shows first", () => {
    const { state } = table({ stacks: [100, 100, 100, 100] });
    const { state: flop } = play(state, ["3 call", "4 call", "1 fold", "2 check"]);
    const { events } = checkDown(flop);
    const first = events.find((e) => e.type === "handShown" || e.type === "handMucked");
    expect(first).toMatchObject({ type: "handShown", seat: 2 });
  });

  it("S-2 a hand that ties the hands shown is shown too, and splits the pot; the beaten one is mucked", () => {
    const { state } = table({
      stacks: [100, 100, 100],
      hole: ["AcKd", "AdKc", "2c3c"],
      board: "AhKh7s8c9d",
    });
    const { events } = checkDown(play(state, ["3 call", "1 call"]).state);
    expect(eventsOfType(events, "handShown").map((e) => e.seat)).toEqual([1, 2]);
    expect(eventsOfType(events, "handMucked").map((e) => e.seat)).toEqual([3]);
    expect(eventsOfType(events, "potAwarded")[0]?.winners.map((w) => [w.seat, w.amount])).toEqual([
      [1, 3],
      [2, 3],
    ]);
  });

  it("S-2 a hand is judged against those already shown: a hand beaten later in the order was still shown", () => {
    // Seat 1 shows nines; seat 2's aces beat them: shown; seat 3's kings lose to the aces: mucked.
    const { state } = table({
      stacks: [100, 100, 100],
      hole: ["9c9d", "AcAd", "KcKs"],
      board: "Jh8h7s2c3d",
    });
    const { events } = checkDown(play(state, ["3 call", "1 call"]).state);
    expect(
      events.flatMap((e) =>
        e.type === "handShown" || e.type === "handMucked" ? [[e.type, e.seat]] : [],
      ),
    ).toEqual([
      ["handShown", 1],
      ["handShown", 2],
      ["handMucked", 3],
    ]);
  });

  it("S-2 a player who chose to show his hand has it shown even when beaten; the choice is his alone and moves nothing", () => {
    const { state } = table({
      stacks: [100, 100, 100],
      hole: ["9h8h", "AcAd", "KcKd"],
      board: "AhKh7h2c3d",
    });
    const { state: called } = play(state, ["3 call", "1 call"]);
    // Seat 3 chooses while seat 2 is to act: no event, nobody's turn changes.
    const chose = apply(called, { type: "showMyHand", seat: 3, show: true });
    if (!chose.ok) throw new Error(chose.error.message);
    expect(chose.events).toEqual([]);
    expect(chose.state.toAct).toBe(called.toAct);
    expect(chose.state.version).toBe(called.version + 1);
    expect(viewFor(chose.state, 1)).toEqual({ ...viewFor(called, 1), version: called.version + 1 });
    // Seat 2 chooses too, then changes his mind.
    const { state: ready } = play(chose.state, ["2 show-my-hand", "2 auto-show"]);
    const { events } = checkDown(ready);
    expect(eventsOfType(events, "handShown").map((e) => e.seat)).toEqual([1, 3]);
    expect(eventsOfType(events, "handMucked").map((e) => e.seat)).toEqual([2]);
    expect(eventsOfType(events, "potAwarded")[0]?.winners.map((w) => w.seat)).toEqual([1]);
  });

  it("S-2 the choice is set at the start too (atShowdown), and refused when malformed or too late", () => {
    const { state } = table({
      stacks: [100, 100],
      hole: ["AcAd", "2c3d"],
      board: "KhQh7s8c9d",
      atShowdown: [undefined, "show"],
    });
    expect(attempt(state, "1 show-my-hand")).toBe("ok");
    expect(apply(state, { type: "showMyHand", seat: 1, show: "yes" } as never)).toMatchObject({
      ok: false,
      error: { code: "invalid_command" },
    });
    expect(attempt(state, "7 show-my-hand")).toBe("unknown_seat");
    const { state: end, events } = checkDown(play(state, ["2 call"]).state);
    // Seat 1 (the big blind, first left of the button heads-up) shows aces; seat 2's beaten hand is shown as chosen.
    expect(eventsOfType(events, "handShown").map((e) => e.seat)).toEqual([1, 2]);
    expect(attempt(end, "1 show-my-hand")).toBe("hand_over");
  });

  it("S-2 an all-in showdown shows every hand, before the rest of the board", () => {
    const { state } = table({
      stacks: [50, 100, 100],
      hole: ["9h8h", "AcAd", "KcKd"],
      board: "AhKh7h2c3d",
    });
    const { state: end, events } = play(state, ["3 raise 100", "1 call", "2 call"]);
    expect(events.map((e) => e.type)).toEqual([
      "raisedTo",
      "called",
      "called",
      "handShown",
      "handShown",
      "handShown",
      "boardDealt",
      "boardDealt",
      "boardDealt",
      "potAwarded",
      "potAwarded",
      "handEnded",
    ]);
    expect(eventsOfType(events, "handShown").map((e) => e.seat)).toEqual([3, 1, 2]); // the raiser first
    expect(stacksOf(end)).toEqual([150, 100, 0]);
  });

  it("S-2 a state stored mid-showdown (before it played itself) offers nothing and is finished by its timeout", () => {
    const { state } = table({
      stacks: [100, 100, 100],
      hole: ["9h8h", "AcAd", "2d2h"],
      board: "AhKh7h2c3d",
    });
    const { state: river } = play(state, [
      "3 call",
      "1 call",
      "2 check",
      ...["1 check", "2 check", "3 check"],
      ...["1 check", "2 check", "3 check"],
      ...["1 check", "2 check"],
    ]);
    // As the engine left it before: betting over, seat 1 to show or muck.
    const stored = { ...river, phase: "showdown" as const, toAct: 1 };
    expect(legalActions(stored, 1)).toEqual({
      fold: false,
      check: false,
      call: null,
      betOrRaise: null,
      draw: null,
    });
    expect(attempt(stored, "1 check")).toBe("not_betting");
    const { state: end, events } = play(stored, ["1 timeout"]);
    expect(end.phase).toBe("complete");
    expect(events.slice(0, 3)).toEqual([
      { type: "handShown", seat: 1, cards: end.players[0]?.holeCards },
      { type: "handMucked", seat: 2 },
      { type: "handMucked", seat: 3 },
    ]);
  });

  it("S-2 replaying a history that mucked a hand (atShowdown muck): mucked even if it would win, never the last one", () => {
    const { state } = table({
      stacks: [100, 100],
      hole: ["AcAd", "2c3d"],
      board: "KhQh7s8c9d",
      atShowdown: ["muck", "muck"],
    });
    const { events } = checkDown(play(state, ["2 call"]).state);
    // Seat 1's aces mucked as the history has it; seat 2's hand, the last one, is shown and wins.
    expect(eventsOfType(events, "handMucked").map((e) => e.seat)).toEqual([1]);
    expect(eventsOfType(events, "handShown").map((e) => e.seat)).toEqual([2]);
    expect(eventsOfType(events, "potAwarded")[0]?.winners.map((w) => w.seat)).toEqual([2]);
    const { events: other } = checkDown(
      play(
        table({
          stacks: [100, 100],
          hole: ["2c3d", "AcAd"],
          board: "KhQh7s8c9d",
          atShowdown: [undefined, "muck"],
        }).state,
        ["2 call"],
      ).state,
    );
    // Seat 1 shows first; seat 2's aces are mucked as the history has it: seat 1 wins.
    expect(eventsOfType(other, "potAwarded")[0]?.winners.map((w) => w.seat)).toEqual([1]);
  });

  it("a timeout checks when it can and folds when it must", () => {
    const { state } = table({ stacks: [100, 100, 100] });
    const { events } = play(state, ["3 timeout"]);
    expect(events[0]).toEqual({ type: "folded", seat: 3, timedOut: true });
    const { events: option } = play(state, ["3 call", "1 call", "2 timeout"]);
    expect(option[2]).toEqual({ type: "checked", seat: 2, timedOut: true });
  });
});

describe("the end of the betting", () => {
  it("B-8 everyone else folds: the last player wins at once, shows nothing, and gets his uncalled bet back", () => {
    const { state } = table({ stacks: [100, 100, 100] });
    const { state: end, events } = play(state, ["3 raise 10", "1 fold", "2 fold"]);
    expect(events.slice(3)).toEqual([
      { type: "uncalledBetReturned", seat: 3, amount: 8 },
      {
        type: "potAwarded",
        pot: 0,
        amount: 5,
        eligible: [3],
        winners: [{ seat: 3, amount: 5, hand: null }],
      },
      {
        type: "handEnded",
        stacks: [
          { seat: 1, stack: 99 },
          { seat: 2, stack: 98 },
          { seat: 3, stack: 103 },
        ],
      },
    ]);
    expect(end.board).toEqual([]);
  });

  it("B-8 the big blind wins the small blind's fold heads-up", () => {
    const { state } = table({ stacks: [100, 100] });
    const { state: end, events } = play(state, ["2 fold"]);
    expect(eventsOfType(events, "uncalledBetReturned")).toEqual([
      { type: "uncalledBetReturned", seat: 1, amount: 1 },
    ]);
    expect(stacksOf(end)).toEqual([101, 99]);
  });

  it("B-8 all but one all-in: the rest of the board is dealt with no more betting", () => {
    const { state } = table({
      stacks: [100, 20, 300],
      hole: ["2c7d", "AcAd", "KcKd"],
      board: "As9h5c4d3s",
    });
    const { state: flop } = play(state, ["3 call", "1 call", "2 check"]);
    const { state: end, events } = play(flop, ["1 check", "2 bet 18", "3 call", "1 fold"]);
    expect(eventsOfType(events, "boardDealt").map((e) => e.street)).toEqual(["turn", "river"]);
    expect(end.phase).toBe("complete");
    expect(stacksOf(end)).toEqual([98, 42, 280]);
  });

  it("B-8 everyone all-in from the blinds: the hand runs out at once", () => {
    const { state, events } = table({
      stacks: [2, 1],
      hole: ["AcAd", "KcKd"],
      board: "As9h5c4d3s",
    });
    expect(state.phase).toBe("complete");
    expect(eventsOfType(events, "boardDealt")).toHaveLength(3);
    expect(stacksOf(state)).toEqual([3, 0]);
  });

  it("a short big blind who covers nothing: the small blind's extra is returned before the run-out", () => {
    // Blinds 5/10; seat 2 posts 3 all-in; seat 1 (small blind) has nothing to decide once the button folds.
    const { state } = table({
      smallBlind: 5,
      bigBlind: 10,
      stacks: [100, 3, 100],
      hole: ["KhJd", "AcAd"],
      board: "As9h5c4d3s",
    });
    const { state: end, events } = play(state, ["3 fold"]);
    expect(eventsOfType(events, "uncalledBetReturned")).toEqual([
      { type: "uncalledBetReturned", seat: 1, amount: 2 },
    ]);
    expect(stacksOf(end)).toEqual([97, 6, 100]);
  });
});

describe("Omaha", () => {
  it("a hand uses exactly two hole cards and three board cards", () => {
    // Four hearts on board: one heart in hand is no flush in Omaha (hold'em would call it one); two hole kings and the board's king are trips.
    const { state } = table({
      game: "omaha",
      betting: "pot-limit",
      stacks: [100, 100],
      hole: ["Ah2c3d4s", "KcKd9s8c"],
      board: "JhTh5h2hKh",
    });
    const { events } = checkDown(play(state, ["2 call", "1 check"]).state);
    const [award] = eventsOfType(events, "potAwarded");
    expect(award?.winners.map((w) => [w.seat, w.hand?.category])).toEqual([[2, "three-of-a-kind"]]);
  });
});
