/**
 * The feed and the journal, over random play: what a client folds from the
 * deltas it is sent is, at every change, the whole state the room would send
 * it; the room's shortcut, foreseeFor, moves each viewer's state on as
 * foresee itself would; what recovery folds from the journal is the snapshot
 * the room held.
 */
import {
  applyTable,
  createTable,
  deckOf,
  deckOfTable,
  handInProgress,
  type PlayerAction,
  raiseAmountAt,
  type TableCommand,
  type TableEvent,
  type TableSetup,
  type TableState,
  tableViewFor,
} from "@felt/engine";
import {
  applyPatch,
  bodyOf,
  diff,
  followFeed,
  foresee,
  foreseeFor,
  lapOf,
  type StateMessage,
} from "@felt/protocol";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { secretFor, TIMING } from "../../test/engine-tables";
import { sized } from "../../test/test-size";
import { deltaMessages, seatOf, stateMessage } from "./messages";
import type { Viewer } from "./room-headers";
import { initialRoom, type RoomState, roomAfter, type Snapshot } from "./room-state";

/** Through the wire and back: what the other end holds. */
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value));

const GAMES: TableSetup["hand"][] = [
  { game: "holdem", betting: "no-limit", smallBlind: 1, bigBlind: 2 },
  { game: "omaha", betting: "pot-limit", smallBlind: 1, bigBlind: 2, ante: 1, anteKind: "each" },
  { game: "holdem", betting: "fixed-limit", smallBlind: 1, bigBlind: 2, smallBet: 2, bigBet: 4 },
  { game: "five-card-draw", betting: "no-limit", smallBlind: 1, bigBlind: 2 },
  {
    game: "five-card-draw",
    betting: "pot-limit",
    smallBlind: 1,
    bigBlind: 2,
    deckType: "7A",
    wild: "joker",
  },
  // ST-1, ST-5: stud, with antes and the bring-in.
  { game: "stud7", betting: "fixed-limit", smallBlind: 1, bigBlind: 2, ante: 1 },
  { game: "stud5", betting: "fixed-limit", smallBlind: 1, bigBlind: 2, wild: "lowest-card" },
];

const PLAYERS = ["a", "b", "c", "d", "e", "f", "g"];
/** One deal secret whose salts and tree stand for every hand's (the proofs are not checked here, only carried). */
const SECRET = await secretFor(1, deckOf({ deckType: "52", wild: "two-jokers" }));
/** Everyone who may sit, a spectator, and a signed-in viewer who never sits. */
const VIEWERS: (Viewer | null)[] = [
  ...PLAYERS.map((id) => ({ playerId: id, name: id })),
  null,
  { playerId: "rail", name: "rail" },
];

type Change = { table: TableState; events: TableEvent[]; room?: (room: RoomState) => RoomState };

/** Random play driven by a tape of choices: sit-downs, sit-outs, leaves, timeouts, deals and legal actions. */
function nextChange(snapshot: Snapshot, pick: (n: number) => number): Change | null {
  const { table } = snapshot;
  const tried = (command: TableCommand): Change | null => {
    const result = applyTable(table, command);
    return result.ok ? { table: result.state, events: result.events } : null;
  };
  const seated = table.seats.flatMap((o) => (o ? [o] : []));
  const anyone = seated[pick(seated.length)];
  const roll = pick(100);
  if (roll < 3 && anyone) return tried({ type: "leave", playerId: anyone.playerId });
  if (roll < 5) return tried({ type: "timeout" });
  if (roll < 7 && anyone) {
    const upTo = pick(2) === 0 ? null : 200;
    return tried({ type: "setAutoRebuy", playerId: anyone.playerId, upTo });
  }
  if (handInProgress(table)) {
    const hand = table.hand;
    if (hand?.needsReshuffle)
      return tried({ type: "reshuffle", order: [...hand.needsReshuffle.cards] });
    const actor = seated.find((o) => o.seat === hand?.toAct);
    const legal = actor && tableViewFor(table, actor.playerId).hand?.legalActions;
    if (!actor || !legal) return tried({ type: "timeout" });
    const options: PlayerAction[] = [];
    if (legal.fold) options.push({ type: "fold" });
    if (legal.check) options.push({ type: "check" });
    if (legal.call) options.push({ type: "call" });
    if (legal.betOrRaise) {
      const { min, max } = legal.betOrRaise;
      options.push({
        type: "betOrRaiseTo",
        amount: raiseAmountAt(legal.betOrRaise, pick(max - min + 1) / (max - min + 1)),
      });
    }
    if (legal.draw) {
      const cards = hand?.players.find((p) => p.seat === actor.seat)?.holeCards ?? [];
      const discard = cards.filter(() => pick(3) === 0).slice(0, legal.draw.max);
      options.push({ type: "draw", discard });
    }
    const action = options[pick(options.length)];
    if (!action) return null;
    return tried({ type: "act", playerId: actor.playerId, action });
  }
  if (roll < 25) {
    const free = table.seats.indexOf(null);
    const newcomer = PLAYERS.find((id) => !seated.some((o) => o.playerId === id));
    if (free >= 0 && newcomer) {
      const buyIn = 40 + pick(161);
      return tried({ type: "sit", seat: free + 1, playerId: newcomer, name: newcomer, buyIn });
    }
  }
  if (roll < 35 && anyone) {
    const command = anyone.status === "active" ? "sitOut" : "sitIn";
    return tried({ type: command, playerId: anyone.playerId });
  }
  if (roll < 40 && anyone && anyone.stack < 200)
    return tried({ type: "addChips", playerId: anyone.playerId, amount: 200 - anyone.stack });
  const deck = [...deckOfTable(table)];
  for (let i = deck.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [deck[i], deck[j]] = [deck[j] as number, deck[i] as number];
  }
  const dealt = tried({ type: "startHand", deck });
  if (!dealt) return null;
  // As the room deals: the deal's secret with it, whose leaves go to those who see the cards.
  const secret = { ...SECRET, handNumber: table.handNumber + 1, deck };
  return { ...dealt, room: (room) => ({ ...room, fairness: secret }) };
}

/** Random tables played: 10 in `npm test`, 30 under FELT_TEST_SIZE=full (test/test-size.ts). */
const RUNS = sized(10, 30);

describe("the table feed", () => {
  it("folding each viewer's deltas gives the whole state at every change; the journal gives the snapshot", () => {
    const totals = { changes: 0, hands: 0 };
    fc.assert(
      fc.property(
        fc.constantFrom(...GAMES),
        fc.array(fc.nat(), { minLength: 97, maxLength: 97 }),
        fc.integer({ min: 100, max: 250 }),
        (hand, tape, steps) => {
          let cursor = 0;
          const pick = (n: number) => (n <= 1 ? 0 : (tape[cursor++ % tape.length] as number) % n);
          const created = createTable({ hand, seatCount: 6, minBuyIn: 40, maxBuyIn: 200 });
          if (!created.ok) throw new Error(created.error.message);
          let table = created.state;
          for (const [i, id] of ["a", "b", "c"].entries()) {
            const sat = applyTable(table, {
              type: "sit",
              seat: i + 1,
              playerId: id,
              name: id,
              buyIn: 100,
            });
            if (!sat.ok) throw new Error(sat.error.message);
            table = sat.state;
          }
          let snapshot: Snapshot = { table, room: initialRoom("t", TIMING) };
          const held = new Map<Viewer | null, StateMessage>(
            VIEWERS.map((v) => [v, wire(stateMessage(snapshot, v))]),
          );
          const sentLast = new Map<Viewer | null, StateMessage>();
          let stored: Snapshot = wire(snapshot);
          let now = 1_000_000;
          let changes = 0;
          for (let step = 0; step < steps; step++) {
            const change = nextChange(snapshot, pick);
            if (!change) continue;
            now += pick(30_000);
            const patched = change.room ? change.room(snapshot.room) : snapshot.room;
            const after: Snapshot = {
              table: change.table,
              room: roomAfter(patched, change.table, change.events, now),
            };
            const deltas = deltaMessages(snapshot, after, change.events);
            // The room moves the state on once, for a spectator, and each viewer's own fields alone.
            const was = stateMessage(snapshot, null);
            const is = stateMessage(after, null, change.events);
            const lap = lapOf(was, is);
            const foreseen = foresee(bodyOf(was), is.events, lap);
            for (const [i, viewer] of VIEWERS.entries()) {
              const seatHint = viewer ? seatOf(snapshot.table, viewer.playerId) : null;
              // The room starts from the state it sent last when it kept it, else builds it again.
              const last = (i + changes) % 2 === 0 ? sentLast.get(viewer) : undefined;
              const built = deltas(viewer, seatHint, last);
              const seen = bodyOf(last ?? stateMessage(snapshot, viewer));
              expect(foreseeFor(foreseen, seen, built.after.events)).toEqual(
                foresee(seen, built.after.events, lap),
              );
              sentLast.set(viewer, built.after);
              const followed = followFeed(held.get(viewer) ?? null, wire(built.delta));
              if (!followed.ok) throw new Error(`feed ${after.room.feed}: ${followed.reason}`);
              const whole = wire(stateMessage(after, viewer, change.events, seatHint));
              expect(wire(followed.state)).toEqual(whole);
              held.set(viewer, followed.state);
            }
            const patch = diff(snapshot, after);
            stored = patch ? applyPatch(stored, wire(patch)) : stored;
            expect(stored).toEqual(wire(after));
            snapshot = after;
            changes++;
          }
          totals.changes += changes;
          totals.hands += snapshot.table.handNumber;
        },
      ),
      { numRuns: RUNS },
    );
    // Not vacuous: the random play went through many changes and hands (at the full size's
    // rate: over 2,000 changes and 100 hands in 30 tables).
    expect(totals.changes).toBeGreaterThan((2_000 / 30) * RUNS);
    expect(totals.hands).toBeGreaterThan((100 / 30) * RUNS);
  }, 60_000);

  it("ST-2 ST-3 foresee names stud's first to act: the bring-in on the first street, the best hand showing later", () => {
    let streets = 0;
    for (const [g, hand] of GAMES.entries()) {
      if (hand?.game !== "stud7" && hand?.game !== "stud5") continue;
      const created = createTable({ hand, seatCount: 6, minBuyIn: 40, maxBuyIn: 200 });
      if (!created.ok) throw new Error(created.error.message);
      let table = created.state;
      for (const [i, id] of ["a", "b", "c", "d", "e"].entries()) {
        const sat = applyTable(table, {
          type: "sit",
          seat: i + 1,
          playerId: id,
          name: id,
          buyIn: 200,
        });
        if (!sat.ok) throw new Error(sat.error.message);
        table = sat.state;
      }
      let snapshot: Snapshot = { table, room: initialRoom("t", TIMING) };
      let cursor = g;
      for (let step = 0; step < 400; step++) {
        const change = nextChange(snapshot, (n) => (n <= 1 ? 0 : (cursor++ * 7919) % n));
        if (!change) continue;
        const after: Snapshot = {
          table: change.table,
          room: roomAfter(
            change.room ? change.room(snapshot.room) : snapshot.room,
            change.table,
            change.events,
            1,
          ),
        };
        const was = stateMessage(snapshot, null);
        const is = stateMessage(after, null, change.events);
        const dealsStreet = is.events.some(
          (e) =>
            e.type === "handEvent" &&
            (e.event.type === "upCardsDealt" || e.event.type === "holeCardsDealt"),
        );
        if (dealsStreet && is.view.hand?.phase === "betting") {
          streets++;
          expect(foresee(bodyOf(was), is.events, 0).view.hand?.toAct).toBe(is.view.hand.toAct);
        }
        snapshot = after;
      }
    }
    // Not vacuous: many streets were dealt.
    expect(streets).toBeGreaterThan(30);
  });

  it("a delta that does not follow the state held is a gap: the client asks for sync", () => {
    const created = createTable({
      hand: GAMES[0] as TableSetup["hand"],
      seatCount: 2,
      minBuyIn: 40,
      maxBuyIn: 200,
    });
    if (!created.ok) throw new Error(created.error.message);
    const before: Snapshot = { table: created.state, room: initialRoom("t", TIMING) };
    const sat = applyTable(before.table, {
      type: "sit",
      seat: 1,
      playerId: "a",
      name: "a",
      buyIn: 50,
    });
    if (!sat.ok) throw new Error(sat.error.message);
    const after: Snapshot = {
      table: sat.state,
      room: roomAfter(before.room, sat.state, sat.events, 1),
    };
    const { delta } = deltaMessages(before, after, sat.events)(null);
    expect(delta.feed).toBe(1);
    expect(followFeed(null, delta)).toEqual({ ok: false, reason: "gap" });
    const held = stateMessage(before, null);
    expect(followFeed({ ...held, feed: 5 }, delta)).toEqual({ ok: false, reason: "gap" });
    const folded = followFeed(held, delta);
    expect(folded.ok && folded.state.view.seats[0]?.playerId).toBe("a");
  });
});
