import fc from "fast-check";
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
          : legal.check
            ? { type: "check" as const }
            : { type: "show" as const };
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

  it("chips are conserved and bad commands change nothing, over random play", () => {
    const commandArb = fc.oneof(
      fc.record({
        kind: fc.constant("act" as const),
        pick: fc.nat(),
        size: fc.double({ min: 0, max: 1, noNaN: true }),
      }),
      fc.record({ kind: fc.constant("timeout" as const) }),
      fc.record({ kind: fc.constant("leave" as const), seat: fc.integer({ min: 1, max: 6 }) }),
      fc.record({
        kind: fc.constant("sit" as const),
        seat: fc.integer({ min: 1, max: 6 }),
        buyIn: fc.integer({ min: 0, max: 250 }),
      }),
      fc.record({
        kind: fc.constant("add" as const),
        seat: fc.integer({ min: 1, max: 6 }),
        amount: fc.integer({ min: -10, max: 120 }),
      }),
      fc.record({ kind: fc.constant("sitOut" as const), seat: fc.integer({ min: 1, max: 6 }) }),
      fc.record({ kind: fc.constant("sitIn" as const), seat: fc.integer({ min: 1, max: 6 }) }),
      fc.record({ kind: fc.constant("garbage" as const), value: fc.anything() }),
    );
    fc.assert(
      fc.property(
        fc.array(commandArb, { maxLength: 120 }),
        fc.array(fc.nat(51), { minLength: 52, maxLength: 52 }),
        (script, swaps) => {
          const shuffled = STANDARD_DECK.slice();
          swaps.forEach((j, i) => {
            [shuffled[i], shuffled[j]] = [shuffled[j] as number, shuffled[i] as number];
          });
          let t = run(table(), sit(1), sit(2), sit(4));
          let bank = 300; // chips that came in through buy-ins and top-ups
          let out = 0; // chips cashed out
          for (const step of script) {
            if (t.hand === null || t.hand.phase === "complete") {
              const started = applyTable(t, { type: "startHand", deck: shuffled });
              if (started.ok) t = started.state;
            }
            let command: TableCommand;
            switch (step.kind) {
              case "act": {
                const seat = t.hand?.toAct ?? 1;
                const legal = t.hand ? legalActions(t.hand, seat) : null;
                const options = legal
                  ? [
                      legal.fold && { type: "fold" as const },
                      legal.check && { type: "check" as const },
                      legal.call && { type: "call" as const },
                      legal.betOrRaise && {
                        type: "betOrRaiseTo" as const,
                        amount: Math.round(
                          legal.betOrRaise.min +
                            step.size * (legal.betOrRaise.max - legal.betOrRaise.min),
                        ),
                      },
                      legal.show && { type: "show" as const },
                      legal.muck && { type: "muck" as const },
                    ].filter((o) => o !== false && o !== null)
                  : [];
                const action = options[step.pick % Math.max(1, options.length)] ?? {
                  type: "check" as const,
                };
                command = { type: "act", playerId: `p${seat}`, action };
                break;
              }
              case "timeout":
                command = { type: "timeout" };
                break;
              case "leave":
                command = { type: "leave", playerId: `p${step.seat}` };
                break;
              case "sit":
                command = {
                  type: "sit",
                  seat: step.seat,
                  playerId: `p${step.seat}`,
                  name: "X",
                  buyIn: step.buyIn,
                };
                break;
              case "add":
                command = { type: "addChips", playerId: `p${step.seat}`, amount: step.amount };
                break;
              case "sitOut":
                command = { type: "sitOut", playerId: `p${step.seat}` };
                break;
              case "sitIn":
                command = { type: "sitIn", playerId: `p${step.seat}` };
                break;
              default:
                command = step.value as TableCommand;
            }
            const before = JSON.stringify(t);
            const result = applyTable(t, command);
            if (!result.ok) {
              expect(JSON.stringify(t)).toBe(before);
              continue;
            }
            expect(result.state.version).toBe(t.version + 1);
            for (const event of result.events) {
              if (event.type === "playerSat") bank += event.buyIn;
              if (event.type === "chipsAdded") bank += event.amount;
              if (event.type === "playerLeft") out += event.cashOut;
            }
            t = result.state;
            expect(chipsOnTable(t) + out + t.rakeTaken).toBe(bank);
            for (const o of t.seats) if (o) expect(o.stack).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
