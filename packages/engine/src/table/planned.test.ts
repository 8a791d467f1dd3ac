/**
 * Tournament tables driven by the tournament: `seatPlayers` sets the seating,
 * `startPlannedHand` deals with the positions and level it gives.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type HandEvent, legalActions } from "../hand";
import { sized } from "../test-size";
import { applyTable, chipsOnTable } from "./table";
import { deck, NL, ok, run, table } from "./test-support";
import type { PlannedHand, SeatAssignment, TableCommand, TableEvent, TableState } from "./types";
import { tableViewFor } from "./view";

const LEVEL = { smallBlind: 50, bigBlind: 100, ante: 0, anteKind: "each" as const };

const seating = (...seats: [number, number][]): SeatAssignment[] =>
  seats.map(([seat, stack]) => ({ seat, playerId: `p${seat}`, name: `Player ${seat}`, stack }));

const seated = (...seats: [number, number][]): TableState =>
  run(table(), { type: "seatPlayers", players: seating(...seats) });

const planned = (plan: Partial<PlannedHand> = {}): TableCommand => ({
  type: "startPlannedHand",
  deck: deck(),
  plan: { seats: [1, 2, 3], button: 1, smallBlind: 2, bigBlind: 3, blinds: LEVEL, ...plan },
});

const handEvents = (events: TableEvent[]): HandEvent[] =>
  events.flatMap((e) => (e.type === "handEvent" ? [e.event] : []));

const stackSum = (t: TableState) => t.seats.reduce((sum, o) => sum + (o?.stack ?? 0), 0);

/** Refused with `code`, and the state neither changed nor mutated (it is frozen). */
function expectRefused(state: TableState, command: TableCommand, code: string) {
  const copy = JSON.parse(JSON.stringify(state)) as TableState;
  const result = applyTable(deepFreeze(state), command);
  expect(result.ok ? "ok" : result.error.code).toBe(code);
  expect(state).toEqual(copy);
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
  return value;
}

/** Plays the hand out: `pick` chooses each action from the legal ones. */
function playOut(
  state: TableState,
  pick: (
    legal: ReturnType<typeof legalActions>,
  ) => Extract<TableCommand, { type: "act" }>["action"],
): TableState {
  let t = state;
  while (t.hand && t.hand.phase !== "complete") {
    const seat = t.hand.toAct as number;
    const action = pick(legalActions(t.hand, seat));
    t = run(t, { type: "act", playerId: t.seats[seat - 1]?.playerId as string, action });
  }
  return t;
}

const checkDown = (legal: ReturnType<typeof legalActions>) =>
  legal.check ? { type: "check" as const } : { type: "call" as const };

describe("seatPlayers (MT-6 tournament seating)", () => {
  it("MT-7 seats players with the stacks given, outside the buy-in limits, as newcomers", () => {
    const { state, events } = ok(
      applyTable(table(), { type: "seatPlayers", players: seating([2, 5000], [4, 1]) }),
    );
    expect(events).toEqual([
      { type: "playerSat", seat: 2, playerId: "p2", name: "Player 2", buyIn: 5000 },
      { type: "playerSat", seat: 4, playerId: "p4", name: "Player 4", buyIn: 1 },
    ]);
    expect(state.seats[1]).toEqual({
      seat: 2,
      playerId: "p2",
      name: "Player 2",
      stack: 5000,
      pendingChips: 0,
      status: "active",
      leaving: false,
      consecutiveTimeouts: 0,
      owes: null,
      waitForBigBlind: false,
      autoRebuy: null,
    });
    expect(state.seats.filter(Boolean)).toHaveLength(2);
    expect(state.version).toBe(1);
  });

  it("MT-6 replaces the seating between hands: the mover leaves, the newcomer sits, the kept player keeps his status", () => {
    let t = seated([1, 1000], [2, 1000], [3, 1000]);
    t = run(t, { type: "sitOut", playerId: "p2" });
    const { state, events } = ok(
      applyTable(t, {
        type: "seatPlayers",
        players: [
          ...seating([2, 800], [3, 1200]),
          { seat: 5, playerId: "q9", name: "Moved In", stack: 3000 },
        ],
      }),
    );
    expect(events).toEqual([
      { type: "playerLeft", seat: 1, playerId: "p1", cashOut: 0 },
      { type: "playerSat", seat: 5, playerId: "q9", name: "Moved In", buyIn: 3000 },
    ]);
    expect(state.seats[0]).toBeNull();
    expect(state.seats[1]).toMatchObject({ playerId: "p2", stack: 800, status: "sittingOut" });
    expect(state.seats[2]).toMatchObject({ playerId: "p3", stack: 1200, status: "active" });
    expect(state.seats[4]).toMatchObject({ playerId: "q9", stack: 3000, status: "active" });
  });

  it("MT-6 a player listed at another seat leaves his old seat and sits at the new one", () => {
    const t = seated([1, 1000], [2, 1000]);
    const { state, events } = ok(
      applyTable(t, {
        type: "seatPlayers",
        players: [
          { seat: 1, playerId: "p2", name: "Player 2", stack: 1000 },
          { seat: 6, playerId: "p1", name: "Player 1", stack: 1000 },
        ],
      }),
    );
    expect(events.map((e) => [e.type, "seat" in e ? e.seat : null])).toEqual([
      ["playerLeft", 1],
      ["playerLeft", 2],
      ["playerSat", 1],
      ["playerSat", 6],
    ]);
    expect(state.seats.map((o) => o?.playerId ?? null)).toEqual([
      "p2",
      null,
      null,
      null,
      null,
      "p1",
    ]);
  });

  it("MT-1 a busted player keeps his seat with no chips while he decides on a rebuy; a newcomer brings chips", () => {
    const t = seated([1, 1000], [2, 1000]);
    const { state, events } = ok(
      applyTable(t, { type: "seatPlayers", players: seating([1, 0], [2, 2000]) }),
    );
    expect(events).toEqual([]);
    expect(state.seats[0]).toMatchObject({ playerId: "p1", stack: 0 });
    expect(state.seats[1]).toMatchObject({ playerId: "p2", stack: 2000 });
    expectRefused(
      t,
      { type: "seatPlayers", players: seating([1, 1000], [3, 0]) },
      "invalid_amount",
    );
  });

  it("MT-1 a busted player who rebuys is back in: sitting in, on the clock like anyone (issue 48, bug 4)", () => {
    let t = seated([1, 1000], [2, 1000]);
    // Busted: no chips, sat out (the table does both when her last chips go).
    t = run(t, { type: "sitOut", playerId: "p1" });
    t = run(t, { type: "seatPlayers", players: seating([1, 0], [2, 2000]) });
    expect(t.seats[0]).toMatchObject({ stack: 0, status: "sittingOut" });
    const { state, events } = ok(
      applyTable(t, { type: "seatPlayers", players: seating([1, 1500], [2, 2000]) }),
    );
    expect(events).toEqual([{ type: "playerSatIn", seat: 1 }]);
    expect(state.seats[0]).toMatchObject({ stack: 1500, status: "active", consecutiveTimeouts: 0 });
    expect(tableViewFor(state, "p1").seats[0]).toMatchObject({ status: "active", stack: 1500 });
    // A player who sat out with chips keeps sitting out when his stack changes.
    const away = run(state, { type: "sitOut", playerId: "p2" });
    const moved = run(away, { type: "seatPlayers", players: seating([1, 1500], [2, 1800]) });
    expect(moved.seats[1]).toMatchObject({ stack: 1800, status: "sittingOut" });
  });

  it("refuses bad seatings with the right code and changes nothing", () => {
    const t = seated([1, 1000], [2, 1000]);
    const cmd = (players: unknown) => ({ type: "seatPlayers", players }) as TableCommand;
    const one = (changes: Record<string, unknown>) =>
      cmd([{ ...seating([3, 100])[0], ...changes }]);
    expectRefused(t, cmd("everyone"), "invalid_command");
    expectRefused(t, cmd([null]), "invalid_command");
    for (const seat of [0, 7, 1.5, "1", null]) expectRefused(t, one({ seat }), "invalid_seat");
    expectRefused(t, cmd(seating([3, 100], [3, 100])), "invalid_seat");
    for (const playerId of ["", 7, undefined])
      expectRefused(t, one({ playerId }), "invalid_command");
    expectRefused(
      t,
      cmd([...seating([3, 100]), { ...seating([4, 100])[0], playerId: "p3" }]),
      "already_seated",
    );
    for (const name of ["", "   ", "x".repeat(33), 5])
      expectRefused(t, one({ name }), "invalid_name");
    for (const stack of [0, -1, 2.5, Number.NaN, 1e20, "100"])
      expectRefused(t, one({ stack }), "invalid_amount");
    const dealt = ok(
      applyTable(t, planned({ seats: [1, 2], button: 1, smallBlind: 1, bigBlind: 2 })),
    ).state;
    expectRefused(dealt, cmd(seating([1, 1000], [2, 1000])), "hand_in_progress");
  });
});

describe("startPlannedHand (T-9 positions and MT-3 levels from the tournament)", () => {
  it("deals exactly the planned seats like a normal deal: hand number, wrapped events, positions", () => {
    const t = seated([1, 1000], [2, 1000], [3, 1000], [5, 1000]);
    const { state, events } = ok(
      applyTable(t, planned({ seats: [1, 2, 3], button: 6, smallBlind: 1, bigBlind: 2 })),
    );
    expect(state.handNumber).toBe(1);
    expect(state.version).toBe(t.version + 1);
    expect(state.hand?.players.map((p) => p.seat)).toEqual([1, 2, 3]);
    expect(events.every((e) => e.type === "handEvent" && e.handNumber === 1)).toBe(true);
    const [started, ...rest] = handEvents(events);
    expect(started).toMatchObject({ type: "handStarted", button: 6 });
    expect(rest.filter((e) => e.type === "blindPosted")).toEqual([
      { type: "blindPosted", seat: 1, blind: "small", amount: 50, allIn: false },
      { type: "blindPosted", seat: 2, blind: "big", amount: 100, allIn: false },
    ]);
    expect(state.button).toBe(6);
    expect(state.positions).toEqual({
      button: 6,
      smallBlind: 1,
      smallBlindDead: false,
      bigBlind: 2,
      newGame: false,
    });
    // T-3: left of the big blind acts first.
    expect(state.hand?.toAct).toBe(3);
  });

  it("MT-7 T-9 a full planned hand played to the end conserves the chips, no rake taken", () => {
    const rake = { basisPoints: 1000, cap: 50, noFlopNoDrop: false };
    let t = run(table({ rake }), {
      type: "seatPlayers",
      players: seating([1, 1000], [2, 1500], [3, 700], [4, 2000]),
    });
    const before = stackSum(t);
    t = run(
      t,
      planned({
        seats: [1, 2, 3, 4],
        button: 4,
        smallBlind: 1,
        bigBlind: 2,
        blinds: { ...LEVEL, ante: 10 },
      }),
    );
    expect(chipsOnTable(t)).toBe(before);
    t = playOut(t, checkDown);
    expect(t.hand?.phase).toBe("complete");
    expect(t.hand?.rakeTaken).toBe(0);
    expect(t.rakeTaken).toBe(0);
    expect(stackSum(t)).toBe(before);
    expect(chipsOnTable(t)).toBe(before);
  });

  it("MT-6 a sitting-out player is dealt in and the timeout folds him", () => {
    let t = seated([1, 1000], [2, 1000], [3, 1000]);
    t = run(t, { type: "sitOut", playerId: "p3" });
    t = run(t, planned({ button: 3, smallBlind: 1, bigBlind: 2 }));
    expect(t.hand?.players.map((p) => p.seat)).toEqual([1, 2, 3]);
    expect(t.hand?.toAct).toBe(3);
    const { state, events } = ok(applyTable(t, { type: "timeout" }));
    expect(handEvents(events)).toContainEqual(expect.objectContaining({ type: "folded", seat: 3 }));
    expect(state.hand?.players.find((p) => p.seat === 3)?.folded).toBe(true);
    expect(state.seats[2]).toMatchObject({ status: "sittingOut", consecutiveTimeouts: 1 });
    expect(events.some((e) => e.type === "playerSatOut")).toBe(false);
  });

  it("MT-6 an absent big blind is blinded off: he posts and the timeout checks his option", () => {
    let t = seated([1, 1000], [2, 1000], [3, 1000]);
    t = run(t, { type: "sitOut", playerId: "p2" });
    t = run(t, planned({ button: 3, smallBlind: 1, bigBlind: 2 }));
    t = run(
      t,
      { type: "act", playerId: "p3", action: { type: "call" } },
      { type: "act", playerId: "p1", action: { type: "call" } },
      { type: "timeout" },
    );
    expect(t.hand?.street).toBe("flop");
    expect(t.hand?.players.find((p) => p.seat === 2)?.committed).toBe(100);
  });

  it("T-9 a dead small blind: only the big blind posts, the small blind's turn stays with the last big blind", () => {
    let t = seated([1, 1000], [2, 1000], [3, 1000], [4, 1000]);
    t = playOut(
      run(t, planned({ seats: [1, 2, 3, 4], button: 1, smallBlind: 2, bigBlind: 3 })),
      checkDown,
    );
    // Seat 3, the last big blind, has been knocked out or moved away.
    t = run(t, { type: "seatPlayers", players: seating([1, 1000], [2, 1000], [4, 1000]) });
    const { state, events } = ok(
      applyTable(t, planned({ seats: [1, 2, 4], button: 2, smallBlind: null, bigBlind: 4 })),
    );
    const posts = handEvents(events).filter(
      (e) => e.type === "blindPosted" || e.type === "antePosted",
    );
    expect(posts).toEqual([
      { type: "blindPosted", seat: 4, blind: "big", amount: 100, allIn: false },
    ]);
    expect(state.positions).toEqual({
      button: 2,
      smallBlind: 3,
      smallBlindDead: true,
      bigBlind: 4,
      newGame: false,
    });
    // T-3: after the big blind, round to seat 1.
    expect(state.hand?.toAct).toBe(1);
  });

  it("MT-3 the level's blinds and ante are the table's from now on, and the view shows them", () => {
    const t = seated([1, 1000], [2, 1000], [3, 1000]);
    const blinds = { smallBlind: 100, bigBlind: 200, ante: 25, anteKind: "big-blind" as const };
    const { state, events } = ok(applyTable(t, planned({ blinds })));
    expect(state.config.hand).toEqual({ ...NL, ...blinds });
    const antes = handEvents(events).filter((e) => e.type === "antePosted");
    expect(antes).toEqual([{ type: "antePosted", seat: 3, amount: 25, allIn: false }]);
    const view = tableViewFor(state, "p1");
    expect(view.hand).toMatchObject({ smallBlind: 100, bigBlind: 200, ante: 25 });
    const done = playOut(state, checkDown);
    expect(tableViewFor(done, null).hand).toMatchObject({ smallBlind: 100, bigBlind: 200 });
  });

  it("T-2 heads-up: the button posts the small blind and acts first pre-flop, last after", () => {
    let t = seated([2, 1000], [5, 1000]);
    t = run(t, planned({ seats: [2, 5], button: 5, smallBlind: 5, bigBlind: 2 }));
    expect(t.hand?.toAct).toBe(5);
    t = run(
      t,
      { type: "act", playerId: "p5", action: { type: "call" } },
      { type: "act", playerId: "p2", action: { type: "check" } },
    );
    expect(t.hand?.street).toBe("flop");
    expect(t.hand?.toAct).toBe(2);
    t = run(t, { type: "act", playerId: "p2", action: { type: "check" } });
    expect(t.hand?.toAct).toBe(5);
  });

  it("a short stack posts what he has, all-in", () => {
    const t = seated([1, 1000], [2, 30], [3, 1000]);
    const { events } = ok(applyTable(t, planned()));
    expect(handEvents(events)).toContainEqual({
      type: "blindPosted",
      seat: 2,
      blind: "small",
      amount: 30,
      allIn: true,
    });
  });

  it("refuses bad plans with the right code and changes nothing", () => {
    const t = seated([1, 1000], [2, 1000], [3, 1000], [4, 1000]);
    const playing = run(t, planned({ seats: [1, 2], button: 1, smallBlind: 1, bigBlind: 2 }));
    const raw = (plan: unknown) =>
      ({ type: "startPlannedHand", deck: deck(), plan }) as TableCommand;
    expectRefused(t, raw(null), "invalid_command");
    expectRefused(
      t,
      raw({ ...(planned() as { plan: PlannedHand }).plan, seats: "1,2,3" }),
      "invalid_command",
    );
    expectRefused(t, planned({ seats: [1] }), "not_enough_players");
    expectRefused(t, planned({ seats: [] }), "not_enough_players");
    expectRefused(t, planned({ seats: [1, 2, 3, 3] }), "invalid_seat");
    expectRefused(t, planned({ seats: [1, 2, 3, 5] }), "invalid_seat");
    expectRefused(t, planned({ seats: [0, 2, 3] }), "invalid_seat");
    expectRefused(t, planned({ seats: [1, 2, 3.5] }), "invalid_seat");
    expectRefused(t, planned({ button: 0 }), "invalid_seat");
    expectRefused(t, planned({ button: 7 }), "invalid_seat");
    expectRefused(t, planned({ bigBlind: 4 }), "invalid_seat");
    expectRefused(t, planned({ smallBlind: 4 }), "invalid_seat");
    expectRefused(t, planned({ smallBlind: 3 }), "invalid_seat");
    expectRefused(t, planned({ smallBlind: undefined as unknown as null }), "invalid_seat");
    expectRefused(
      t,
      planned({ blinds: undefined as unknown as PlannedHand["blinds"] }),
      "invalid_command",
    );
    for (const bad of [
      { smallBlind: 0 },
      { smallBlind: 150 },
      { bigBlind: 0 },
      { bigBlind: 1.5 },
      { ante: -1 },
      { ante: 0.5 },
    ])
      expectRefused(t, planned({ blinds: { ...LEVEL, ...bad } }), "invalid_amount");
    expectRefused(
      t,
      planned({ blinds: { ...LEVEL, anteKind: "all" as "each" } }),
      "invalid_command",
    );
    expectRefused(playing, planned(), "hand_in_progress");
    // A seat whose player has no chips left cannot be dealt in.
    const zero = { ...t, seats: t.seats.map((o) => (o?.seat === 3 ? { ...o, stack: 0 } : o)) };
    expectRefused(zero, planned(), "invalid_seat");
    // The hand layer's own checks (the deck here) pass through, and change nothing either.
    expectRefused(t, { ...(planned() as object), deck: [1, 2, 3] } as TableCommand, "bad_deck");
  });

  it("refuses planned hands at a dealer's-choice table", () => {
    const games = [
      { name: "Hold'em", hand: NL },
      { name: "Omaha", hand: { ...NL, game: "omaha" as const, betting: "pot-limit" as const } },
    ];
    const t = run(table({ games }), {
      type: "seatPlayers",
      players: seating([1, 1000], [2, 1000], [3, 1000]),
    });
    expectRefused(t, planned(), "invalid_command");
  });
});

describe("startPlannedHand property (MT-7)", () => {
  it("MT-7 T-9 any valid plan played out at random conserves the chips and takes no rake", () => {
    const rake = { basisPoints: 500, cap: 3, noFlopNoDrop: false };
    const caseArb = fc
      .record({
        stacks: fc.array(fc.option(fc.integer({ min: 1, max: 5000 }), { nil: null }), {
          minLength: 6,
          maxLength: 6,
        }),
        button: fc.integer({ min: 1, max: 6 }),
        pick: fc.nat(),
        deadSmall: fc.boolean(),
        bigBlind: fc.integer({ min: 2, max: 400 }),
        ante: fc.integer({ min: 0, max: 50 }),
        antes: fc.constantFrom("each" as const, "big-blind" as const),
        actions: fc.array(fc.tuple(fc.nat(), fc.double({ min: 0, max: 1, noNaN: true })), {
          maxLength: 60,
        }),
        order: fc.array(fc.nat(), { minLength: 52, maxLength: 52 }),
      })
      .filter((c) => c.stacks.filter((s) => s !== null).length >= 2);
    fc.assert(
      fc.property(caseArb, (c) => {
        const occupied = c.stacks.flatMap((s, i) =>
          s === null ? [] : [[i + 1, s] as [number, number]],
        );
        let t = run(table({ rake }), { type: "seatPlayers", players: seating(...occupied) });
        const before = stackSum(t);
        const seats = occupied.map(([seat]) => seat);
        const big = seats[c.pick % seats.length] as number;
        const others = seats.filter((s) => s !== big);
        const small =
          c.deadSmall && seats.length > 2 ? null : (others[c.pick % others.length] as number);
        // A shuffled deck from the random keys.
        const cards = deck()
          .map((card, i) => [card, c.order[i] ?? 0] as const)
          .sort((a, b) => a[1] - b[1])
          .map(([card]) => card);
        t = run(t, {
          type: "startPlannedHand",
          deck: cards,
          plan: {
            seats,
            button: c.button,
            smallBlind: small,
            bigBlind: big,
            blinds: {
              smallBlind: Math.max(1, Math.floor(c.bigBlind / 2)),
              bigBlind: c.bigBlind,
              ante: c.ante,
              anteKind: c.antes,
            },
          },
        });
        let step = 0;
        while (t.hand && t.hand.phase !== "complete") {
          const seat = t.hand.toAct as number;
          const legal = legalActions(t.hand, seat);
          const [k, size] = c.actions[step++] ?? [0, 0];
          const options = [
            legal.fold && { type: "fold" as const },
            legal.check && { type: "check" as const },
            legal.call && { type: "call" as const },
            legal.betOrRaise && {
              type: "betOrRaiseTo" as const,
              amount: Math.round(
                legal.betOrRaise.min + size * (legal.betOrRaise.max - legal.betOrRaise.min),
              ),
            },
          ].filter((o) => o !== false && o !== null);
          // Out of random steps: play passively so that the hand ends.
          const action =
            step > c.actions.length
              ? checkDown(legal)
              : (options[k % options.length] ?? checkDown(legal));
          t = run(t, { type: "act", playerId: `p${seat}`, action });
          expect(chipsOnTable(t)).toBe(before);
        }
        expect(t.rakeTaken).toBe(0);
        expect(stackSum(t)).toBe(before);
      }),
      { numRuns: sized(60, 200) },
    );
  });
});
