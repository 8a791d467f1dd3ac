import { seededInts } from "@felt/fairness/testing";
import { describe, expect, it } from "vitest";
import { redrawBounds } from "./director";
import type { TournamentEvent } from "./state";
import { bustOne, refusal, run, running } from "./test-play";
import { MINUTE } from "./test-support";
import { apply, clockOf, findPlayer, payoutsOf } from "./tournament";

type Started = Extract<TournamentEvent, { type: "handStarted" }>;

describe("the director's tools", () => {
  it("MT-3 time added to the level holds its clock back; time taken ends it early, at most now", () => {
    let state = running(4);
    const now = 4 * MINUTE;
    expect(clockOf(state, now)?.remainingMs).toBe(6 * MINUTE);
    state = run(state, { type: "adjustLevel", deltaMs: 2 * MINUTE, now }).state;
    expect(clockOf(state, now)).toMatchObject({ levelNumber: 1, remainingMs: 8 * MINUTE });
    const taken = run(state, { type: "adjustLevel", deltaMs: -30 * MINUTE, now });
    expect(taken.events).toEqual([
      { type: "levelTimeAdjusted", levelNumber: 1, deltaMs: -8 * MINUTE, remainingMs: 0 },
    ]);
    // The next level starts now, with its full length; time added to it is its own.
    expect(clockOf(taken.state, now)).toMatchObject({ levelNumber: 2, remainingMs: 10 * MINUTE });
    const later = run(taken.state, { type: "adjustLevel", deltaMs: 3 * MINUTE, now: now + MINUTE });
    expect(clockOf(later.state, now + MINUTE)).toMatchObject({
      levelNumber: 2,
      remainingMs: 12 * MINUTE,
    });
    expect(clockOf(later.state, now + 13 * MINUTE)).toMatchObject({ onBreak: true });
    for (const deltaMs of [0, 1.5, Number.NaN, 25 * 60 * MINUTE])
      expect(refusal(state, { type: "adjustLevel", deltaMs, now })).toBe("invalid_adjustment");
    // A hand started after the change plays the new level.
    const hand = run(taken.state, { type: "startHand", table: 1, now }).events[0] as Started;
    expect(hand.bigBlind).toBe(30);
  });

  it("MT-4 a player moved by the director takes the worst free seat there; balancing still holds", () => {
    // 12 players at two tables of 6 (6 and 6); one bust makes it 5 and 6.
    let state = running(12, { seatsPerTable: 6 });
    state = bustOne(state, 1, 1);
    const mover = state.tables[1]?.seats.find((s) => s !== null)?.playerId as string;
    const moved = run(state, { type: "movePlayer", playerId: mover, table: 1, now: 2 });
    expect(moved.events[0]).toMatchObject({
      type: "playerMoved",
      playerId: mover,
      from: { table: 2 },
      to: { table: 1 },
    });
    expect(findPlayer(moved.state, mover)?.table.number).toBe(1);
    expect(refusal(moved.state, { type: "movePlayer", playerId: mover, table: 1, now: 2 })).toBe(
      "invalid_move",
    );
    expect(refusal(moved.state, { type: "movePlayer", playerId: mover, table: 9, now: 2 })).toBe(
      "unknown_table",
    );
    expect(refusal(moved.state, { type: "movePlayer", playerId: "nobody", table: 2, now: 2 })).toBe(
      "not_playing",
    );
    // Not while either table is playing a hand.
    const dealing = run(moved.state, { type: "startHand", table: 2, now: 3 }).state;
    expect(refusal(dealing, { type: "movePlayer", playerId: mover, table: 2, now: 3 })).toBe(
      "hand_in_progress",
    );
  });

  it("MT-5 in hand-for-hand a move never skips a round's hand or plays it twice", () => {
    // 12 players at two tables of 6, hand-for-hand from the start (a wide margin).
    let state = running(12, { seatsPerTable: 6, handForHandMargin: 12 });
    expect(state.handForHand).not.toBeNull();
    state = bustOne(state, 1, 1);
    // Table 1 has played this round and table 2 has not: either way a move across them is refused.
    expect(state.handForHand?.playedInRound).toEqual([1]);
    const fromTwo = state.tables[1]?.seats.find((s) => s !== null)?.playerId as string;
    expect(refusal(state, { type: "movePlayer", playerId: fromTwo, table: 1, now: 2 })).toBe(
      "hand_for_hand_round",
    );
    // Once table 2 has played its hand the round is over, and the move is made.
    const started = run(state, { type: "startHand", table: 2, now: 3 });
    const hand = started.events.find((e) => e.type === "handStarted") as Started;
    const stacks = hand.players.map((p) => ({ seat: p.seat, stack: p.stack }));
    state = run(started.state, { type: "endHand", table: 2, stacks, now: 4 }).state;
    expect(state.handForHand?.playedInRound).toEqual([]);
    const moved = run(state, { type: "movePlayer", playerId: fromTwo, table: 1, now: 5 });
    expect(findPlayer(moved.state, fromTwo)?.table.number).toBe(1);
  });

  it("a disqualified player's chips leave play; he is placed out now, and the chips still add up", () => {
    let state = running(3);
    const [a, b, c] = (state.tables[0]?.seats ?? [])
      .filter((s) => s !== null)
      .map((s) => s?.playerId as string);
    const out = run(state, { type: "disqualify", playerId: a as string, now: 1 });
    expect(out.events[0]).toEqual({ type: "playerDisqualified", playerId: a, chipsRemoved: 1_000 });
    expect(out.events[1]).toMatchObject({
      type: "playerEliminated",
      playerId: a,
      place: { from: 3, to: 3 },
    });
    state = out.state;
    expect(state.removedChips).toBe(1_000);
    expect(refusal(state, { type: "disqualify", playerId: a as string, now: 1 })).toBe(
      "not_playing",
    );
    // Disqualifying the last but one ends the tournament: the other wins.
    const end = run(state, { type: "disqualify", playerId: b as string, now: 2 });
    expect(end.state.phase).toBe("finished");
    expect(end.state.winner?.playerId).toBe(c);
    expect((end.state.standings ?? []).reduce((sum, s) => sum + s.prize, 0)).toBe(
      payoutsOf(end.state).pool,
    );
  });

  it("MT-4 the final table's seats are drawn again from the integers given; the button starts afresh", () => {
    let state = running(8, { seatsPerTable: 5 });
    const ints = seededInts(11, redrawBounds(5));
    expect(refusal(state, { type: "redrawFinalTable", randomInts: ints, now: 1 })).toBe(
      "not_final_table",
    );
    let now = 1;
    while (state.tables.length > 1) {
      // Hand-for-hand near the money: the next table that may deal plays.
      const table = state.tables.find(
        (t) => apply(state, { type: "startHand", table: t.number, now }).ok,
      )?.number as number;
      state = bustOne(state, table, now++);
    }
    const before = (state.tables[0]?.seats ?? []).flatMap((s) => (s ? [s.playerId] : [])).sort();
    expect(refusal(state, { type: "redrawFinalTable", randomInts: [99], now })).toBe(
      "bad_randomness",
    );
    const redrawn = run(state, { type: "redrawFinalTable", randomInts: ints, now });
    const event = redrawn.events[0] as Extract<TournamentEvent, { type: "finalTableRedrawn" }>;
    expect(event.seats.map((s) => s.playerId)).toEqual(before);
    const table = redrawn.state.tables[0];
    for (const { playerId, seat } of event.seats)
      expect(table?.seats[seat - 1]?.playerId).toBe(playerId);
    expect(table?.lastHand).toBeNull();
    // The same integers give the same seats; the chips go with their players.
    expect(run(state, { type: "redrawFinalTable", randomInts: ints, now }).events).toEqual(
      redrawn.events,
    );
    for (const id of before)
      expect(findPlayer(redrawn.state, id)?.occupant.stack).toBe(
        findPlayer(state, id)?.occupant.stack,
      );
    const dealing = run(redrawn.state, {
      type: "startHand",
      table: table?.number as number,
      now,
    }).state;
    expect(refusal(dealing, { type: "redrawFinalTable", randomInts: ints, now })).toBe(
      "hand_in_progress",
    );
  });
});
