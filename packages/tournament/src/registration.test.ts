import { describe, expect, it } from "vitest";
import { normalizeConfig, type TournamentRules } from "./config";
import {
  checkAddOn,
  checkRebuy,
  checkRegister,
  checkUnregister,
  isPoolFinal,
  type Moment,
} from "./registration";
import { config } from "./test-support";

function rules(overrides: Parameters<typeof config>[0] = {}): TournamentRules {
  const result = normalizeConfig(config(overrides));
  if (!result.ok) throw new Error(result.error.message);
  return result.rules;
}

const before: Moment = { started: false, finished: false, levelNumber: 0 };
const at = (levelNumber: number): Moment => ({ started: true, finished: false, levelNumber });
const withLate = rules({
  lateRegistration: { untilLevel: 2 },
  reEntry: { maxEntriesPerPlayer: 2 },
});

describe("MT-1 registration", () => {
  it("MT-1 anyone may register before the start, once", () => {
    expect(checkRegister(rules(), before, null, 0)).toBeNull();
    expect(checkRegister(rules(), before, { entries: 1, alive: true }, 1)?.code).toBe(
      "already_registered",
    );
  });

  it("MT-1 without late registration, registration closes at the start", () => {
    expect(checkRegister(rules(), at(1), null, 10)?.code).toBe("registration_closed");
  });

  it("MT-1 late registration runs through its level (and the break after it)", () => {
    expect(checkRegister(withLate, at(1), null, 10)).toBeNull();
    expect(checkRegister(withLate, at(2), null, 10)).toBeNull();
    expect(checkRegister(withLate, at(3), null, 10)?.code).toBe("registration_closed");
  });

  it("MT-1 re-entry: a busted player buys a new entry during late registration, up to the limit", () => {
    expect(checkRegister(withLate, at(2), { entries: 1, alive: false }, 10)).toBeNull();
    expect(checkRegister(withLate, at(2), { entries: 2, alive: false }, 10)?.code).toBe(
      "re_entry_limit",
    );
    expect(checkRegister(withLate, at(2), { entries: 1, alive: true }, 10)?.code).toBe(
      "already_registered",
    );
    const noReEntry = rules({ lateRegistration: { untilLevel: 2 } });
    expect(checkRegister(noReEntry, at(1), { entries: 1, alive: false }, 10)?.code).toBe(
      "re_entry_not_offered",
    );
  });

  it("MT-1 a capped field is full at its cap", () => {
    expect(checkRegister(rules({ maxEntries: 10 }), before, null, 10)?.code).toBe(
      "tournament_full",
    );
  });

  it("MT-1 unregistering is possible before the start only", () => {
    expect(checkUnregister(before, { entries: 1, alive: true })).toBeNull();
    expect(checkUnregister(before, null)?.code).toBe("not_registered");
    expect(checkUnregister(at(1), { entries: 1, alive: true })?.code).toBe("already_started");
  });

  it("MT-1 re-entry needs late registration", () => {
    expect(normalizeConfig(config({ reEntry: { maxEntriesPerPlayer: 2 } }))).toMatchObject({
      ok: false,
      error: { code: "invalid_config" },
    });
  });
});

describe("MT-1 MT-2 rebuys and add-ons", () => {
  const rebuyRules = rules({
    rebuy: { untilLevel: 2, prize: 100, fee: 0, chips: 1_000, stackAtMost: 1_000, maxPerEntry: 2 },
    addOn: { fromLevel: 2, untilLevel: 2, prize: 100, fee: 0, chips: 2_000 },
  });
  const entry = { stack: 0, rebuys: 0, addOns: 0 };

  it("MT-1 a rebuy needs the option, the window, a small enough stack and rebuys left", () => {
    expect(checkRebuy(rules(), at(1), entry)?.code).toBe("rebuy_not_offered");
    expect(checkRebuy(rebuyRules, before, entry)?.code).toBe("not_started");
    expect(checkRebuy(rebuyRules, at(1), entry)).toBeNull();
    expect(checkRebuy(rebuyRules, at(3), entry)?.code).toBe("rebuy_closed");
    expect(checkRebuy(rebuyRules, at(1), { ...entry, stack: 1_001 })?.code).toBe("stack_too_large");
    expect(checkRebuy(rebuyRules, at(1), { ...entry, rebuys: 2 })?.code).toBe("rebuy_limit");
    expect(checkRebuy(rebuyRules, at(1), null)?.code).toBe("not_playing");
  });

  it("MT-1 one add-on per entry, in its window", () => {
    expect(checkAddOn(rules(), at(2), entry)?.code).toBe("add_on_not_offered");
    expect(checkAddOn(rebuyRules, at(1), entry)?.code).toBe("add_on_closed");
    expect(checkAddOn(rebuyRules, at(2), { ...entry, stack: 5_000 })).toBeNull();
    expect(checkAddOn(rebuyRules, at(2), { ...entry, addOns: 1 })?.code).toBe("add_on_taken");
  });

  it("MT-2 the pool is final once entries, rebuys and add-ons have all closed", () => {
    expect(isPoolFinal(rebuyRules, before)).toBe(false);
    expect(isPoolFinal(rebuyRules, at(2))).toBe(false);
    expect(isPoolFinal(rebuyRules, at(3))).toBe(true);
    expect(isPoolFinal(withLate, at(3))).toBe(true);
  });
});
