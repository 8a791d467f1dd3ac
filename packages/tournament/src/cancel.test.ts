import { seededInts, seededRandom } from "@felt/fairness/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SplitMethod } from "./chop";
import type { TournamentConfig } from "./config";
import { drawBounds } from "./draw";
import { feesOf, paidIn, prizePoolOf } from "./money";
import type { Command, TournamentEvent, TournamentState } from "./state";
import { bustOne, refusal, run, running } from "./test-play";
import { config } from "./test-support";
import { apply, createTournament, findPlayer, payoutsOf } from "./tournament";

type Cancelled = Extract<TournamentEvent, { type: "tournamentCancelled" }>;
type Started = Extract<TournamentEvent, { type: "handStarted" }>;

const cancelledOf = (events: TournamentEvent[]) =>
  events.find((e): e is Cancelled => e.type === "tournamentCancelled");

function registered(entrants: number, overrides: Partial<TournamentConfig> = {}) {
  const created = createTournament(config(overrides), 0);
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  for (let i = 0; i < entrants; i++)
    state = run(state, { type: "register", playerId: `p${i}`, now: 0 }).state;
  return state;
}

const startCommand = (state: TournamentState, now = 0): Command => ({
  type: "start",
  now,
  randomInts: seededInts(1, drawBounds(state.players.length)),
});

/** Everything a cancel pays out: refunds, the house's fees and the prizes. */
const paidOut = (e: Cancelled) =>
  e.refunds.reduce((sum, r) => sum + r.amount, 0) +
  e.fees +
  e.standings.reduce((sum, s) => sum + s.prize, 0);

describe("cancel before the start", () => {
  it("MT-1 the director's cancel refunds every entrant's buy-in and fee; the tournament takes no more commands", () => {
    const state = registered(3);
    const done = run(state, { type: "cancel", now: 5 });
    expect(done.state.phase).toBe("cancelled");
    expect(done.state.cancellation).toEqual({ reason: "director", split: null });
    expect(cancelledOf(done.events)).toEqual({
      type: "tournamentCancelled",
      reason: "director",
      split: null,
      prizePool: 0,
      overlay: 0,
      standings: [],
      refunds: ["p0", "p1", "p2"].map((playerId) => ({ playerId, amount: 110 })),
      fees: 0,
    });
    expect(refusal(done.state, { type: "register", playerId: "late", now: 6 })).toBe(
      "tournament_cancelled",
    );
    expect(refusal(done.state, startCommand(state, 6))).toBe("tournament_cancelled");
    expect(refusal(done.state, { type: "cancel", now: 6 })).toBe("cannot_cancel");
    // Nothing is split before the start.
    expect(refusal(state, { type: "cancel", split: "chips", now: 5 })).toBe("not_started");
  });

  it("MT-1 a free tournament cancelled owes nobody anything", () => {
    const done = run(registered(2, { buyIn: { prize: 0, fee: 0 } }), { type: "cancel", now: 1 });
    expect(cancelledOf(done.events)?.refunds).toEqual([]);
  });

  it("MT-1 a field below the minimum at the start is cancelled and refunded, not seated", () => {
    const short = registered(3, { minEntrants: 4 });
    const done = run(short, startCommand(short));
    expect(done.state).toMatchObject({ phase: "cancelled", startedAt: null, tables: [] });
    expect(done.state.cancellation).toEqual({ reason: "min_field", split: null });
    expect(done.events.map((e) => e.type)).toEqual(["tournamentCancelled"]);
    expect(cancelledOf(done.events)).toMatchObject({ reason: "min_field", fees: 0 });
    expect(cancelledOf(done.events)?.refunds).toHaveLength(3);
    // A single entrant is below any minimum (2 at least).
    const one = registered(1);
    expect(run(one, startCommand(one)).state.cancellation?.reason).toBe("min_field");
    // At the minimum it starts.
    const enough = registered(4, { minEntrants: 4 });
    expect(run(enough, startCommand(enough)).state.phase).toBe("running");
  });

  it("the rules check the minimum field and the rebuy decision time", () => {
    const bad = (overrides: Partial<TournamentConfig>) =>
      createTournament(config(overrides), 0).ok ? null : "invalid_config";
    expect(bad({ minEntrants: 1 })).toBe("invalid_config");
    expect(bad({ minEntrants: 2.5 })).toBe("invalid_config");
    expect(bad({ minEntrants: 10, maxEntries: 9 })).toBe("invalid_config");
    expect(bad({ rebuyDecisionMs: 0 })).toBe("invalid_config");
    const created = createTournament(config(), 0);
    expect(created.ok && created.state.rules).toMatchObject({
      minEntrants: 2,
      rebuyDecisionMs: 30_000,
    });
  });
});

describe("cancel after the start", () => {
  it("MT-2 MT-7 those out keep their prizes, the rest of the pool goes to those still in, by chips or equally; the fees stay the house's", () => {
    // 8 entrants pay 65/35 of 800; bust five: 3rd–8th are out of the money, nothing is paid yet.
    let state = running(8, { seatsPerTable: 10 });
    for (let now = 1; state.alive > 3; now++) state = bustOne(state, 1, now);
    const stacks = (state.tables[0]?.seats ?? []).flatMap((s) => (s ? [s.stack] : []));
    expect(stacks.reduce((a, b) => a + b, 0)).toBe(8_000);
    const byChips = run(state, { type: "cancel", split: "chips", now: 100 });
    const cancelled = cancelledOf(byChips.events);
    expect(cancelled).toMatchObject({
      reason: "director",
      split: "chips",
      prizePool: 800,
      refunds: [],
      fees: 80,
    });
    expect(byChips.state.phase).toBe("cancelled");
    expect(byChips.state.cancellation).toEqual({ reason: "director", split: "chips" });
    const standings = byChips.state.standings ?? [];
    expect(standings).toHaveLength(8);
    expect(standings.reduce((sum, s) => sum + s.prize, 0)).toBe(800);
    for (const s of standings.slice(0, 3)) {
      const chips = findPlayer(state, s.playerId)?.occupant.stack as number;
      expect(Math.abs(s.prize - (800 * chips) / 8_000)).toBeLessThan(1);
    }
    const equal = run(state, { type: "cancel", split: "equal", now: 100 }).state;
    const shares = (equal.standings ?? []).slice(0, 3).map((s) => s.prize);
    expect(shares.sort()).toEqual([266, 267, 267]);
    expect(refusal(state, { type: "cancel", split: "dice" as "chips", now: 100 })).toBe(
      "invalid_chop",
    );
    // Without a split a running tournament cannot be cancelled (the room's cancel before the start).
    expect(refusal(state, { type: "cancel", now: 100 })).toBe("cannot_cancel");
    const dealing = run(state, { type: "startHand", table: 1, now: 100 }).state;
    expect(refusal(dealing, { type: "cancel", split: "chips", now: 100 })).toBe("hand_in_progress");
    expect(refusal(byChips.state, { type: "startHand", table: 1, now: 101 })).toBe(
      "tournament_cancelled",
    );
  });

  it("a finished tournament cannot be cancelled", () => {
    let state = running(2);
    state = bustOne(state, 1, 1);
    expect(state.phase).toBe("finished");
    expect(refusal(state, { type: "cancel", split: "chips", now: 2 })).toBe("cannot_cancel");
  });
});

/** Money the events say came in: buy-ins, rebuys and add-ons, less what unregistering gave back. */
function moneyIn(events: TournamentEvent[]): number {
  let sum = 0;
  for (const e of events) {
    if (e.type === "playerRegistered" || e.type === "rebuyTaken" || e.type === "addOnTaken")
      sum += e.prize + e.fee;
    if (e.type === "registrationCancelled") sum -= e.refundPrize + e.refundFee;
  }
  return sum;
}

describe("cancel while paused", () => {
  it("MT-3 a tournament cancelled while paused is cancelled, not also paused (issue 48, bug 17)", () => {
    let state = running(4);
    state = run(state, { type: "pause", now: 10 }).state;
    expect(state.pausedAt).toBe(10);
    const done = run(state, { type: "cancel", split: "equal", now: 70 }).state;
    expect(done.phase).toBe("cancelled");
    expect(done.pausedAt ?? null).toBeNull();
    // The paused minute is counted as paused time, as a resume would have counted it.
    expect(done.pausedMs).toBe((state.pausedMs ?? 0) + 60);
  });
});

describe("cancels at random points of random tournaments (property)", () => {
  it("MT-2 MT-7 refunds + fees + prizes = money paid in (+ the guarantee's overlay); chips and entries stay counted", () => {
    const seen = { before: 0, after: 0 };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 2, max: 10 }),
        // Half the runs reach the cancel before any start, and half of those cancel then (not start):
        // about one run in four cancels before the start.
        fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 80 })),
        fc.boolean(),
        fc.constantFrom<SplitMethod>("chips", "equal"),
        fc.integer(),
        (entrants, minEntrants, handsBefore, startInstead, split, seed) => {
          const random = seededRandom(seed);
          const created = createTournament(
            config({
              seatsPerTable: 2 + random.nextInt(9),
              minEntrants,
              guarantee: random.nextInt(3) === 0 ? 5_000 : 0,
              lateRegistration: { untilLevel: 2 },
              rebuy: {
                untilLevel: 2,
                prize: 100,
                fee: 10,
                chips: 1_000,
                stackAtMost: 1_000,
                maxPerEntry: 2,
              },
              addOn: { fromLevel: 1, untilLevel: 2, prize: 50, fee: 5, chips: 500 },
            }),
            0,
          );
          if (!created.ok) throw new Error(created.error.message);
          let state = created.state;
          const events: TournamentEvent[] = [];
          const step = (command: Command) => {
            const result = run(state, command);
            state = result.state;
            events.push(...result.events);
            return result;
          };
          for (let i = 0; i < entrants; i++) step({ type: "register", playerId: `p${i}`, now: 0 });
          // A few change their minds before the start.
          for (let i = 0; i < entrants; i += 7)
            step({ type: "unregister", playerId: `p${i}`, now: 0 });
          let now = 0;
          if (handsBefore > 0) {
            step(startCommand(state));
            for (let k = 0; k < handsBefore && state.phase === "running"; k++) {
              now += 1_000 + random.nextInt(30_000);
              // Undecided offers: some bought, the rest left to time out.
              for (const p of state.pendingRebuys.filter((x) => !x.declined)) {
                const rebuy = { type: "rebuy", playerId: p.playerId, now } as const;
                if (random.nextInt(2) === 0 && apply(state, rebuy).ok) step(rebuy);
              }
              step({ type: "tick", now: now + 30_000 });
              now += 30_000;
              if (state.phase !== "running") break;
              const table = state.tables[random.nextInt(state.tables.length)];
              if (!table) break;
              const started = apply(state, { type: "startHand", table: table.number, now });
              if (!started.ok) continue;
              state = started.state;
              const hand = started.events.find((e) => e.type === "handStarted") as Started;
              // Now and then a late entrant or an add-on.
              if (random.nextInt(5) === 0) {
                const late = { type: "register", playerId: `late${k}`, now } as const;
                if (apply(state, late).ok) step(late);
              }
              const buyer = hand.players[random.nextInt(hand.players.length)];
              const addOn = { type: "addOn", playerId: buyer?.playerId ?? "", now } as const;
              if (random.nextInt(4) === 0 && apply(state, addOn).ok) step(addOn);
              const stacks = hand.players.map((p) => ({ seat: p.seat, stack: p.stack }));
              const winner = random.nextInt(stacks.length);
              for (let i = 0; i < stacks.length; i++) {
                const loser = stacks[i] as { stack: number };
                if (i === winner || random.nextInt(2) !== 0) continue;
                (stacks[winner] as { stack: number }).stack += loser.stack;
                loser.stack = 0;
              }
              step({ type: "endHand", table: hand.table, stacks, now });
            }
          }
          expect(paidIn(state)).toBe(moneyIn(events));
          expect(prizePoolOf(state) + feesOf(state)).toBe(paidIn(state));
          if (state.phase === "finished") return;
          // Cancel now; decisions still open are taken first, since a cancel waits for them.
          for (const p of state.pendingRebuys.filter((x) => !x.declined))
            step({ type: "declineRebuy", playerId: p.playerId, now });
          if (state.phase !== "running" && state.phase !== "registering") return;
          // MT-5: a hand-for-hand round with busts waits for its other tables (quiet hands here).
          for (let guard = 0; state.handForHand?.busts.length; guard++) {
            const played = state.handForHand.playedInRound;
            const table = state.tables.find((t) => !played.includes(t.number));
            if (!table || guard > 100) throw new Error("the hand-for-hand round does not end");
            // A lone player waits for the others to come down to his table: no cancel to check.
            if (!apply(state, { type: "startHand", table: table.number, now }).ok) return;
            const quiet = step({ type: "startHand", table: table.number, now });
            const hand = quiet.events.find((e) => e.type === "handStarted") as Started;
            const stacks = hand.players.map((p) => ({ seat: p.seat, stack: p.stack }));
            step({ type: "endHand", table: hand.table, stacks, now });
          }
          const cancel = step(
            state.phase === "registering"
              ? handsBefore === 0 && startInstead
                ? startCommand(state)
                : { type: "cancel", now }
              : { type: "cancel", split, now },
          );
          const cancelled = cancelledOf(cancel.events);
          if (!cancelled) {
            // A start that met the minimum: nothing to check here.
            expect(state.phase).toBe("running");
            return;
          }
          expect(state.phase).toBe("cancelled");
          const { overlay } = payoutsOf(state);
          expect(paidOut(cancelled)).toBe(paidIn(state) + (state.startedAt === null ? 0 : overlay));
          seen[state.startedAt === null ? "before" : "after"]++;
          if (state.startedAt === null) {
            expect(cancelled.refunds).toHaveLength(state.players.length);
            expect(cancelled.fees).toBe(0);
          } else {
            expect(cancelled.refunds).toEqual([]);
            expect(cancelled.fees).toBe(feesOf(state));
            expect(cancelled.standings).toHaveLength(state.totals.entries);
          }
        },
      ),
      { numRuns: 150 },
    );
    // Both kinds of cancel were tried.
    expect(seen.before).toBeGreaterThan(0);
    expect(seen.after).toBeGreaterThan(0);
  }, 120_000);
});
