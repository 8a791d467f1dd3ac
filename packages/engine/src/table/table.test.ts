import { describe, expect, it } from "vitest";
import { STANDARD_DECK } from "../cards";
import { legalActions } from "../hand";
import { applyTable, chipsOnTable, createTable } from "./table";
import type { TableCommand, TableEvent, TableResult, TableState } from "./types";
import { tableViewFor } from "./view";

const SETUP = {
  hand: { game: "holdem" as const, betting: "no-limit" as const, smallBlind: 1, bigBlind: 2 },
  seatCount: 6,
  minBuyIn: 40,
  maxBuyIn: 200,
};

function table(): TableState {
  const created = createTable(SETUP);
  if (!created.ok) throw new Error(created.error.message);
  return created.state;
}

function ok(result: TableResult): { state: TableState; events: TableEvent[] } {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result;
}

/** Apply commands in order, each must succeed. */
function run(state: TableState, ...commands: TableCommand[]): TableState {
  return commands.reduce((s, c) => ok(applyTable(s, c)).state, state);
}

const sit = (seat: number, buyIn = 100): TableCommand => ({
  type: "sit",
  seat,
  playerId: `p${seat}`,
  name: `Player ${seat}`,
  buyIn,
});
const deck = () => STANDARD_DECK.slice();

/** Each player to act folds (or checks when he may): the big blind wins. */
function foldToTheBigBlind(state: TableState): TableState {
  let t = state;
  while (t.hand && t.hand.phase !== "complete") {
    const seat = t.hand.toAct as number;
    const legal = legalActions(t.hand, seat);
    const action = legal.fold ? { type: "fold" as const } : { type: "check" as const };
    t = run(t, { type: "act", playerId: `p${seat}`, action });
  }
  return t;
}

function expectRefused(state: TableState, command: TableCommand, code: string) {
  const result = applyTable(state, command);
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.error.code).toBe(code);
}

describe("table layer", () => {
  it("T-4 a buy-in must be inside the table's limits, in whole chips", () => {
    const t = table();
    expectRefused(t, sit(1, 39), "buy_in_too_small");
    expectRefused(t, sit(1, 201), "buy_in_too_large");
    for (const bad of [0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 1e20]) {
      expectRefused(t, sit(1, bad), "invalid_amount");
    }
    expectRefused(t, { ...sit(0), seat: 0 } as TableCommand, "invalid_seat");
    expectRefused(t, { ...sit(7), seat: 7 } as TableCommand, "invalid_seat");
    expect(ok(applyTable(t, sit(1, 40))).events).toEqual([
      { type: "playerSat", seat: 1, playerId: "p1", name: "Player 1", buyIn: 40 },
    ]);
  });

  it("refuses a taken seat and a second seat for the same player", () => {
    const t = run(table(), sit(1));
    expectRefused(t, sit(1), "seat_taken");
    expectRefused(t, { ...sit(2), playerId: "p1" } as TableCommand, "already_seated");
  });

  it("T-1 the button moves one seat clockwise each hand, skipping empty seats", () => {
    let t = run(table(), sit(1), sit(3), sit(5));
    const buttons: number[] = [];
    for (let i = 0; i < 4; i++) {
      t = run(t, { type: "startHand", deck: deck() });
      buttons.push(t.button as number);
      t = foldToTheBigBlind(t);
    }
    expect(buttons).toEqual([1, 3, 5, 1]);
  });

  it("T-5 chips added during a hand play only from the next hand", () => {
    let t = run(table(), sit(1), sit(2), { type: "startHand", deck: deck() });
    const added = ok(applyTable(t, { type: "addChips", playerId: "p1", amount: 50 }));
    expect(added.events).toEqual([
      { type: "chipsAdded", seat: 1, amount: 50, effective: "nextHand" },
    ]);
    t = added.state;
    expect(t.hand?.players.find((p) => p.seat === 1)?.startingStack).toBe(100);
    while (t.hand?.phase !== "complete") t = run(t, { type: "timeout" });
    const seat1 = t.seats[0];
    expect(seat1?.pendingChips).toBe(0);
    expect(seat1?.stack).toBeGreaterThanOrEqual(149); // 150 less a blind at most
    expectRefused(t, { type: "addChips", playerId: "p1", amount: 200 }, "buy_in_too_large");
  });

  it("leaving between hands cashes out at once; during a hand, the cards fold and the player leaves at its end", () => {
    let t = run(table(), sit(1), sit(2), sit(3));
    const left = ok(applyTable(t, { type: "leave", playerId: "p3" }));
    expect(left.events).toEqual([{ type: "playerLeft", seat: 3, playerId: "p3", cashOut: 100 }]);
    t = run(left.state, sit(3), { type: "startHand", deck: deck() });
    const toAct = t.hand?.toAct as number;
    const leaver = `p${toAct}`;
    const leaving = ok(applyTable(t, { type: "leave", playerId: leaver }));
    expect(leaving.events[0]).toEqual({ type: "leaveRequested", seat: toAct });
    expect(leaving.events[1]).toMatchObject({
      type: "handEvent",
      event: { type: "folded", seat: toAct },
    });
    t = leaving.state;
    while (t.hand?.phase !== "complete") t = run(t, { type: "timeout" });
    expect(t.seats[toAct - 1]).toBeNull();
  });

  it("two timeouts in a row sit a player out; a voluntary action resets the count", () => {
    let t = run(table(), sit(1), sit(2), sit(3));
    for (let hand = 0; hand < 6 && t.seats.every((o) => o?.status !== "sittingOut"); hand++) {
      t = run(t, { type: "startHand", deck: deck() });
      while (t.hand?.phase !== "complete") t = run(t, { type: "timeout" });
    }
    expect(t.seats.some((o) => o?.status === "sittingOut")).toBe(true);
    const out = t.seats.find((o) => o?.status === "sittingOut");
    t = run(t, { type: "sitIn", playerId: out?.playerId as string });
    expect(t.seats[(out?.seat as number) - 1]?.consecutiveTimeouts).toBe(0);
  });

  it("a player the clock sat out who is still in the hand gets no new clock: he checks when it is free and folds to a bet at once (issue 48, bug 7)", () => {
    const handEventsOf = (events: TableEvent[]) =>
      events.flatMap((e) => (e.type === "handEvent" ? [e.event] : []));
    let t = run(table(), sit(1), sit(2), { type: "startHand", deck: deck() });
    // Hand 1: the button acts first heads-up; his clock runs out facing the big blind: he folds.
    const slow = t.hand?.toAct as number;
    const other = slow === 1 ? 2 : 1;
    t = run(t, { type: "timeout" });
    expect(t.hand?.phase).toBe("complete");
    // Hand 2: the other player has the button and calls; the slow one, in the big blind, times
    // out again: he checks, and two timeouts in a row sit him out while he is still in the hand.
    t = run(t, { type: "startHand", deck: deck() });
    expect(t.hand?.toAct).toBe(other);
    t = run(t, { type: "act", playerId: `p${other}`, action: { type: "call" } });
    expect(t.hand?.toAct).toBe(slow);
    const second = ok(applyTable(t, { type: "timeout" }));
    expect(second.events).toContainEqual({ type: "playerSatOut", seat: slow, reason: "timeouts" });
    // On the flop he is first to act: checking is free, so he checks at once, on no clock.
    const checks = handEventsOf(second.events).filter(
      (e) => e.type === "checked" && e.seat === slow,
    );
    expect(checks).toEqual([
      { type: "checked", seat: slow, timedOut: true },
      { type: "checked", seat: slow, timedOut: true },
    ]);
    t = second.state;
    expect(t.hand?.phase).toBe("betting");
    expect(t.hand?.toAct).toBe(other);
    // Facing a bet he folds at once: the hand is over without another timeout.
    const bet = ok(
      applyTable(t, {
        type: "act",
        playerId: `p${other}`,
        action: { type: "betOrRaiseTo", amount: 4 },
      }),
    );
    expect(handEventsOf(bet.events)).toContainEqual({ type: "folded", seat: slow, timedOut: true });
    expect(bet.state.hand?.phase).toBe("complete");
    // Back in, he is on the clock again like anyone.
    t = run(bet.state, { type: "sitIn", playerId: `p${slow}` });
    expect(t.seats[slow - 1]?.consecutiveTimeouts).toBe(0);
  });

  it("a busted player is sat out and must add chips to sit in again", () => {
    let t = run(table(), sit(1, 40), sit(2, 200), { type: "startHand", deck: deck() });
    // Whoever acts shoves or calls until the hand ends: someone may bust.
    while (t.hand?.phase !== "complete") {
      const seat = t.hand?.toAct as number;
      const legal = legalActions(t.hand as NonNullable<TableState["hand"]>, seat);
      const action = legal.betOrRaise
        ? { type: "betOrRaiseTo" as const, amount: legal.betOrRaise.max }
        : legal.call
          ? { type: "call" as const }
          : { type: "check" as const };
      t = run(t, { type: "act", playerId: `p${seat}`, action });
    }
    const busted = t.seats.find((o) => o?.stack === 0);
    if (busted) {
      expect(busted.status).toBe("sittingOut");
      expectRefused(t, { type: "sitIn", playerId: busted.playerId }, "no_chips");
      t = run(
        t,
        { type: "addChips", playerId: busted.playerId, amount: 40 },
        { type: "sitIn", playerId: busted.playerId },
      );
    }
    expect(chipsOnTable(t)).toBe(240);
  });

  it("views hide other players' cards and never carry the deck", () => {
    const t = run(table(), sit(1), sit(2), { type: "startHand", deck: deck() });
    const mine = tableViewFor(t, "p1");
    expect(mine.mySeat).toBe(1);
    const me = mine.hand?.players.find((p) => p.seat === 1);
    const other = mine.hand?.players.find((p) => p.seat === 2);
    expect(me?.holeCards).toHaveLength(2);
    expect(other?.holeCards).toBeNull();
    const json = JSON.stringify(tableViewFor(t, null));
    expect(json).not.toContain('"deck"');
    expect(tableViewFor(t, null).hand?.players.every((p) => p.holeCards === null)).toBe(true);
  });

  it("T-10 handSettled reports the hand's rake; the table keeps the total, chips stay conserved", () => {
    const created = createTable({
      ...SETUP,
      rake: { basisPoints: 1000, cap: 3, noFlopNoDrop: true },
    });
    if (!created.ok) throw new Error(created.error.message);
    let t = run(created.state, sit(1), sit(2), sit(3), { type: "startHand", deck: deck() });
    // Button 1, blinds 2 and 3: seat 1 raises, both call; a pot of 60 is raked 10 %, capped at 3.
    t = run(
      t,
      { type: "act", playerId: "p1", action: { type: "betOrRaiseTo", amount: 20 } },
      { type: "act", playerId: "p2", action: { type: "call" } },
      { type: "act", playerId: "p3", action: { type: "call" } },
    );
    const events: TableEvent[] = [];
    while (t.hand?.phase !== "complete") {
      const seat = t.hand?.toAct as number;
      const action = { type: "check" as const };
      const result = ok(applyTable(t, { type: "act", playerId: `p${seat}`, action }));
      events.push(...result.events);
      t = result.state;
    }
    expect(events.find((e) => e.type === "handSettled")).toMatchObject({ rake: 3 });
    expect(t.rakeTaken).toBe(3);
    expect(tableViewFor(t, null).rakeTaken).toBe(3);
    expect(chipsOnTable(t) + t.rakeTaken).toBe(300);
    // A hand that ends before the flop pays nothing (no flop, no drop).
    t = foldToTheBigBlind(run(t, { type: "startHand", deck: deck() }));
    expect(t.rakeTaken).toBe(3);
    expect(chipsOnTable(t) + t.rakeTaken).toBe(300);
  });

  it("T-1 a table stored before the seat rules existed plays on, the button moving on from its own", () => {
    const t = run(table(), sit(1), sit(2), sit(3), { type: "startHand", deck: deck() });
    const done = foldToTheBigBlind(t);
    // Strip what older snapshots did not have.
    const { positions: _p, dealersChoice: _d, ...rest } = done;
    const old = {
      ...rest,
      config: { ...done.config, games: undefined },
      seats: done.seats.map((o) => {
        if (!o) return o;
        const { owes: _o, waitForBigBlind: _w, ...seat } = o;
        return seat;
      }),
    } as unknown as TableState;
    const next = run(old, { type: "startHand", deck: deck() });
    expect(next.button).toBe(2);
    expect(next.seats[0]?.owes).toBeNull();
    expect(tableViewFor(old, "p1").dealersChoice).toBeNull();
  });

  it("MT-7 T-10 a table without a rake rule deals hands without one", () => {
    const t = run(table(), sit(1), sit(2), { type: "startHand", deck: deck() });
    expect(t.hand?.rules.rake).toBeNull();
  });

  it("T-4 T-10 the admin's new stakes apply between hands: blinds, buy-in limits and rake from the next hand", () => {
    const playing = run(table(), sit(1, 200), sit(2, 100), { type: "startHand", deck: deck() });
    const stakes = {
      hand: { ...SETUP.hand, smallBlind: 2, bigBlind: 4 },
      minBuyIn: 80,
      maxBuyIn: 150,
      rake: { basisPoints: 500, cap: 2, noFlopNoDrop: true },
    };
    // Never during a hand: the hand plays on under the rules it was dealt with.
    expectRefused(playing, { type: "changeStakes", stakes }, "hand_in_progress");
    const between = foldToTheBigBlind(playing);
    const changed = ok(applyTable(between, { type: "changeStakes", stakes }));
    expect(changed.events).toEqual([
      { type: "stakesChanged", smallBlind: 2, bigBlind: 4, minBuyIn: 80, maxBuyIn: 150 },
    ]);
    expect(changed.state.version).toBe(between.version + 1);
    // Stacks stay, the one above the new maximum too; seats and button are untouched.
    expect(changed.state.seats).toEqual(between.seats);
    expect(changed.state.button).toBe(between.button);
    const view = tableViewFor(changed.state, null);
    expect([view.minBuyIn, view.maxBuyIn]).toEqual([80, 150]);
    expectRefused(changed.state, { ...sit(3, 60) }, "buy_in_too_small");
    expectRefused(changed.state, { ...sit(3, 151) }, "buy_in_too_large");
    const next = run(changed.state, sit(3, 80), { type: "startHand", deck: deck() });
    expect(next.hand?.rules).toMatchObject({ smallBlind: 2, bigBlind: 4, rake: stakes.rake });
    expect(chipsOnTable(next)).toBe(chipsOnTable(between) + 80);
  });

  it("T-4 stakes an open table cannot play are refused and change nothing", () => {
    const t = run(table(), sit(1), sit(2));
    const bad: unknown[] = [
      { ...SETUP, minBuyIn: 300 },
      { ...SETUP, maxBuyIn: -1 },
      { ...SETUP, minBuyIn: 1.5 },
      { ...SETUP, hand: { ...SETUP.hand, bigBlind: Number.NaN } },
      { ...SETUP, rake: { basisPoints: 20_000, cap: 1, noFlopNoDrop: true } },
      null,
    ];
    for (const stakes of bad) {
      const result = applyTable(t, { type: "changeStakes", stakes } as TableCommand);
      expect(result.ok).toBe(false);
    }
    expect(applyTable(t, { type: "changeStakes", stakes: SETUP }).ok).toBe(true);
  });

  it("T-5 Decision: a stack below the table minimum may only be brought up to at least it", () => {
    // Table 40–200. Busted (0 chips): adding 1 is refused, adding 40 is accepted.
    const t = run(table(), sit(1), sit(2));
    const busted: TableState = {
      ...t,
      seats: t.seats.map((o) =>
        o?.seat === 1 ? { ...o, stack: 0, status: "sittingOut" as const } : o,
      ),
    };
    expectRefused(busted, { type: "addChips", playerId: "p1", amount: 1 }, "top_up_too_small");
    expectRefused(busted, { type: "addChips", playerId: "p1", amount: 39 }, "top_up_too_small");
    expect(applyTable(busted, { type: "addChips", playerId: "p1", amount: 40 }).ok).toBe(true);
    // 30 behind: 10 more reaches the minimum; above the minimum any amount is fine.
    const short = {
      ...busted,
      seats: busted.seats.map((o) => (o?.seat === 1 ? { ...o, stack: 30 } : o)),
    };
    expectRefused(short, { type: "addChips", playerId: "p1", amount: 9 }, "top_up_too_small");
    expect(applyTable(short, { type: "addChips", playerId: "p1", amount: 10 }).ok).toBe(true);
    expect(applyTable(t, { type: "addChips", playerId: "p2", amount: 1 }).ok).toBe(true);
    // T-6 follows the same floor: auto-rebuy tops up to at least the minimum.
    expectRefused(t, { type: "setAutoRebuy", playerId: "p1", upTo: 39 }, "invalid_amount");
    expect(applyTable(t, { type: "setAutoRebuy", playerId: "p1", upTo: 40 }).ok).toBe(true);
  });
});
