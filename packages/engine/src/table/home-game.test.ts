import { describe, expect, it } from "vitest";
import type { HandConfig } from "../hand";
import { checkDown } from "./home-test-support";
import { readyToDeal, rebuysDue } from "./ready";
import { applyTable, chipsOnTable, createTable } from "./table";
import { deck, expectRefused, NL, ok, player, run, sit, table } from "./test-support";
import type { HomeGameState, Occupant, TableGame, TableState } from "./types";
import { tableViewFor } from "./view";

const ENDS_AT = Date.UTC(2026, 11, 7, 22, 0);
const BEFORE = ENDS_AT - 60_000;
const AFTER = ENDS_AT + 1;
const FL: HandConfig = { ...NL, betting: "fixed-limit" };

const startAt = (now: number) => ({ type: "startHand", deck: deck(), now }) as const;

/** A hand dealt at `now` and played out by checking and calling. */
function handAt(state: TableState, now: number): TableState {
  return checkDown(run(state, startAt(now)));
}

describe("home-game options (createTable)", () => {
  const setup = { hand: NL, seatCount: 6, minBuyIn: 40, maxBuyIn: 200 };
  const refused = (home: unknown) => {
    const created = createTable({ ...setup, home } as Parameters<typeof createTable>[0]);
    return created.ok ? "ok" : created.error.code;
  };

  it("a table without them has none, in its state and its view", () => {
    const t = table();
    expect(t.config.home).toBeUndefined();
    expect(t.homeGame).toBeUndefined();
    expect(tableViewFor(t, null).homeGame).toBeNull();
    expect(refused(null)).toBe("ok");
  });

  it("defaults: poverty poker gives 2 free sets of the maximum buy-in (H-4)", () => {
    const created = createTable({ ...setup, home: { poverty: {} } });
    if (!created.ok) throw new Error(created.error.code);
    expect(created.state.config.home).toEqual({
      endsAt: null,
      poverty: { freeSets: 2, setChips: 200 },
      specialRound: false,
    });
    expect(created.state.homeGame).toEqual({ closed: false, freeSets: {}, specialRound: null });
  });

  it("bad values are refused with a code of their own", () => {
    for (const endsAt of [-1, 0, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, "soon"])
      expect(refused({ endsAt }), String(endsAt)).toBe("invalid_end_time");
    for (const freeSets of [0, -2, 1.5, 11, Number.NaN, "2", null])
      expect(refused({ poverty: { freeSets } }), String(freeSets)).toBe("invalid_free_sets");
    for (const setChips of [0, -100, 99.5, 1e13, Number.NaN, "100"])
      expect(refused({ poverty: { setChips } }), String(setChips)).toBe("invalid_set_chips");
    expect(refused({ specialRound: true })).toBe("special_round_fixed_limit");
    expect(refused({ specialRound: "yes" })).toBe("invalid_config");
    expect(refused("tonight")).toBe("invalid_config");
    expect(refused({ poverty: 2 })).toBe("invalid_config");
  });

  it("H-5 needs every game fixed-limit, and stakes that can double", () => {
    const games: TableGame[] = [
      { name: "Hold'em FL", hand: FL },
      { name: "Hold'em NL", hand: NL },
    ];
    const mixed = createTable({ ...setup, hand: undefined, games, home: { specialRound: true } });
    expect(mixed.ok ? "ok" : mixed.error.code).toBe("special_round_fixed_limit");
    const huge = createTable({
      ...setup,
      hand: { ...FL, smallBlind: 4e11, bigBlind: 8e11 },
      home: { specialRound: true },
    });
    expect(huge.ok ? "ok" : huge.error.code).toBe("invalid_config");
    expect(createTable({ ...setup, hand: FL, home: { specialRound: true } }).ok).toBe(true);
  });

  it("new stakes keep the options, and are refused when they would break H-5", () => {
    let t = run(
      table({ hand: FL, home: { specialRound: true, poverty: { setChips: 150 } } }),
      sit(1),
      sit(2),
    );
    t = run(t, {
      type: "changeStakes",
      stakes: { hand: { ...FL, smallBlind: 2, bigBlind: 4 }, minBuyIn: 80, maxBuyIn: 400 },
    });
    expect(t.config.home).toEqual({
      endsAt: null,
      poverty: { freeSets: 2, setChips: 150 },
      specialRound: true,
    });
    expectRefused(
      t,
      { type: "changeStakes", stakes: { hand: NL, minBuyIn: 40, maxBuyIn: 200 } },
      "special_round_fixed_limit",
    );
  });
});

describe("H-3 the end time", () => {
  const timed = () => table({ home: { endsAt: ENDS_AT } });

  it("H-3 deals before the end time; the room must say what time it is", () => {
    const t = run(timed(), sit(1), sit(2), sit(3));
    expectRefused(t, { type: "startHand", deck: deck() }, "now_required");
    expectRefused(t, { type: "startHand", deck: deck(), now: -5 }, "invalid_command");
    expectRefused(t, { type: "startHand", deck: deck(), now: 1.5 }, "invalid_command");
    expect(readyToDeal(t)).toBe(false);
    expect(readyToDeal(t, BEFORE)).toBe(true);
    expect(ok(applyTable(t, startAt(BEFORE))).state.hand?.phase).toBe("betting");
    expect(tableViewFor(t, null).homeGame).toEqual({
      endsAt: ENDS_AT,
      closed: false,
      freeSets: null,
      specialRound: null,
    });
  });

  it("H-3 the hand in play when the time comes is finished, then the table closes", () => {
    let t = run(timed(), sit(1), sit(2), sit(3));
    t = run(t, startAt(BEFORE));
    // The time passes during the hand: it is played to its end all the same.
    t = checkDown(t);
    expect(t.hand?.phase).toBe("complete");
    const chips = chipsOnTable(t);
    expect(readyToDeal(t, AFTER)).toBe(true);
    const closed = ok(applyTable(t, startAt(AFTER)));
    expect(closed.events).toEqual([{ type: "tableClosed", reason: "endTime" }]);
    expect(closed.state.handNumber).toBe(t.handNumber);
    expect(closed.state.hand).toEqual(t.hand);
    expect(chipsOnTable(closed.state)).toBe(chips);
    expect(tableViewFor(closed.state, null).homeGame?.closed).toBe(true);

    // Nothing new starts; the room cashes everyone out.
    const after = closed.state;
    expect(readyToDeal(after, AFTER)).toBe(false);
    // An auto-rebuy is not funded any more: the money would only be cashed out again.
    const broke = { ...after.seats[0], stack: 0, autoRebuy: 100 } as Occupant;
    const withBroke = { ...after, seats: [broke, ...after.seats.slice(1)] };
    expect(rebuysDue(withBroke)).toEqual([]);
    expect(
      rebuysDue({
        ...withBroke,
        homeGame: { ...(after.homeGame as HomeGameState), closed: false },
      }),
    ).toHaveLength(1);
    expectRefused(after, startAt(AFTER), "table_closed");
    expectRefused(after, sit(4), "table_closed");
    expectRefused(after, { type: "addChips", playerId: player(1), amount: 10 }, "table_closed");
    expectRefused(after, { type: "sitOut", playerId: player(4) }, "not_seated");
    let empty = after;
    let cashedOut = 0;
    for (const seat of [1, 2, 3]) {
      const left = ok(applyTable(empty, { type: "leave", playerId: player(seat) }));
      const event = left.events[0];
      if (event?.type !== "playerLeft") throw new Error("no cash-out");
      cashedOut += event.cashOut;
      empty = left.state;
    }
    expect(cashedOut).toBe(chips);
    expect(empty.seats.every((s) => s === null)).toBe(true);
  });

  it("H-3 closes at its time with fewer than two players too (the room's alarm)", () => {
    const t = run(timed(), sit(1));
    expectRefused(t, startAt(BEFORE), "not_enough_players");
    const closed = ok(applyTable(t, startAt(ENDS_AT)));
    expect(closed.events).toEqual([{ type: "tableClosed", reason: "endTime" }]);
  });

  it("H-3 a table without an end time ignores the time", () => {
    const t = run(table(), sit(1), sit(2));
    expect(ok(applyTable(t, startAt(AFTER))).state.hand?.phase).toBe("betting");
  });

  it("H-3 at dealer's choice the orbit in play is finished first", () => {
    const games: TableGame[] = [
      { name: "Hold'em NL", hand: NL },
      { name: "Hold'em FL", hand: FL },
    ];
    let t = run(
      table({ hand: undefined, games, home: { endsAt: ENDS_AT } }),
      sit(1),
      sit(2),
      sit(3),
      { type: "chooseGame", playerId: player(1), game: 1 },
    );
    t = handAt(t, BEFORE);
    // The time has come after the orbit's first hand: the rest of it is still dealt, until
    // the button is back on its chooser (docs/rules.md#dealers-choice: he deals first and last).
    const buttons = [t.button];
    for (let i = 0; i < 3; i++) {
      t = handAt(t, AFTER);
      buttons.push(t.button);
      expect(t.hand?.rules.betting).toBe("fixed-limit");
    }
    expect(buttons).toEqual([1, 2, 3, 1]);
    // The next hand would start a new orbit (seat 1 would choose): the table closes instead.
    const closed = ok(applyTable(t, startAt(AFTER)));
    expect(closed.events).toEqual([{ type: "tableClosed", reason: "endTime" }]);
    expectRefused(
      closed.state,
      { type: "chooseGame", playerId: player(1), game: 0 },
      "table_closed",
    );
  });

  it("H-3 at dealer's choice, a time that comes between orbits closes before any choice", () => {
    const games: TableGame[] = [{ name: "Hold'em NL", hand: NL }];
    const t = run(table({ hand: undefined, games, home: { endsAt: ENDS_AT } }), sit(1), sit(2));
    const closed = ok(applyTable(t, startAt(ENDS_AT)));
    expect(closed.events).toEqual([{ type: "tableClosed", reason: "endTime" }]);
  });
});
