import { createTable } from "@felt/engine";
import { describe, expect, it } from "vitest";
import { HOME_GAME_LIMITS, homeGameOptionsSchema } from "./home-game";

const ENDS_AT = Date.UTC(2026, 11, 7, 22, 0);

/** The first issue's code, path and (for a type issue) what was expected, or "ok". */
function issue(input: unknown): string {
  const parsed = homeGameOptionsSchema.safeParse(input);
  if (parsed.success) return "ok";
  const first = parsed.error.issues[0];
  if (!first) return "no issue";
  const expected = "expected" in first ? ` ${String(first.expected)}` : "";
  return `${first.path.join(".")} ${first.code}${expected}`;
}

describe("home-game options (H-3, H-4, H-5)", () => {
  it("fills in the defaults: everything off; poverty poker on gives 2 free sets", () => {
    expect(homeGameOptionsSchema.parse({})).toEqual({
      endsAt: null,
      poverty: null,
      specialRound: false,
    });
    expect(homeGameOptionsSchema.parse({ poverty: {} }).poverty).toEqual({ freeSets: 2 });
    expect(
      homeGameOptionsSchema.parse({
        endsAt: ENDS_AT,
        poverty: { freeSets: 3, setChips: 500 },
        specialRound: true,
      }),
    ).toEqual({ endsAt: ENDS_AT, poverty: { freeSets: 3, setChips: 500 }, specialRound: true });
  });

  it("H-3 the end time: a whole number of ms within the bounds", () => {
    expect(issue({ endsAt: Number.NaN })).toBe("endsAt invalid_type number");
    expect(issue({ endsAt: Number.POSITIVE_INFINITY })).toBe("endsAt invalid_type number");
    expect(issue({ endsAt: ENDS_AT + 0.5 })).toBe("endsAt invalid_type int");
    expect(issue({ endsAt: -1 })).toBe("endsAt too_small");
    expect(issue({ endsAt: 1_000 })).toBe("endsAt too_small");
    expect(issue({ endsAt: 1e20 })).toBe("endsAt too_big");
    expect(issue({ endsAt: "22:00" })).toBe("endsAt invalid_type number");
    expect(issue({ endsAt: HOME_GAME_LIMITS.endsAt.max })).toBe("ok");
  });

  it("H-4 free sets: 1 to 10 a player, whole", () => {
    expect(issue({ poverty: { freeSets: 0 } })).toBe("poverty.freeSets too_small");
    expect(issue({ poverty: { freeSets: -2 } })).toBe("poverty.freeSets too_small");
    expect(issue({ poverty: { freeSets: 2.5 } })).toBe("poverty.freeSets invalid_type int");
    expect(issue({ poverty: { freeSets: 11 } })).toBe("poverty.freeSets too_big");
    expect(issue({ poverty: { freeSets: Number.NaN } })).toBe(
      "poverty.freeSets invalid_type number",
    );
    expect(issue({ poverty: { freeSets: 10 } })).toBe("ok");
  });

  it("H-4 a set's chips: whole, positive, not huge", () => {
    expect(issue({ poverty: { setChips: 0 } })).toBe("poverty.setChips too_small");
    expect(issue({ poverty: { setChips: -100 } })).toBe("poverty.setChips too_small");
    expect(issue({ poverty: { setChips: 99.5 } })).toBe("poverty.setChips invalid_type int");
    expect(issue({ poverty: { setChips: 1e13 } })).toBe("poverty.setChips too_big");
    expect(issue({ poverty: { setChips: Number.NaN } })).toBe(
      "poverty.setChips invalid_type number",
    );
  });

  it("H-5 the special round is on or off; unknown options are refused", () => {
    expect(issue({ specialRound: "yes" })).toBe("specialRound invalid_type boolean");
    expect(issue({ specialRound: true, doubleAfter: "flush" })).toBe(" unrecognized_keys");
    expect(issue({ poverty: { free: 2 } })).toBe("poverty unrecognized_keys");
    expect(issue({ poverty: 2 })).toBe("poverty invalid_type object");
  });

  it("what the schema gives, the engine takes (createTable)", () => {
    const home = homeGameOptionsSchema.parse({ endsAt: ENDS_AT, poverty: {}, specialRound: true });
    const hand = { game: "holdem", betting: "fixed-limit", smallBlind: 1, bigBlind: 2 } as const;
    const created = createTable({ hand, seatCount: 6, minBuyIn: 40, maxBuyIn: 200, home });
    if (!created.ok) throw new Error(created.error.code);
    expect(created.state.config.home).toEqual({
      endsAt: ENDS_AT,
      poverty: { freeSets: 2, setChips: 200 },
      specialRound: true,
    });
  });
});
