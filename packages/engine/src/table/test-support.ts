/**
 * Helpers for the table tests (not exported from the package): a table, a
 * command runner that fails loudly, and a way to play a hand out quickly
 * while recording who had the button and who posted what.
 */
import { expect } from "vitest";
import { STANDARD_DECK } from "../cards";
import { legalActions } from "../hand";
import { applyTable, createTable, type TableSetup } from "./table";
import type { TableCommand, TableEvent, TableResult, TableState } from "./types";

export const NL = {
  game: "holdem" as const,
  betting: "no-limit" as const,
  smallBlind: 1,
  bigBlind: 2,
};

export function table(setup: Partial<TableSetup> = {}): TableState {
  const created = createTable({ hand: NL, seatCount: 6, minBuyIn: 40, maxBuyIn: 200, ...setup });
  if (!created.ok) throw new Error(created.error.message);
  return created.state;
}

export function ok(result: TableResult): { state: TableState; events: TableEvent[] } {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result;
}

/** Apply commands in order, each must succeed. */
export function run(state: TableState, ...commands: TableCommand[]): TableState {
  return commands.reduce((s, c) => ok(applyTable(s, c)).state, state);
}

export function expectRefused(state: TableState, command: TableCommand, code: string) {
  const result = applyTable(state, command);
  expect(result.ok ? "ok" : result.error.code).toBe(code);
}

export const sit = (seat: number, buyIn = 100, waitForBigBlind?: boolean): TableCommand => ({
  type: "sit",
  seat,
  playerId: `p${seat}`,
  name: `Player ${seat}`,
  buyIn,
  ...(waitForBigBlind === undefined ? {} : { waitForBigBlind }),
});

export const player = (seat: number) => `p${seat}`;
export const deck = () => STANDARD_DECK.slice();

/** What a deal did: positions, posters, and everything else it emitted. */
export interface Dealt {
  button: number;
  smallBlind: number | null;
  bigBlind: number;
  /** Seats dealt in, in seat order. */
  dealt: number[];
  extraBigBlinds: number[];
  deadSmallBlinds: number[];
  events: TableEvent[];
  /** The table just after the deal. */
  at: TableState;
}

const handEvents = (events: TableEvent[]) =>
  events.flatMap((e) => (e.type === "handEvent" ? [e.event] : []));

/** Deals a hand, then everyone to act folds (or checks when he may; stud's bring-in posts) until it ends. */
export function playHand(state: TableState): { state: TableState; dealt: Dealt } {
  const started = ok(applyTable(state, { type: "startHand", deck: deck() }));
  let t = started.state;
  const inHand = handEvents(started.events);
  const posts = inHand.flatMap((e) => (e.type === "blindPosted" ? [e] : []));
  const dealt: Dealt = {
    button: t.button as number,
    smallBlind: posts.find((e) => e.blind === "small")?.seat ?? null,
    bigBlind: posts.find((e) => e.blind === "big" && !e.extra)?.seat as number,
    dealt: (t.hand?.players ?? []).map((p) => p.seat),
    extraBigBlinds: posts.filter((e) => e.extra).map((e) => e.seat),
    deadSmallBlinds: inHand.flatMap((e) => (e.type === "deadBlindPosted" ? [e.seat] : [])),
    events: started.events,
    at: started.state,
  };
  while (t.hand && t.hand.phase !== "complete") {
    const seat = t.hand.toAct as number;
    const legal = legalActions(t.hand, seat);
    // Stud's bring-in (ST-2) may neither check nor fold: it posts the least it may.
    const action = legal.check
      ? { type: "check" as const }
      : legal.fold || legal.betOrRaise === null
        ? { type: "fold" as const }
        : { type: "betOrRaiseTo" as const, amount: legal.betOrRaise.min };
    t = run(t, { type: "act", playerId: t.seats[seat - 1]?.playerId as string, action });
  }
  return { state: t, dealt };
}

/** Button, small blind (null when dead) and big blind of a deal. */
export const spots = (d: Dealt) => [d.button, d.smallBlind, d.bigBlind];
