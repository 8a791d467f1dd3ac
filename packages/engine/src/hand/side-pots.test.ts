import { describe, expect, it } from "vitest";
import { checkDown, eventsOfType, play, potsOf, stacksOf, table } from "./test-support";

const awardsOf = (events: Parameters<typeof eventsOfType>[0]) =>
  eventsOfType(events, "potAwarded").map((e) => ({
    amount: e.amount,
    eligible: e.eligible,
    winners: e.winners.map((w) => [w.seat, w.amount]),
  }));

describe("side pots", () => {
  it("SP-1 stacks A 40, B 80, C 150, D 200: main 160, side pots 120 and 80; in round 3 C's 30 returns and C takes side pot 2", () => {
    // Seats 1–4 are A–D with the button on B, so A opens pre-flop and C, D post the blinds
    // (their 70s include them). On the flop B acts last by position (T-3); the amounts are the text's.
    const { state } = table({
      stacks: [40, 80, 150, 200],
      button: 2,
      hole: ["AcAd", "KcKd", "QcQd", "JcJd"],
      board: "2s3h7d8c9s",
    });
    const round1 = play(state, [
      "1 raise 20",
      "2 call",
      "3 raise 70",
      "4 call",
      "1 call",
      "2 call",
    ]);
    expect(eventsOfType(round1.events, "called").find((e) => e.seat === 1)).toMatchObject({
      amount: 20,
      allIn: true,
    });
    expect(potsOf(round1.state)).toEqual([
      { amount: 160, eligible: [1, 2, 3, 4] },
      { amount: 90, eligible: [2, 3, 4] },
    ]);
    const round2 = play(round1.state, ["3 bet 50", "4 call", "2 call"]);
    expect(eventsOfType(round2.events, "called").find((e) => e.seat === 2)).toMatchObject({
      amount: 10,
      allIn: true,
    });
    expect(potsOf(round2.state)).toEqual([
      { amount: 160, eligible: [1, 2, 3, 4] },
      { amount: 120, eligible: [2, 3, 4] },
      { amount: 80, eligible: [3, 4] },
    ]);
    const round3 = play(round2.state, ["3 bet 30", "4 fold"]);
    expect(eventsOfType(round3.events, "uncalledBetReturned")).toEqual([
      { type: "uncalledBetReturned", seat: 3, amount: 30 },
    ]);
    expect(awardsOf(round3.events)).toEqual([
      { amount: 160, eligible: [1, 2, 3], winners: [[1, 160]] },
      { amount: 120, eligible: [2, 3], winners: [[2, 120]] },
      { amount: 80, eligible: [3], winners: [[3, 80]] },
    ]);
    expect(stacksOf(round3.state)).toEqual([160, 120, 110, 80]);
  });

  it("SP-0 an all-in player wins from each other player at most what he put in", () => {
    const { state } = table({
      stacks: [100, 100, 30],
      hole: ["2c7d", "3c8d", "AcAd"],
      board: "AsKh9c5d4s",
    });
    const { state: end, events } = play(state, ["3 raise 30", "1 call", "2 raise 100", "1 call"]);
    expect(awardsOf(events)).toEqual([
      { amount: 90, eligible: [1, 2, 3], winners: [[3, 90]] },
      { amount: 140, eligible: [1, 2], winners: [[2, 140]] },
    ]);
    expect(stacksOf(end)).toEqual([0, 140, 90]);
  });

  it("SP-0 a folded player's chips stay in the pots but he can win none; uncalled chips go back", () => {
    const { state } = table({ stacks: [100, 100, 100], hole: ["AcAd"], board: "KsKh9c5d4s" });
    const { events } = play(state, [
      "3 raise 10",
      "1 call",
      "2 fold",
      "1 check",
      "3 bet 20",
      "1 raise 90",
      "3 fold",
    ]);
    expect(eventsOfType(events, "uncalledBetReturned")).toEqual([
      { type: "uncalledBetReturned", seat: 1, amount: 70 },
    ]);
    expect(awardsOf(events)).toEqual([{ amount: 62, eligible: [1], winners: [[1, 62]] }]);
  });
});

describe("split pots", () => {
  it("SP-2 odd chips go one each to the tied winners clockwise from the button", () => {
    // Royal flush on the board: everyone still in ties. Antes 5 + dead small blind 1 + 4 × 2 = 14 for 4 winners.
    const { state } = table({ stacks: [100, 100, 100, 100, 100], ante: 1, board: "AsKsQsJsTs" });
    const { events: end } = checkDown(
      play(state, ["3 call", "4 call", "5 call", "1 fold", "2 check"]).state,
    );
    expect(awardsOf(end)).toEqual([
      {
        amount: 14,
        eligible: [2, 3, 4, 5],
        winners: [
          [2, 4],
          [3, 4],
          [4, 3],
          [5, 3],
        ],
      },
    ]);
  });

  it("SP-2 the main pot and each side pot are split separately, never merged", () => {
    // Seat 2 (big blind) is all-in for 2; seats 3 and 5 tie for both pots; seat 4 folds on the flop.
    // Main 1 + 4 × 2 = 9, side 3 × 5 + 2 × 5 = 25: split 5/4 and 13/12, so seat 3 gets 18 and seat 5 16.
    const setup = {
      stacks: [100, 2, 100, 100, 100],
      hole: ["2c2d", "8c9d", "QsJd", "3c4c", "QdJc"],
      board: "AhKh7c4d2s",
    };
    const lines = ["3 raise 7", "4 call", "5 call", "1 fold", "3 bet 5", "4 fold", "5 call"];
    const { state } = table(setup);
    const { events } = checkDown(play(state, lines).state);
    expect(awardsOf(events)).toEqual([
      {
        amount: 9,
        eligible: [2, 3, 5],
        winners: [
          [3, 5],
          [5, 4],
        ],
      },
      {
        amount: 25,
        eligible: [3, 5],
        winners: [
          [3, 13],
          [5, 12],
        ],
      },
    ]);
    // PokerKit's way (a table option for replaying its files): seat 2 wins nothing, so the pots merge: 34 → 17/17.
    const pk = table({ ...setup, oddChips: "pokerkit" });
    const { events: pkEvents } = checkDown(play(pk.state, lines).state);
    expect(awardsOf(pkEvents)).toEqual([
      {
        amount: 34,
        eligible: [3, 5],
        winners: [
          [3, 17],
          [5, 17],
        ],
      },
    ]);
  });

  it("SP-2 PokerKit option: the whole remainder goes to the first winner", () => {
    const { state } = table({
      stacks: [100, 100, 100, 100, 100],
      ante: 1,
      board: "AsKsQsJsTs",
      oddChips: "pokerkit",
    });
    const { events } = checkDown(
      play(state, ["3 call", "4 call", "5 call", "1 fold", "2 check"]).state,
    );
    expect(awardsOf(events)[0]?.winners).toEqual([
      [2, 5],
      [3, 3],
      [4, 3],
      [5, 3],
    ]);
  });
});

describe("antes", () => {
  it("SP-3 antes are dead money in the main pot: a player all-in from the ante can win them all", () => {
    const { state } = table({
      smallBlind: 5,
      bigBlind: 10,
      ante: 5,
      stacks: [5, 100, 100],
      hole: ["AcAd", "QcJd", "Tc9d"],
      board: "Ks8h7c4d2s",
    });
    expect(state.players[0]).toMatchObject({ stack: 0, allIn: true, ante: 5, bet: 0 });
    const { state: flop } = play(state, ["3 call", "2 check"]);
    expect(potsOf(flop)).toEqual([
      { amount: 15, eligible: [1, 2, 3] },
      { amount: 20, eligible: [2, 3] },
    ]);
    const { state: end, events } = checkDown(flop);
    expect(awardsOf(events)[0]).toEqual({ amount: 15, eligible: [1, 2, 3], winners: [[1, 15]] });
    expect(stacksOf(end)[0]).toBe(15);
  });

  it("SP-3 Decision: a player all-in for part of the ante wins from each ante only what he put in", () => {
    // Ante 5, seat 1 has 3: a pot of 3 from every player (9) he can win; the other antes (2 + 2) go with the bets.
    const { state } = table({
      smallBlind: 5,
      bigBlind: 10,
      ante: 5,
      stacks: [3, 100, 100],
      hole: ["AcAd", "QcJd", "Tc9d"],
      board: "Ks8h7c4d2s",
    });
    expect(state.players[0]).toMatchObject({ stack: 0, allIn: true, ante: 3, committed: 0 });
    const { state: flop } = play(state, ["3 call", "2 check"]);
    expect(potsOf(flop)).toEqual([
      { amount: 9, eligible: [1, 2, 3] },
      { amount: 24, eligible: [2, 3] },
    ]);
    const { state: end, events } = checkDown(flop);
    // Today's bug was 13 (every ante): now 9, and seat 2's queen-high wins the rest.
    expect(awardsOf(events)).toEqual([
      { amount: 9, eligible: [1, 2, 3], winners: [[1, 9]] },
      { amount: 24, eligible: [2, 3], winners: [[2, 24]] },
    ]);
    expect(stacksOf(end)).toEqual([9, 109, 85]);
  });

  it("SP-3 Decision: two short antes make two levels, and a full ante all-in still contests every ante", () => {
    // Ante 5: seat 1 has 2, seat 2 has 4, seat 3 exactly 5 (all-in on the full ante), seat 4 posts and plays on.
    const { state, events } = table({
      smallBlind: 5,
      bigBlind: 10,
      ante: 5,
      stacks: [2, 4, 5, 100],
      button: 4,
      hole: ["AcAd", "KcKd", "QcQd", "7c2d"],
      board: "As8h9c4d3s",
    });
    expect(state.phase).toBe("complete");
    // 2 from each (8); 2 more from seats 2–4 (6); 1 from seats 3–4 (2); nothing is left above seat 3's 5.
    expect(awardsOf(events)).toEqual([
      { amount: 8, eligible: [1, 2, 3, 4], winners: [[1, 8]] },
      { amount: 6, eligible: [2, 3, 4], winners: [[2, 6]] },
      { amount: 2, eligible: [3, 4], winners: [[3, 2]] },
    ]);
    expect(stacksOf(state)).toEqual([8, 6, 2, 95]);
  });

  it("SP-3 a big-blind ante does not count toward side-pot levels", () => {
    // The big blind posts ante 2 + blind 2 and calls all-in for 12: one pot of 2 + 3 × 12, everyone eligible.
    const { state, events } = table({
      ante: 2,
      anteKind: "big-blind",
      stacks: [100, 14, 100],
      hole: ["2c7d", "3c8d", "AcAd"],
      board: "AsKh9c5d4s",
    });
    expect(eventsOfType(events, "antePosted")).toEqual([
      { type: "antePosted", seat: 2, amount: 2, allIn: false },
    ]);
    const { events: end } = checkDown(play(state, ["3 raise 12", "1 call", "2 call"]).state);
    expect(awardsOf(end)).toEqual([{ amount: 38, eligible: [1, 2, 3], winners: [[3, 38]] }]);
  });

  it("SP-3 heads-up the big-blind ante is posted by the big blind (not the button)", () => {
    const { events } = table({ ante: 2, anteKind: "big-blind", stacks: [100, 100] });
    expect(eventsOfType(events, "antePosted").map((e) => e.seat)).toEqual([1]);
  });
});
