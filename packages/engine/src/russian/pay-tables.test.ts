import { describe, expect, it } from "vitest";
import { MAX_MULTIPLIER } from "./amounts";
import {
  bonusPayTableIssue,
  DEFAULT_BONUS_PAY_TABLE,
  DEFAULT_PAY_TABLE,
  payTableIssue,
} from "./pay-tables";

describe("pay table checks", () => {
  it("RP-5 and RP-2 accept the default tables", () => {
    expect(payTableIssue(DEFAULT_PAY_TABLE)).toBeNull();
    expect(bonusPayTableIssue(DEFAULT_BONUS_PAY_TABLE)).toBeNull();
  });

  it("RP-5 names the category at fault with a stable code", () => {
    expect(payTableIssue([])?.code).toBe("not_an_object");
    expect(payTableIssue({ ...DEFAULT_PAY_TABLE, jackpot: 5 })).toMatchObject({
      code: "unknown_category",
      category: "jackpot",
    });
    const { aceKing: _, ...noAceKing } = DEFAULT_PAY_TABLE;
    expect(payTableIssue(noAceKing)).toMatchObject({
      code: "missing_category",
      category: "aceKing",
    });
    for (const bad of [-1, 1.5, MAX_MULTIPLIER + 1, "7"]) {
      expect(payTableIssue({ ...DEFAULT_PAY_TABLE, fullHouse: bad })).toMatchObject({
        code: "invalid_multiplier",
        category: "fullHouse",
      });
    }
    expect(payTableIssue({ ...DEFAULT_PAY_TABLE, fullHouse: MAX_MULTIPLIER })).toBeNull();
  });

  it("RP-2 checks the bonus table against its own categories", () => {
    expect(bonusPayTableIssue(DEFAULT_PAY_TABLE)).toMatchObject({ code: "unknown_category" });
    expect(bonusPayTableIssue({ ...DEFAULT_BONUS_PAY_TABLE, threeSevens: -5 })).toMatchObject({
      code: "invalid_multiplier",
      category: "threeSevens",
    });
  });
});
