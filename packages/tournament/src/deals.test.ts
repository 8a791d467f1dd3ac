import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { icmEquities } from "./chop";
import type { TournamentConfig } from "./config";
import type { TournamentEvent, TournamentState } from "./state";
import { bustOne, refusal, run, running } from "./test-play";
import { payoutsOf } from "./tournament";

/** `entrants` at one table; hands bust the player after the button until `left` remain. */
function finalTable(
  entrants: number,
  left: number,
  overrides: Partial<TournamentConfig> = {},
): { state: TournamentState; now: number } {
  let state = running(entrants, { seatsPerTable: 10, ...overrides }, 7);
  let now = 1;
  while (state.alive > left) {
    // The first player after the button loses his stack to the next one, so stacks end up unequal.
    state = bustOne(state, 1, now++);
    for (const pending of state.pendingRebuys)
      state = run(state, { type: "declineRebuy", playerId: pending.playerId, now }).state;
  }
  return { state, now };
}

const stacksOf = (state: TournamentState) =>
  (state.tables[0]?.seats ?? []).flatMap((s) => (s ? [{ id: s.playerId, chips: s.stack }] : []));

describe("a deal at the final table", () => {
  it("the director proposes an ICM deal; no hand starts while the players answer; all accept and are paid the shares", () => {
    let { state, now } = finalTable(8, 3);
    const stacks = stacksOf(state);
    const { pool, amounts } = payoutsOf(state);
    expect(amounts).toEqual([520, 280]); // 65/35 of 800
    const proposed = run(state, { type: "proposeDeal", method: "icm", now: now++ });
    state = proposed.state;
    const shares = (proposed.events[0] as Extract<TournamentEvent, { type: "dealProposed" }>)
      .shares;
    const equity = icmEquities(
      shares.map((s) => s.chips),
      [520, 280],
    );
    for (const [i, s] of shares.entries())
      expect(Math.abs(s.amount - (equity[i] as number))).toBeLessThan(1);
    expect(shares.map((s) => s.playerId).sort()).toEqual(stacks.map((s) => s.id).sort());
    expect(shares.reduce((sum, s) => sum + s.amount, 0)).toBe(800);

    expect(refusal(state, { type: "startHand", table: 1, now })).toBe("deal_pending");
    expect(refusal(state, { type: "proposeDeal", method: "chips", now })).toBe("deal_pending");
    expect(refusal(state, { type: "acceptDeal", playerId: "p-out", now })).toBe("not_in_deal");

    const [first, second, third] = shares as [
      (typeof shares)[0],
      (typeof shares)[0],
      (typeof shares)[0],
    ];
    state = run(state, { type: "acceptDeal", playerId: first.playerId, now }).state;
    expect(refusal(state, { type: "acceptDeal", playerId: first.playerId, now })).toBe(
      "already_accepted",
    );
    state = run(state, { type: "acceptDeal", playerId: second.playerId, now }).state;
    expect(state.phase).toBe("running");
    const last = run(state, { type: "acceptDeal", playerId: third.playerId, now });
    expect(last.events.map((e) => e.type)).toEqual([
      "dealAccepted",
      "dealAgreed",
      "tournamentFinished",
    ]);
    state = last.state;
    expect(state.phase).toBe("finished");
    const standings = state.standings ?? [];
    expect(standings).toHaveLength(8);
    expect(standings.reduce((sum, s) => sum + s.prize, 0)).toBe(pool);
    for (const share of shares)
      expect(standings.find((s) => s.playerId === share.playerId)?.prize).toBe(share.amount);
    // Places 1–3 by chips (here two untouched stacks of 1,000 share 2nd); the chip leader is
    // the winner; the others keep places 4–8.
    const leader = [...shares].sort((a, b) => b.chips - a.chips)[0];
    expect(state.winner?.playerId).toBe(leader?.playerId);
    expect(standings.slice(0, 3).map((s) => s.place)).toEqual([
      { from: 1, to: 1 },
      { from: 2, to: 3 },
      { from: 2, to: 3 },
    ]);
    expect(standings.slice(3).map((s) => s.place.from)).toEqual([4, 5, 6, 7, 8]);
  });

  it("one player saying no, or the director withdrawing, ends the proposal and play goes on", () => {
    let { state, now } = finalTable(8, 3);
    state = run(state, { type: "proposeDeal", method: "chips", now: now++ }).state;
    const [a, b] = (state.deal?.shares ?? []).map((s) => s.playerId);
    state = run(state, { type: "acceptDeal", playerId: a as string, now }).state;
    const no = run(state, { type: "rejectDeal", playerId: b as string, now });
    expect(no.events).toEqual([{ type: "dealWithdrawn", by: b }]);
    state = no.state;
    expect(state.deal).toBeNull();
    expect(refusal(state, { type: "acceptDeal", playerId: a as string, now })).toBe("no_deal");
    state = run(state, { type: "startHand", table: 1, now: now++ }).state;
    expect(refusal(state, { type: "proposeDeal", method: "icm", now })).toBe("hand_in_progress");
  });

  it("refused while the prize pool can still grow, for a field too big, or with a bad method", () => {
    const rebuys = finalTable(8, 3, {
      rebuy: {
        untilLevel: 2,
        prize: 100,
        fee: 10,
        chips: 1_000,
        stackAtMost: 1_000,
        maxPerEntry: 1,
      },
    });
    expect(refusal(rebuys.state, { type: "proposeDeal", method: "icm", now: rebuys.now })).toBe(
      "deal_not_allowed",
    );
    // Eleven players at two tables: a deal is for the last ten.
    const eleven = finalTable(11, 11, { seatsPerTable: 6 });
    expect(refusal(eleven.state, { type: "proposeDeal", method: "icm", now: eleven.now })).toBe(
      "deal_not_allowed",
    );
    const { state, now } = finalTable(8, 3);
    expect(refusal(state, { type: "proposeDeal", method: "split" as "icm", now })).toBe(
      "invalid_chop",
    );
  });

  it("any final table of up to ten, either method: every prize paid exactly once, places follow the money", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 10 }),
        fc.integer({ min: 2, max: 10 }),
        fc.constantFrom("icm" as const, "chips" as const),
        (entrants, left, method) => {
          fc.pre(left <= entrants);
          let { state, now } = finalTable(entrants, left);
          state = run(state, { type: "proposeDeal", method, now: now++ }).state;
          for (const share of state.deal?.shares ?? [])
            state = run(state, { type: "acceptDeal", playerId: share.playerId, now }).state;
          expect(state.phase).toBe("finished");
          const standings = state.standings ?? [];
          expect(standings).toHaveLength(entrants);
          expect(standings.reduce((sum, s) => sum + s.prize, 0)).toBe(payoutsOf(state).pool);
          const byPlace = [...standings].sort((x, y) => x.place.from - y.place.from);
          for (let i = 1; i < byPlace.length; i++)
            expect((byPlace[i] as (typeof byPlace)[0]).prize).toBeLessThanOrEqual(
              (byPlace[i - 1] as (typeof byPlace)[0]).prize + 1,
            );
        },
      ),
      { numRuns: 60 },
    );
  });
});
