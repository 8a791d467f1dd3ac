import { describe, expect, it } from "vitest";
import { DEFAULT_OPTIONS, maxBonusFor, resolveOptions } from "./options";
import { DEFAULT_BONUS_PAY_TABLE, DEFAULT_PAY_TABLE } from "./pay-tables";

const code = (input: unknown) => {
  const result = resolveOptions(input);
  return result.ok ? "ok" : result.error.code;
};

describe("table options", () => {
  it("defaults: 4 boxes, bonus up to the ANTE, improve once, no ANTE on a win, no cap", () => {
    const result = resolveOptions({});
    expect(result.ok && result.options).toEqual({
      boxesPerPlayer: 4,
      bonusLimit: "ante",
      improve: "once",
      antePaidOnWin: false,
      maxPayout: null,
      minAnte: 1,
      maxAnte: 1000,
      payTable: DEFAULT_PAY_TABLE,
      bonusPayTable: DEFAULT_BONUS_PAY_TABLE,
    });
    expect(resolveOptions(undefined).ok).toBe(true);
  });

  it("RP-5 default pay table, paid on the BET", () => {
    expect(DEFAULT_PAY_TABLE).toEqual({
      royalFlush: 100,
      straightFlush: 50,
      fourOfAKind: 20,
      fullHouse: 7,
      flush: 5,
      straight: 4,
      threeOfAKind: 3,
      twoPair: 2,
      onePair: 1,
      aceKing: 1,
    });
  });

  it("RP-2 default bonus pay table", () => {
    expect(DEFAULT_BONUS_PAY_TABLE).toEqual({
      royalFlush: 1000,
      straightFlush: 500,
      fourOfAKind: 300,
      fullHouse: 100,
      flush: 50,
      straight: 40,
      threeSevens: 20,
      sevensAndAnotherPair: 5,
    });
  });

  it("accepts every documented option value", () => {
    expect(
      code({
        boxesPerPlayer: 3,
        bonusLimit: "half-ante",
        improve: "exchange-then-sixth",
        antePaidOnWin: true,
        maxPayout: 50_000,
        minAnte: 5,
        maxAnte: 500,
        payTable: { ...DEFAULT_PAY_TABLE, aceKing: 0 },
        bonusPayTable: { ...DEFAULT_BONUS_PAY_TABLE, royalFlush: 5000 },
      }),
    ).toBe("ok");
  });

  it("refuses each invalid option with its own code", () => {
    expect(code(null)).toBe("invalid_options");
    expect(code([])).toBe("invalid_options");
    expect(code({ rake: 5 })).toBe("unknown_option");
    expect(code({ boxesPerPlayer: 2 })).toBe("invalid_boxes_per_player");
    expect(code({ boxesPerPlayer: "4" })).toBe("invalid_boxes_per_player");
    expect(code({ bonusLimit: "double" })).toBe("invalid_bonus_limit");
    expect(code({ improve: "twice" })).toBe("invalid_improve_rule");
    expect(code({ antePaidOnWin: "yes" })).toBe("invalid_ante_paid_on_win");
    for (const maxPayout of [0, -1, 1.5, Number.NaN, 1e20, "100"]) {
      expect(code({ maxPayout })).toBe("invalid_max_payout");
    }
    expect(code({ minAnte: 0 })).toBe("invalid_ante_limits");
    expect(code({ minAnte: 10, maxAnte: 5 })).toBe("invalid_ante_limits");
    expect(code({ maxAnte: 1e10 })).toBe("invalid_ante_limits");
    expect(code({ minAnte: 2.5 })).toBe("invalid_ante_limits");
  });

  it("RP-5 pay tables are editable data: non-negative integers, every category present", () => {
    const { aceKing: _dropped, ...missing } = DEFAULT_PAY_TABLE;
    expect(code({ payTable: missing })).toBe("invalid_pay_table");
    expect(code({ payTable: { ...DEFAULT_PAY_TABLE, onePair: -1 } })).toBe("invalid_pay_table");
    expect(code({ payTable: { ...DEFAULT_PAY_TABLE, onePair: 1.5 } })).toBe("invalid_pay_table");
    expect(code({ payTable: { ...DEFAULT_PAY_TABLE, onePair: "1" } })).toBe("invalid_pay_table");
    expect(code({ payTable: { ...DEFAULT_PAY_TABLE, highCard: 1 } })).toBe("invalid_pay_table");
    expect(code({ payTable: { ...DEFAULT_PAY_TABLE, onePair: 1e9 } })).toBe("invalid_pay_table");
    expect(code({ payTable: null })).toBe("invalid_pay_table");
    const { threeSevens: _gone, ...noSevens } = DEFAULT_BONUS_PAY_TABLE;
    expect(code({ bonusPayTable: noSevens })).toBe("invalid_bonus_pay_table");
    expect(code({ bonusPayTable: { ...DEFAULT_BONUS_PAY_TABLE, flush: -50 } })).toBe(
      "invalid_bonus_pay_table",
    );
  });

  it("resolved options are a fresh copy: editing them never edits the defaults", () => {
    const result = resolveOptions({});
    if (!result.ok) throw new Error(result.error.code);
    result.options.payTable.onePair = 9;
    expect(DEFAULT_OPTIONS.payTable.onePair).toBe(1);
    expect(DEFAULT_PAY_TABLE.onePair).toBe(1);
  });

  it("RP-2 the bonus limit for an ANTE", () => {
    const ante = resolveOptions({});
    const half = resolveOptions({ bonusLimit: "half-ante" });
    if (!ante.ok || !half.ok) throw new Error("defaults refused");
    expect(maxBonusFor(ante.options, 11)).toBe(11);
    expect(maxBonusFor(half.options, 11)).toBe(5);
  });
});
