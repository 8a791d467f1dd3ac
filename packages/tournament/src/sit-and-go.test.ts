/** H-7 sit-and-go: the start rule, on top of the scheduled tournament's registration (MT-1). */
import { seededInts } from "@felt/fairness/testing";
import { describe, expect, it } from "vitest";
import type { TournamentConfig } from "./config";
import { normalizeConfig } from "./config";
import { drawBounds } from "./draw";
import { payoutsOf } from "./queries";
import { isDueToStart, seatsToFill, startsWhenFull } from "./sit-and-go";
import type { TournamentState } from "./state";
import { bustOne, refusal, run } from "./test-play";
import { config } from "./test-support";
import { createTournament } from "./tournament";

const sng = (seats: number, more: Partial<TournamentConfig> = {}) =>
  config({ startWhenFull: true, maxEntries: seats, seatsPerTable: 6, ...more });

function fresh(c: TournamentConfig): TournamentState {
  const created = createTournament(c, 0);
  if (!created.ok) throw new Error(created.error.message);
  return created.state;
}

const id = (i: number) => `p${String(i).padStart(2, "0")}`;

function registered(state: TournamentState, count: number, from = 0, now = 1): TournamentState {
  let s = state;
  for (let i = from; i < from + count; i++)
    s = run(s, { type: "register", playerId: id(i), now }).state;
  return s;
}

describe("H-7 sit-and-go start rule", () => {
  it("H-7 a sit-and-go needs its seats (maxEntries) and has no late registration", () => {
    const noSeats = normalizeConfig(config({ startWhenFull: true }));
    expect(noSeats.ok || noSeats.error.code).toBe("invalid_config");
    const late = normalizeConfig(sng(6, { lateRegistration: { untilLevel: 1 } }));
    expect(late.ok || late.error.message).toMatch(/late registration/);
    const bad = normalizeConfig({ ...sng(6), startWhenFull: "yes" });
    expect(bad.ok).toBe(false);
    const ok = normalizeConfig(sng(6));
    expect(ok.ok && seatsToFill(ok.rules)).toBe(6);
  });

  it("H-7 a scheduled tournament is never due by its field; its rules say so", () => {
    const scheduled = registered(fresh(config({ maxEntries: 3 })), 3);
    expect(startsWhenFull(scheduled.rules)).toBe(false);
    expect(seatsToFill(scheduled.rules)).toBeNull();
    expect(isDueToStart(scheduled)).toBe(false);
  });

  it("H-7 due exactly when the last seat is taken, not before", () => {
    let s = fresh(sng(6));
    for (let i = 0; i < 6; i++) {
      expect(isDueToStart(s)).toBe(false);
      s = run(s, { type: "register", playerId: id(i), now: 1 }).state;
    }
    expect(isDueToStart(s)).toBe(true);
    // MT-1: the seventh is refused, the field is capped at the seats.
    expect(refusal(s, { type: "register", playerId: id(7), now: 1 })).toBe("tournament_full");
  });

  it("H-7 MT-1 leaving a sit-and-go that has not filled refunds buy-in and fee, and frees the seat", () => {
    const s = registered(fresh(sng(6)), 5);
    const left = run(s, { type: "unregister", playerId: id(2), now: 2 });
    expect(left.events).toContainEqual({
      type: "registrationCancelled",
      playerId: id(2),
      refundPrize: 100,
      refundFee: 10,
    });
    expect(left.state.totals.entries).toBe(4);
    expect(isDueToStart(left.state)).toBe(false);
    const refilled = registered(left.state, 2, 10, 3);
    expect(isDueToStart(refilled)).toBe(true);
  });

  it("H-7 once started it is no longer due, and nobody leaves with a refund", () => {
    const full = registered(fresh(sng(6)), 6);
    const started = run(full, { type: "start", now: 5, randomInts: seededInts(1, drawBounds(6)) });
    expect(started.state.phase).toBe("running");
    expect(isDueToStart(started.state)).toBe(false);
    expect(refusal(started.state, { type: "unregister", playerId: id(0), now: 6 })).toBe(
      "already_started",
    );
  });

  it("H-7 several tables: 12 seats at 6 a table start on two tables and play to the payouts", () => {
    const full = registered(fresh(sng(12)), 12);
    expect(isDueToStart(full)).toBe(true);
    let s = run(full, { type: "start", now: 5, randomInts: seededInts(2, drawBounds(12)) }).state;
    expect(s.tables).toHaveLength(2);
    let now = 10;
    while (s.phase === "running") {
      const table = s.tables.find((t) => t.seats.filter(Boolean).length >= 2);
      if (!table) throw new Error("no table can deal");
      s = bustOne(s, table.number, now++);
    }
    expect(s.phase).toBe("finished");
    const { pool, amounts } = payoutsOf(s);
    expect(pool).toBe(12 * 100);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(pool);
    expect(s.standings?.length).toBe(12);
  });
});
