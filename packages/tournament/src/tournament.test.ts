import { type SeededRandom, seededInts, seededRandom } from "@felt/fairness/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TournamentConfig } from "./config";
import { drawBounds } from "./draw";
import { invariantViolations, tableSpread } from "./invariants";
import type { Command, TournamentEvent, TournamentState } from "./state";
import { config, MINUTE } from "./test-support";
import { apply, clockOf, createTournament, findPlayer, payoutsOf } from "./tournament";

type Started = Extract<TournamentEvent, { type: "handStarted" }>;

function create(overrides: Partial<TournamentConfig> = {}): TournamentState {
  const created = createTournament(config(overrides), 0);
  if (!created.ok) throw new Error(created.error.message);
  return created.state;
}

/** Applies a command that must be accepted; checks the invariants after it. */
function run(
  state: TournamentState,
  command: Command,
): { state: TournamentState; events: TournamentEvent[] } {
  const result = apply(state, command);
  if (!result.ok) throw new Error(`${command.type}: ${result.error.code} ${result.error.message}`);
  expect(invariantViolations(result.state)).toEqual([]);
  return result;
}

function refused(state: TournamentState, command: Command): string {
  const result = apply(state, command);
  expect(result.ok).toBe(false);
  if (result.ok) return "";
  expect(result.error.message.length).toBeGreaterThan(0);
  return result.error.code;
}

function registered(state: TournamentState, count: number, now = 0): TournamentState {
  let s = state;
  for (let i = 0; i < count; i++)
    s = run(s, { type: "register", playerId: `p${String(i).padStart(4, "0")}`, now }).state;
  return s;
}

function started(
  state: TournamentState,
  seed = 1,
  now = 0,
): { state: TournamentState; events: TournamentEvent[] } {
  return run(state, {
    type: "start",
    now,
    randomInts: seededInts(seed, drawBounds(state.totals.entries)),
  });
}

function startHand(
  state: TournamentState,
  table: number,
  now: number,
): { state: TournamentState; hand: Started } {
  const { state: next, events } = run(state, { type: "startHand", table, now });
  return { state: next, hand: events.find((e) => e.type === "handStarted") as Started };
}

/** Ends the hand with the stacks `outcome` gives (by player id; the others keep theirs). */
function endHand(
  state: TournamentState,
  hand: Started,
  now: number,
  outcome: Record<string, number> = {},
): { state: TournamentState; events: TournamentEvent[] } {
  const stacks = hand.players.map((p) => ({ seat: p.seat, stack: outcome[p.playerId] ?? p.stack }));
  return run(state, { type: "endHand", table: hand.table, now, stacks });
}

const ofType = <T extends TournamentEvent["type"]>(events: TournamentEvent[], type: T) =>
  events.filter((e): e is Extract<TournamentEvent, { type: T }> => e.type === type);

describe("registration and the start", () => {
  it("MT-1 register, unregister with a refund, then the draw seats everyone", () => {
    let state = registered(create(), 20);
    expect(refused(state, { type: "register", playerId: "p0000", now: 0 })).toBe(
      "already_registered",
    );
    const cancelled = run(state, { type: "unregister", playerId: "p0019", now: 0 });
    expect(cancelled.events).toEqual([
      { type: "registrationCancelled", playerId: "p0019", refundPrize: 100, refundFee: 10 },
    ]);
    state = cancelled.state;
    const { state: after, events } = started(state);
    expect(events[0]).toEqual({ type: "tournamentStarted", entrants: 19, tables: 3 });
    expect(ofType(events, "playerSeated")).toHaveLength(19);
    expect(after.tables.map((t) => t.seats.filter(Boolean).length)).toEqual([7, 6, 6]);
    expect(refused(after, { type: "unregister", playerId: "p0000", now: 1 })).toBe(
      "already_started",
    );
  });

  it("MT-4 the draw depends only on the integers, not on the order of registration", () => {
    const forward = started(registered(create(), 12)).state;
    let reversed = create();
    for (let i = 11; i >= 0; i--) {
      reversed = run(reversed, {
        type: "register",
        playerId: `p${String(i).padStart(4, "0")}`,
        now: 0,
      }).state;
    }
    expect(started(reversed).state.tables).toEqual(forward.tables);
  });

  it("MT-1 a tournament needs valid randomness (too small a field is cancelled: cancel.test.ts)", () => {
    expect(refused(registered(create(), 3), { type: "start", now: 0, randomInts: [0] })).toBe(
      "bad_randomness",
    );
  });

  it("MT-1 late registration seats the entrant at the short table, then closes", () => {
    let state = started(registered(create({ lateRegistration: { untilLevel: 1 } }), 17)).state;
    const late = run(state, { type: "register", playerId: "late", now: 5 * MINUTE });
    expect(ofType(late.events, "playerRegistered")[0]).toMatchObject({ late: true, entry: 1 });
    expect(ofType(late.events, "playerSeated")[0]).toMatchObject({ playerId: "late", table: 2 });
    state = late.state;
    expect(refused(state, { type: "register", playerId: "later", now: 10 * MINUTE })).toBe(
      "registration_closed",
    );
  });

  it("MT-1 when every table is full a late entrant opens a new one, and balancing fills it", () => {
    const state = started(
      registered(create({ seatsPerTable: 3, lateRegistration: { untilLevel: 2 } }), 6),
    ).state;
    const late = run(state, { type: "register", playerId: "late", now: 1 });
    expect(ofType(late.events, "tableOpened")).toEqual([{ type: "tableOpened", table: 3 }]);
    expect(ofType(late.events, "playerMoved")).toHaveLength(1);
    // The giver is the longest table, the highest number on a tie.
    expect(ofType(late.events, "playerMoved")[0]).toMatchObject({
      from: { table: 2 },
      to: { table: 3 },
    });
    expect(late.state.tables.map((t) => t.seats.filter(Boolean).length)).toEqual([3, 2, 2]);
  });

  it("MT-1 re-entry: a busted player may buy a new entry during late registration", () => {
    let state = started(
      registered(
        create({ lateRegistration: { untilLevel: 2 }, reEntry: { maxEntriesPerPlayer: 2 } }),
        4,
      ),
    ).state;
    const dealt = startHand(state, 1, 1);
    const hand = dealt.hand;
    state = dealt.state;
    const [loser, winner] = hand.players as [Started["players"][0], Started["players"][0]];
    const ended = endHand(state, hand, 2, {
      [loser.playerId]: 0,
      [winner.playerId]: winner.stack + loser.stack,
    });
    expect(ofType(ended.events, "playerEliminated")[0]).toMatchObject({
      playerId: loser.playerId,
      place: { from: 4, to: 4 },
      provisional: true,
      prize: null,
    });
    state = ended.state;
    const again = run(state, { type: "register", playerId: loser.playerId, now: 3 });
    expect(ofType(again.events, "playerRegistered")[0]).toMatchObject({ entry: 2 });
    expect(again.state.totals.entries).toBe(5);
  });
});

describe("hands and the clock", () => {
  it("MT-3 every table plays the level in force when its hand starts; no hands on a break", () => {
    let state = started(registered(create(), 18)).state;
    let hand: Started;
    ({ state, hand } = startHand(state, 1, 9 * MINUTE));
    expect(hand).toMatchObject({ levelNumber: 1, smallBlind: 10, bigBlind: 20, ante: 0 });
    state = endHand(state, hand, 10 * MINUTE).state;
    ({ state, hand } = startHand(state, 2, 10 * MINUTE));
    expect(hand).toMatchObject({ levelNumber: 2, bigBlind: 30 });
    state = endHand(state, hand, 21 * MINUTE).state;
    expect(refused(state, { type: "startHand", table: 1, now: 21 * MINUTE })).toBe("on_break");
    ({ hand } = startHand(state, 1, 25 * MINUTE));
    expect(hand).toMatchObject({ levelNumber: 3, bigBlind: 50, ante: 5, anteKind: "each" });
  });

  it("MT-7 a hand that creates or loses chips is refused", () => {
    let state = started(registered(create(), 9)).state;
    const dealt = startHand(state, 1, 1);
    const hand = dealt.hand;
    state = dealt.state;
    const stacks = hand.players.map((p, i) => ({
      seat: p.seat,
      stack: p.stack - (i === 0 ? 1 : 0),
    }));
    expect(refused(state, { type: "endHand", table: 1, now: 2, stacks })).toBe(
      "chips_not_conserved",
    );
    expect(refused(state, { type: "endHand", table: 1, now: 2, stacks: stacks.slice(1) })).toBe(
      "stacks_mismatch",
    );
    expect(refused(state, { type: "startHand", table: 1, now: 2 })).toBe("hand_in_progress");
    expect(refused(state, { type: "startHand", table: 9, now: 2 })).toBe("unknown_table");
    expect(refused(state, { type: "startHand", table: 1, now: 0 })).toBe("invalid_time");
  });

  it("MT-6 absent players stay in the field: only an empty stack takes a player out", () => {
    let state = started(registered(create(), 9)).state;
    for (let k = 0; k < 30; k++) {
      let hand: Started;
      ({ state, hand } = startHand(state, 1, k));
      // The absent player is dealt in and blinded: here they lose 20 chips a hand to the next player.
      const [absent, other] = hand.players as [Started["players"][0], Started["players"][0]];
      const lost = Math.min(20, absent.stack - 1);
      state = endHand(state, hand, k, {
        [absent.playerId]: absent.stack - lost,
        [other.playerId]: other.stack + lost,
      }).state;
    }
    expect(state.alive).toBe(9);
    expect(state.eliminations).toEqual([]);
  });
});

describe("balancing in play", () => {
  it("MT-4 busts unbalance the tables: the long table's next big blind moves, tables break in order", () => {
    let state = started(registered(create({ seatsPerTable: 4 }), 12)).state; // 3 tables of 4
    let hand: Started;
    ({ state, hand } = startHand(state, 1, 1));
    const [a, b, c] = hand.players as [
      Started["players"][0],
      Started["players"][0],
      Started["players"][0],
    ];
    // Two players bust at table 1: it has 2, the others 4.
    const ended = endHand(state, hand, 2, {
      [a.playerId]: 0,
      [b.playerId]: 0,
      [c.playerId]: c.stack + a.stack + b.stack,
    });
    const moved = ofType(ended.events, "playerMoved");
    expect(moved).toHaveLength(1);
    expect(moved[0]?.to.table).toBe(1);
    expect(tableSpread(ended.state.tables)).toBeLessThanOrEqual(1);
    state = ended.state;
    // Two more busts: 8 players fit on 2 tables of 4, so the highest-numbered table breaks.
    ({ state, hand } = startHand(state, 2, 3));
    const [x, y, z] = hand.players as [
      Started["players"][0],
      Started["players"][0],
      Started["players"][0],
    ];
    const broke = endHand(state, hand, 4, {
      [x.playerId]: 0,
      [y.playerId]: 0,
      [z.playerId]: z.stack + x.stack + y.stack,
    });
    expect(ofType(broke.events, "tableBroken")).toEqual([{ type: "tableBroken", table: 3 }]);
    expect(broke.state.tables.map((t) => t.number)).toEqual([1, 2]);
  });

  it("MT-4 final table: everyone moves to one table when they fit", () => {
    let state = started(registered(create({ seatsPerTable: 3, handForHandMargin: 1 }), 4)).state; // 2 + 2
    const dealt = startHand(state, 1, 1);
    const hand = dealt.hand;
    state = dealt.state;
    const [a, b] = hand.players as [Started["players"][0], Started["players"][0]];
    const ended = endHand(state, hand, 2, { [a.playerId]: 0, [b.playerId]: a.stack + b.stack });
    expect(ofType(ended.events, "tableBroken")).toEqual([{ type: "tableBroken", table: 2 }]);
    expect(ofType(ended.events, "finalTableReached")).toEqual([
      { type: "finalTableReached", table: 1 },
    ]);
    expect(ended.state.tables).toHaveLength(1);
  });
});

describe("pausing the clock (MT-3)", () => {
  it("MT-3 a pause stops the level clock and new hands; on resume the level keeps the time it had left", () => {
    let state = started(registered(create(), 4)).state; // levels of 10 minutes from t = 0
    state = run(state, { type: "pause", now: 4 * MINUTE }).state;
    expect(refused(state, { type: "pause", now: 5 * MINUTE })).toBe("paused");
    expect(refused(state, { type: "startHand", table: 1, now: 5 * MINUTE })).toBe("paused");
    // An hour later the clock still reads level 1 with 6 minutes left.
    expect(clockOf(state, 64 * MINUTE)).toMatchObject({ levelNumber: 1, remainingMs: 6 * MINUTE });
    const resumed = run(state, { type: "resume", now: 64 * MINUTE });
    expect(resumed.events).toEqual([{ type: "resumed", pausedMs: 60 * MINUTE }]);
    state = resumed.state;
    expect(clockOf(state, 70 * MINUTE)).toMatchObject({ levelNumber: 2 });
    expect(startHand(state, 1, 70 * MINUTE).hand.levelNumber).toBe(2);
    expect(refused(state, { type: "resume", now: 71 * MINUTE })).toBe("not_paused");
  });

  it("a tournament not yet started cannot be paused", () => {
    expect(refused(registered(create(), 2), { type: "pause", now: 1 })).toBe("not_started");
  });
});

describe("issue 48: nobody alone, hand-for-hand only on the bubble", () => {
  it("MT-4 MT-5 3 entrants at 2 per table sit at one table and play at once; no hand-for-hand at one table", () => {
    const { state, events } = started(registered(create({ seatsPerTable: 2 }), 3));
    expect(state.tables.map((t) => t.seats.filter(Boolean).length)).toEqual([3]);
    expect(ofType(events, "handForHandStarted")).toEqual([]);
    const { hand } = startHand(state, 1, 1);
    expect(hand.players).toHaveLength(3);
    expect(hand.handForHand).toBe(false);
  });

  it("MT-5 by default hand-for-hand starts on the bubble (one more player than places paid), not before", () => {
    // 14 entrants at tables of 3 (five tables), 3 paid.
    let state = started(registered(create({ seatsPerTable: 3 }), 14)).state;
    expect(state.rules.handForHandMargin).toBe(1);
    let now = 1;
    while (state.alive > 4) {
      expect(state.handForHand).toBeNull();
      const table = state.tables.reduce((a, b) =>
        b.seats.filter(Boolean).length > a.seats.filter(Boolean).length ? b : a,
      );
      let hand: Started;
      ({ state, hand } = startHand(state, table.number, now++));
      const [loser, winner] = hand.players as [Started["players"][0], Started["players"][0]];
      state = endHand(state, hand, now++, {
        [loser.playerId]: 0,
        [winner.playerId]: winner.stack + loser.stack,
      }).state;
    }
    // 4 left for 3 places, at two tables of two: the bubble.
    expect(state.tables).toHaveLength(2);
    expect(state.handForHand).not.toBeNull();
  });
});

describe("hand-for-hand and simultaneous eliminations", () => {
  // 14 entrants at tables of 4, 3 paid; hand-for-hand from 3 + margin 2 = 5 players down to 4.
  const bubble = () =>
    started(registered(create({ seatsPerTable: 4, handForHandMargin: 2 }), 14)).state;

  /** Busts players at the given table until `alive` are left, outside hand-for-hand. */
  function bustDownTo(state: TournamentState, alive: number): TournamentState {
    let s = state;
    let now = 1;
    while (s.alive > alive) {
      const table = s.tables.reduce((a, b) =>
        b.seats.filter(Boolean).length > a.seats.filter(Boolean).length ? b : a,
      );
      let hand: Started;
      ({ state: s, hand } = startHand(s, table.number, now++));
      const [loser, winner] = hand.players as [Started["players"][0], Started["players"][0]];
      s = endHand(s, hand, now++, {
        [loser.playerId]: 0,
        [winner.playerId]: winner.stack + loser.stack,
      }).state;
    }
    return s;
  }

  it("MT-5 near the money tables wait for each other between hands", () => {
    let state = bustDownTo(bubble(), 6);
    expect(state.handForHand).toBeNull();
    let hand: Started;
    ({ state, hand } = startHand(state, 1, 100));
    const [loser, winner] = hand.players as [Started["players"][0], Started["players"][0]];
    const ended = endHand(state, hand, 101, {
      [loser.playerId]: 0,
      [winner.playerId]: winner.stack + loser.stack,
    });
    expect(ofType(ended.events, "handForHandStarted")).toHaveLength(1);
    state = ended.state;
    ({ state, hand } = startHand(state, 1, 102));
    expect(hand.handForHand).toBe(true);
    state = endHand(state, hand, 103).state;
    expect(refused(state, { type: "startHand", table: 1, now: 104 })).toBe(
      "waiting_for_hand_for_hand",
    );
    ({ state, hand } = startHand(state, 2, 104));
    state = endHand(state, hand, 105).state;
    // Round over: table 1 may deal again.
    expect(startHand(state, 1, 106).hand.handForHand).toBe(true);
  });

  it("MT-5 MT-4 hands begun before hand-for-hand that leave every table short still end the round: busts placed, tables merged", () => {
    // 8 entrants at two full tables of 4, 2 paid; hand-for-hand from 2 + 3 = 5 players down.
    let state = started(registered(create({ seatsPerTable: 4, handForHandMargin: 3 }), 8)).state;
    const one = startHand(state, 1, 1);
    const two = startHand(one.state, 2, 2);
    state = two.state;
    // Table 1's hand leaves it one player: 5 left, so hand-for-hand starts. He stays alone
    // only because table 2 is full and in its hand (MT-4: a free seat there would take him).
    const allIn = (hand: Started): Record<string, number> => {
      const total = hand.players.reduce((sum, p) => sum + p.stack, 0);
      return Object.fromEntries(
        hand.players.map((p, i) => [p.playerId, i === 0 ? total : 0] as const),
      );
    };
    state = endHand(state, one.hand, 3, allIn(one.hand)).state;
    expect(state.handForHand).not.toBeNull();
    // Table 2's hand (begun before the round) leaves it one player too: nobody can deal.
    const ended = endHand(state, two.hand, 4, allIn(two.hand));
    expect(ofType(ended.events, "playerEliminated")).toHaveLength(3);
    expect(ended.state.tables).toHaveLength(1);
    expect(ended.state.tables[0]?.seats.filter(Boolean)).toHaveLength(2);
    expect(startHand(ended.state, ended.state.tables[0]?.number ?? 0, 5).hand.players).toHaveLength(
      2,
    );
  });

  it("MT-5 busts of one hand-for-hand round place by starting stack across tables; equal stacks share", () => {
    let state = bustDownTo(bubble(), 6);
    let hand: Started;
    ({ state, hand } = startHand(state, 1, 100));
    const [l0, w0] = hand.players as [Started["players"][0], Started["players"][0]];
    state = endHand(state, hand, 101, {
      [l0.playerId]: 0,
      [w0.playerId]: w0.stack + l0.stack,
    }).state;
    expect(state.handForHand).not.toBeNull();
    // 5 left, 3 paid. One round: table 1 and table 2 each lose a player.
    const tableNumbers = state.tables.map((t) => t.number);
    const eliminated: TournamentEvent[] = [];
    let now = 102;
    const bustedStacks: number[] = [];
    for (const number of tableNumbers) {
      ({ state, hand } = startHand(state, number, now++));
      const sorted = hand.players.slice().sort((a, b) => a.stack - b.stack);
      const loser = sorted[0] as Started["players"][0];
      const winner = sorted[sorted.length - 1] as Started["players"][0];
      bustedStacks.push(loser.stack);
      const ended = endHand(state, hand, now++, {
        [loser.playerId]: 0,
        [winner.playerId]: winner.stack + loser.stack,
      });
      eliminated.push(...ofType(ended.events, "playerEliminated"));
      state = ended.state;
      if (number === tableNumbers[0]) expect(eliminated).toEqual([]); // placed only when the round ends
    }
    expect(eliminated).toHaveLength(2);
    const [first, second] = bustedStacks as [number, number];
    const places = eliminated.map(
      (e) => (e as Extract<TournamentEvent, { type: "playerEliminated" }>).place,
    );
    if (first === second) {
      expect(places).toEqual([
        { from: 4, to: 5 },
        { from: 4, to: 5 },
      ]);
    } else {
      expect(places).toEqual([
        { from: 4, to: 4 },
        { from: 5, to: 5 },
      ]);
    }
    // 3 left = the places paid: hand-for-hand is over; they fit at one table.
    expect(state.handForHand).toBeNull();
    expect(state.tables).toHaveLength(1);
  });
});

describe("rebuys and add-ons in play", () => {
  const rebuyConfig = {
    rebuy: { untilLevel: 1, prize: 100, fee: 10, chips: 1_000, stackAtMost: 1_000, maxPerEntry: 1 },
    addOn: { fromLevel: 2, untilLevel: 2, prize: 100, fee: 10, chips: 3_000 },
  };

  it("MT-1 a bust during the rebuy period is offered a rebuy; the table waits for the decision", () => {
    let state = started(registered(create(rebuyConfig), 3)).state;
    let hand: Started;
    ({ state, hand } = startHand(state, 1, 1));
    const [loser, winner] = hand.players as [Started["players"][0], Started["players"][0]];
    const ended = endHand(state, hand, 2, {
      [loser.playerId]: 0,
      [winner.playerId]: winner.stack + loser.stack,
    });
    expect(ofType(ended.events, "rebuyOffered")).toHaveLength(1);
    expect(ofType(ended.events, "playerEliminated")).toEqual([]);
    state = ended.state;
    expect(refused(state, { type: "startHand", table: 1, now: 3 })).toBe("rebuy_pending");
    const bought = run(state, { type: "rebuy", playerId: loser.playerId, now: 3 });
    expect(ofType(bought.events, "rebuyTaken")[0]).toMatchObject({
      chips: 1_000,
      prize: 100,
      fee: 10,
      stack: 1_000,
    });
    state = bought.state;
    expect(payoutsOf(state).pool).toBe(400);
    // Busted again: the one rebuy is used up, so out at once.
    ({ state, hand } = startHand(state, 1, 4));
    const again = hand.players.find((p) => p.playerId === loser.playerId) as Started["players"][0];
    const other = hand.players.find((p) => p.playerId !== loser.playerId) as Started["players"][0];
    const out = endHand(state, hand, 5, {
      [again.playerId]: 0,
      [other.playerId]: other.stack + again.stack,
    });
    expect(ofType(out.events, "playerEliminated")[0]).toMatchObject({
      playerId: loser.playerId,
      place: { from: 3 },
    });
  });

  it("MT-1 declining a rebuy eliminates the player; the add-on comes once in its window", () => {
    let state = started(registered(create(rebuyConfig), 3)).state;
    const dealt = startHand(state, 1, 1);
    const hand = dealt.hand;
    state = dealt.state;
    const [loser, winner] = hand.players as [Started["players"][0], Started["players"][0]];
    state = endHand(state, hand, 2, {
      [loser.playerId]: 0,
      [winner.playerId]: winner.stack + loser.stack,
    }).state;
    const declined = run(state, { type: "declineRebuy", playerId: loser.playerId, now: 3 });
    expect(ofType(declined.events, "playerEliminated")[0]).toMatchObject({
      playerId: loser.playerId,
      place: { from: 3 },
    });
    state = declined.state;
    expect(refused(state, { type: "addOn", playerId: winner.playerId, now: 4 })).toBe(
      "add_on_closed",
    );
    const added = run(state, { type: "addOn", playerId: winner.playerId, now: 10 * MINUTE });
    expect(ofType(added.events, "addOnTaken")[0]).toMatchObject({
      chips: 3_000,
      stack: winner.stack + loser.stack + 3_000,
    });
    expect(
      refused(added.state, { type: "addOn", playerId: winner.playerId, now: 10 * MINUTE }),
    ).toBe("add_on_taken");
    expect(
      refused(added.state, { type: "rebuy", playerId: winner.playerId, now: 10 * MINUTE }),
    ).toBe("rebuy_closed");
  });
});

describe("chips bought while the player's hand is in play (MT-1)", () => {
  const rebuyConfig = {
    rebuy: { untilLevel: 1, prize: 100, fee: 10, chips: 1_000, stackAtMost: 1_000, maxPerEntry: 2 },
    addOn: { fromLevel: 1, untilLevel: 1, prize: 50, fee: 5, chips: 2_000 },
  };

  it("MT-1 a rebuy during a hand is accepted and paid at once; its chips join the stack when the hand ends", () => {
    let state = started(registered(create(rebuyConfig), 3)).state;
    let hand: Started;
    ({ state, hand } = startHand(state, 1, 1));
    const [buyer, other] = hand.players as [Started["players"][0], Started["players"][0]];
    const bought = run(state, { type: "rebuy", playerId: buyer.playerId, now: 2 });
    expect(ofType(bought.events, "rebuyTaken")[0]).toMatchObject({
      prize: 100,
      fee: 10,
      stack: buyer.stack + 1_000,
      nextHand: true,
    });
    state = bought.state;
    // Paid for now (the pool grew), but not in play in this hand: the table's stack is unchanged.
    expect(payoutsOf(state).pool).toBe(400);
    expect(findPlayer(state, buyer.playerId)?.occupant).toMatchObject({
      stack: buyer.stack,
      bought: 1_000,
    });
    expect(invariantViolations(state)).toEqual([]);
    // A second one now would take him over the rebuy limit of 1,000 chips: refused, nothing bought.
    expect(refused(state, { type: "rebuy", playerId: buyer.playerId, now: 3 })).toBe(
      "stack_too_large",
    );
    // He loses the hand entirely: with his rebuy he is not out, and no offer is made.
    const ended = endHand(state, hand, 4, {
      [buyer.playerId]: 0,
      [other.playerId]: other.stack + buyer.stack,
    });
    expect(ofType(ended.events, "boughtChipsAdded")).toEqual([
      { type: "boughtChipsAdded", playerId: buyer.playerId, table: 1, chips: 1_000, stack: 1_000 },
    ]);
    expect(ofType(ended.events, "rebuyOffered")).toEqual([]);
    expect(ofType(ended.events, "playerEliminated")).toEqual([]);
    state = ended.state;
    expect(findPlayer(state, buyer.playerId)?.occupant).toEqual({
      playerId: buyer.playerId,
      stack: 1_000,
    });
    expect(invariantViolations(state)).toEqual([]);
    // The next hand deals him with those chips.
    ({ hand } = startHand(state, 1, 5));
    expect(hand.players.find((p) => p.playerId === buyer.playerId)?.stack).toBe(1_000);
  });

  it("MT-1 an add-on during a hand waits for it: the winner keeps what he won, plus the add-on", () => {
    const { state, hand } = startHand(started(registered(create(rebuyConfig), 3)).state, 1, 1);
    const [buyer, loser] = hand.players as [Started["players"][0], Started["players"][0]];
    const added = run(state, { type: "addOn", playerId: buyer.playerId, now: 2 });
    expect(ofType(added.events, "addOnTaken")[0]).toMatchObject({ chips: 2_000, nextHand: true });
    expect(findPlayer(added.state, buyer.playerId)?.occupant.stack).toBe(buyer.stack);
    expect(refused(added.state, { type: "addOn", playerId: buyer.playerId, now: 3 })).toBe(
      "add_on_taken",
    );
    const ended = endHand(added.state, hand, 4, {
      [buyer.playerId]: buyer.stack + 70,
      [loser.playerId]: loser.stack - 70,
    });
    expect(findPlayer(ended.state, buyer.playerId)?.occupant.stack).toBe(buyer.stack + 70 + 2_000);
  });
});

describe("the finish and the payouts", () => {
  it("MT-2 a guarantee above the buy-ins is paid in full, and the pool exactly", () => {
    let state = started(registered(create({ guarantee: 5_000 }), 3)).state;
    let events: TournamentEvent[] = [];
    let now = 1;
    while (state.phase !== "finished") {
      let hand: Started;
      ({ state, hand } = startHand(state, 1, now++));
      const [loser, winner] = hand.players as [Started["players"][0], Started["players"][0]];
      ({ state, events } = endHand(state, hand, now++, {
        [loser.playerId]: 0,
        [winner.playerId]: winner.stack + loser.stack,
      }));
    }
    const finished = ofType(events, "tournamentFinished")[0];
    expect(finished).toMatchObject({ prizePool: 5_000, overlay: 4_700 });
    expect(finished?.standings.map((s) => s.prize)).toEqual([5_000, 0, 0]);
    expect(refused(state, { type: "startHand", table: 1, now })).toBe("tournament_finished");
  });
});

/** Plays a whole tournament with random chip movements; returns the final state. */
function playOut(
  state: TournamentState,
  random: SeededRandom,
  options: { rebuys: boolean },
): TournamentState {
  let s = state;
  let now = 0;
  for (let guard = 0; s.phase !== "finished"; guard++) {
    if (guard > 200_000) throw new Error("the tournament does not end");
    now += 1_000;
    for (const pending of s.pendingRebuys.filter((p) => !p.declined)) {
      const wants = options.rebuys && random.nextInt(2) === 0;
      const result = apply(s, {
        type: wants ? "rebuy" : "declineRebuy",
        playerId: pending.playerId,
        now,
      });
      s = result.ok
        ? result.state
        : run(s, { type: "declineRebuy", playerId: pending.playerId, now }).state;
      expect(invariantViolations(s)).toEqual([]);
      if (s.phase === "finished") return s;
    }
    const playable = s.tables.filter((t) => !t.handInProgress);
    const table = playable[random.nextInt(playable.length)];
    if (!table) continue;
    const result = apply(s, { type: "startHand", table: table.number, now });
    if (!result.ok) {
      // A lone player waits at a table of two seats until the others are down to one table.
      expect(["on_break", "waiting_for_hand_for_hand", "not_enough_players"]).toContain(
        result.error.code,
      );
      continue;
    }
    s = result.state;
    const hand = result.events.find((e) => e.type === "handStarted") as Started;
    // MT-1: now and then a player of this hand buys chips while it is in play.
    if (options.rebuys && random.nextInt(4) === 0) {
      const buyer = hand.players[random.nextInt(hand.players.length)] as Started["players"][0];
      const type = random.nextInt(2) === 0 ? "rebuy" : "addOn";
      const bought = apply(s, { type, playerId: buyer.playerId, now });
      if (bought.ok) {
        s = bought.state;
        expect(bought.events.some((e) => "nextHand" in e && e.nextHand)).toBe(true);
        expect(invariantViolations(s)).toEqual([]);
      }
    }
    // A random hand: one winner takes chips (sometimes everything) from some of the others.
    const winner = random.nextInt(hand.players.length);
    const stacks = hand.players.map((p) => ({ seat: p.seat, stack: p.stack }));
    for (let i = 0; i < stacks.length; i++) {
      if (i === winner || random.nextInt(3) !== 0) continue;
      const loser = stacks[i] as { stack: number };
      const lost = random.nextInt(2) === 0 ? loser.stack : random.nextInt(loser.stack + 1);
      loser.stack -= lost;
      (stacks[winner] as { stack: number }).stack += lost;
    }
    s = run(s, { type: "endHand", table: hand.table, now, stacks }).state;
  }
  return s;
}

describe("whole tournaments (property)", () => {
  it("MT-2 MT-4 MT-5 MT-7 random fields play to one winner: invariants hold, payouts are exact", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 400 }),
        fc.integer({ min: 2, max: 10 }),
        fc.integer(),
        fc.boolean(),
        (entrants, seatsPerTable, seed, rebuys) => {
          const random = seededRandom(seed);
          let state = create({
            seatsPerTable,
            guarantee: random.nextInt(3) === 0 ? 20_000 : 0,
            ...(rebuys
              ? {
                  rebuy: {
                    untilLevel: 2,
                    prize: 100,
                    fee: 10,
                    chips: 1_000,
                    stackAtMost: 1_000,
                    maxPerEntry: 2,
                  },
                  addOn: { fromLevel: 2, untilLevel: 2, prize: 50, fee: 5, chips: 1_000 },
                }
              : {}),
          });
          state = registered(state, entrants);
          state = started(state, seed).state;
          state = playOut(state, random, { rebuys });
          const standings = state.standings ?? [];
          const { pool } = payoutsOf(state);
          expect(standings).toHaveLength(state.totals.entries);
          expect(standings.reduce((sum, s) => sum + s.prize, 0)).toBe(pool);
          const byPlace = standings.slice().sort((a, b) => a.place.from - b.place.from);
          expect(byPlace[0]?.place.from).toBe(1);
          // Non-increasing by place (a tie shares equally up to one unit).
          for (let i = 1; i < byPlace.length; i++) {
            const a = byPlace[i - 1] as (typeof byPlace)[0];
            const b = byPlace[i] as (typeof byPlace)[0];
            if (a.place.from === b.place.from)
              expect(Math.abs(a.prize - b.prize)).toBeLessThanOrEqual(1);
            else expect(b.prize).toBeLessThanOrEqual(a.prize);
          }
          expect(findPlayer(state, state.winner?.playerId ?? "")).not.toBeNull();
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
