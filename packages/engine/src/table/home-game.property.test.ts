/**
 * Random home-game sessions (fixed-limit hold'em with a rake, poverty poker
 * and the special round on): players sit, leave, sit out and back, top up,
 * set their auto-rebuy (the room funds it before each deal, as ready.ts says)
 * and play random legal actions over many hands. A model kept beside the
 * table, from the hands' own events, says what H-4 and H-5 must do.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { STANDARD_DECK } from "../cards";
import { type HandConfig, type HandEvent, legalActions } from "../hand";
import { shuffle } from "../hand/draw-test-support";
import { seededFloats } from "../seeded-random";
import { rebuysDue } from "./ready";
import { applyTable, chipsOnTable, createTable } from "./table";
import type { TableCommand, TableEvent, TableState } from "./types";
import { tableViewFor } from "./view";

const FL: HandConfig = { game: "holdem", betting: "fixed-limit", smallBlind: 5, bigBlind: 10 };
const NORMAL = { bigBlind: 10, smallBet: 10, bigBet: 20 };
const DOUBLE = { bigBlind: 20, smallBet: 20, bigBet: 40 };
const RAKE = { basisPoints: 500, cap: 3, noFlopNoDrop: true };
const SET = 50;
const SEATS = 6;
const FULL_HOUSE_OR_BETTER = new Set(["full-house", "four-of-a-kind", "straight-flush"]);
const player = (seat: number) => `p${seat}`;

/** The room's part between hands: the auto-rebuys due (T-6), funded, and the busted sat back in. */
function rebuy(t: TableState, apply: (c: TableCommand) => boolean) {
  for (const r of rebuysDue(t)) {
    apply({ type: "addChips", playerId: r.playerId, amount: r.amount });
    if (r.sitIn) apply({ type: "sitIn", playerId: r.playerId });
  }
}

/** A random command between hands: seats change, auto-rebuy set or cleared. */
function seatChange(t: TableState, random: () => number): TableCommand {
  const seat = 1 + Math.floor(random() * SEATS);
  const playerId = player(seat);
  if (!t.seats[seat - 1])
    return { type: "sit", seat, playerId, name: "X", buyIn: 40 + Math.floor(random() * 61) };
  const r = random();
  if (r < 0.15) return { type: "leave", playerId };
  if (r < 0.35) return { type: "sitOut", playerId };
  if (r < 0.6) return { type: "sitIn", playerId, waitForBigBlind: random() < 0.5 };
  if (r < 0.85) return { type: "setAutoRebuy", playerId, upTo: random() < 0.4 ? null : 80 };
  return { type: "addChips", playerId, amount: 40 + Math.floor(random() * 40) };
}

/** A random legal action, calling more often than not so that many hands reach the showdown. */
function action(t: TableState, random: () => number): TableCommand {
  const hand = t.hand as NonNullable<TableState["hand"]>;
  const seat = hand.toAct as number;
  const legal = legalActions(hand, seat);
  const r = random();
  const act = (a: Extract<TableCommand, { type: "act" }>["action"]): TableCommand => ({
    type: "act",
    playerId: player(seat),
    action: a,
  });
  if (r < 0.02) return { type: "leave", playerId: player(seat) };
  if (r < 0.04) return { type: "sitOut", playerId: player(seat) };
  if (r < 0.1 && legal.fold) return act({ type: "fold" });
  if (r < 0.3 && legal.betOrRaise)
    return act({ type: "betOrRaiseTo", amount: legal.betOrRaise.min });
  return act(legal.check ? { type: "check" } : { type: "call" });
}

/** H-5's model: a round due, or being played (`hands` long, `played` dealt so far). */
type Round = { hands: number; played: number } | "due" | null;

function session(seed: number, freeSets: number, hands: number) {
  const random = seededFloats(seed);
  const created = createTable({
    hand: FL,
    seatCount: SEATS,
    minBuyIn: 40,
    maxBuyIn: 200,
    rake: RAKE,
    home: { poverty: { freeSets, setChips: SET }, specialRound: true },
  });
  if (!created.ok) throw new Error(created.error.message);
  let t = created.state;
  let paidIn = 0; // buy-ins and top-ups, from the players' wallets
  let granted = 0; // free sets, from the house (H-4)
  let out = 0; // cash-outs
  const sets = new Map<string, number>();
  let round = null as Round;
  const seen = { grants: 0, rounds: 0 };

  const account = (events: TableEvent[]) => {
    for (const e of events) {
      if (e.type === "playerSat") paidIn += e.buyIn;
      if (e.type === "chipsAdded") paidIn += e.amount;
      if (e.type === "playerLeft") out += e.cashOut;
      if (e.type === "freeSetGranted") {
        // H-4: the player's next set, of the set's size, never more than N a game.
        const index = (sets.get(e.playerId) ?? 0) + 1;
        expect(e).toMatchObject({ chips: SET, index });
        expect(index).toBeLessThanOrEqual(freeSets);
        sets.set(e.playerId, index);
        granted += e.chips;
        seen.grants++;
      }
    }
  };

  /** H-5 after a hand: the round counted down, or made due by a full house shown down and won. */
  const settled = (hand: NonNullable<TableState["hand"]>, events: TableEvent[]) => {
    const types = events.map((e) => e.type);
    if (round !== null && round !== "due") {
      const over = round.played === round.hands;
      expect(types.includes("specialRoundEnded")).toBe(over);
      expect(types.includes("specialRoundDue")).toBe(false);
      if (over) round = null;
      return;
    }
    const awards = events.flatMap((e): HandEvent[] =>
      e.type === "handEvent" && e.event.type === "potAwarded" ? [e.event] : [],
    );
    const fullHouse = awards.some(
      (a) =>
        a.type === "potAwarded" &&
        a.winners.some((w) => w.hand !== null && FULL_HOUSE_OR_BETTER.has(w.hand.category)),
    );
    expect(types.includes("specialRoundDue")).toBe(fullHouse);
    if (fullHouse) round = "due";
    // H-4: a player dealt in who is left with nothing has had all his free sets.
    for (const p of hand.players) {
      const o = t.seats[p.seat - 1];
      if (o && o.stack === 0) expect(sets.get(o.playerId) ?? 0).toBe(freeSets);
    }
  };

  const apply = (command: TableCommand): boolean => {
    const result = applyTable(t, command);
    if (!result.ok) return false;
    t = result.state;
    account(result.events);
    if (result.events.some((e) => e.type === "handSettled"))
      settled(t.hand as NonNullable<TableState["hand"]>, result.events);
    // Chips in = chips on the table + chips gone: buy-ins and grants in; cash-outs and rake out.
    expect(chipsOnTable(t) + out + t.rakeTaken).toBe(paidIn + granted);
    return true;
  };

  for (let seat = 1; seat <= 5; seat++)
    apply({ type: "sit", seat, playerId: player(seat), name: "X", buyIn: 40 + seat * 10 });
  let dealt = 0;
  for (let guard = 0; dealt < hands && guard < hands * 200; guard++) {
    if (t.hand && t.hand.phase !== "complete") {
      apply(action(t, random));
      continue;
    }
    while (random() < 0.3) apply(seatChange(t, random));
    rebuy(t, apply);
    const started = applyTable(t, { type: "startHand", deck: shuffle(STANDARD_DECK, random) });
    if (!started.ok) {
      // Too few players: someone comes back with chips.
      apply(seatChange(t, random));
      continue;
    }
    const wasDue = round === "due";
    t = started.state;
    account(started.events);
    dealt++;
    const rules = t.hand?.rules as NonNullable<TableState["hand"]>["rules"];
    if (round === "due") {
      round = { hands: t.hand?.players.length as number, played: 0 };
      expect(started.events).toContainEqual({ type: "specialRoundStarted", hands: round.hands });
      seen.rounds++;
    }
    if (round !== null) round.played++;
    expect(started.events.some((e) => e.type === "specialRoundStarted")).toBe(wasDue);
    // H-5: doubled exactly during the round, normal otherwise.
    const { bigBlind, smallBet, bigBet } = rules;
    expect({ bigBlind, smallBet, bigBet }).toEqual(round === null ? NORMAL : DOUBLE);
    if (t.hand?.phase === "complete") {
      // Over as it was dealt (everyone all in on the blinds): settled with the deal.
      settled(t.hand, started.events);
      continue;
    }
    const view = tableViewFor(t, null).homeGame?.specialRound ?? null;
    expect(view).toEqual(
      round === null
        ? null
        : { status: "playing", hands: round.hands, handsLeft: round.hands - round.played + 1 },
    );
  }
  return seen;
}

describe("random home-game sessions", () => {
  it("H-4 H-5 chips conserved counting free sets; at most N a player; a special round is one orbit at double stakes", () => {
    const total = { grants: 0, rounds: 0 };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 1, max: 3 }),
        (seed, n) => {
          const seen = session(seed, n, 40);
          total.grants += seen.grants;
          total.rounds += seen.rounds;
        },
      ),
      { numRuns: 40 },
    );
    // The sessions did exercise both rules.
    expect(total.grants).toBeGreaterThan(0);
    expect(total.rounds).toBeGreaterThan(0);
  }, 120_000);
});
