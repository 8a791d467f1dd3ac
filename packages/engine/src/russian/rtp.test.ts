import { describe, expect, it } from "vitest";
import { DEFAULT_PAY_TABLE } from "./pay-tables";
import { RULES_RTP_RUN, rulesRtp } from "./rtp";
import { returnToPlayer, simulate } from "./simulate";

describe("the rules' RTP", () => {
  it("is the simulation's figure for the fixed run, and the house edge is the rest", () => {
    const options = { antePaidOnWin: true };
    const got = rulesRtp(options);
    if (!got.ok) throw new Error(got.error.code);
    const run = simulate({ ...RULES_RTP_RUN, options });
    if (!run.ok) throw new Error(run.error.code);
    expect(got.result.rtp).toBe(returnToPlayer(run.tally).rtp);
    expect(got.result.houseEdge).toBeCloseTo(1 - got.result.rtp, 12);
    expect(got.result.ci95[0]).toBeLessThan(got.result.rtp);
    expect(got.result.ci95[1]).toBeGreaterThan(got.result.rtp);
    // A fixed seed: the same rules give the same figure every time.
    expect(rulesRtp(options)).toEqual(got);
  });

  it("RP-5 a richer pay table returns more to the player", () => {
    const base = rulesRtp({});
    const rich = rulesRtp({ payTable: { ...DEFAULT_PAY_TABLE, onePair: 3, aceKing: 3 } });
    if (!base.ok || !rich.ok) throw new Error("refused");
    expect(rich.result.rtp).toBeGreaterThan(base.result.rtp + 0.05);
  });

  it("RP-5 refuses an invalid pay table with the engine's code", () => {
    const got = rulesRtp({ payTable: { ...DEFAULT_PAY_TABLE, flush: -1 } });
    expect(got.ok ? null : got.error.code).toBe("invalid_pay_table");
  });
});
