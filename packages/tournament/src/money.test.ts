import { describe, expect, it } from "vitest";
import { feesOf, paidIn, prizePoolOf } from "./money";
import { run, running } from "./test-play";
import { config } from "./test-support";
import { createTournament } from "./tournament";

describe("a tournament's money", () => {
  it("MT-2 MT-7 paid in = prize parts + fees, over entries, rebuys and add-ons", () => {
    const rules = running(2, {
      buyIn: { prize: 100, fee: 10 },
      rebuy: { untilLevel: 2, prize: 50, fee: 5, chips: 500, stackAtMost: 1_000, maxPerEntry: 1 },
      addOn: { fromLevel: 1, untilLevel: 2, prize: 30, fee: 3, chips: 300 },
    }).rules;
    const counted = { rules, totals: { entries: 7, rebuys: 3, addOns: 2 } };
    expect(prizePoolOf(counted)).toBe(7 * 100 + 3 * 50 + 2 * 30);
    expect(feesOf(counted)).toBe(7 * 10 + 3 * 5 + 2 * 3);
    expect(paidIn(counted)).toBe(910 + 91);
  });

  it("MT-1 an entry given back before the start is no longer counted; the guarantee is not paid in", () => {
    const created = createTournament(config({ guarantee: 10_000 }), 0);
    if (!created.ok) throw new Error(created.error.message);
    let state = created.state;
    expect(paidIn(state)).toBe(0);
    state = run(state, { type: "register", playerId: "a", now: 0 }).state;
    state = run(state, { type: "register", playerId: "b", now: 0 }).state;
    expect(paidIn(state)).toBe(220);
    state = run(state, { type: "unregister", playerId: "a", now: 0 }).state;
    expect(paidIn(state)).toBe(110);
    expect(prizePoolOf(state)).toBe(100);
  });
});
