import { describe, expect, it } from "vitest";
import { stakesLine } from "./stakes";

describe("a table's stakes as its players count them (issue 48, bug 16)", () => {
  it("fixed limit shows the bet sizes, Russian poker the ANTE range, the rest the blinds", () => {
    const base = { game: "holdem", smallBlind: 1, bigBlind: 2 };
    expect(stakesLine({ ...base, betting: "fixed-limit", smallBet: 2, bigBet: 4 })).toEqual({
      kind: "blinds",
      small: 2,
      big: 4,
      ante: 0,
    });
    expect(stakesLine({ ...base, betting: "fixed-limit" })).toMatchObject({ small: 2, big: 4 });
    expect(stakesLine({ ...base, betting: "no-limit", ante: 1 })).toEqual({
      kind: "blinds",
      small: 1,
      big: 2,
      ante: 1,
    });
    expect(
      stakesLine({ game: "russian", betting: "no-limit", smallBlind: 5, bigBlind: 50 }),
    ).toEqual({ kind: "anteRange", min: 5, max: 50 });
  });

  it("ST-2 ST-4 stud shows its bet sizes, ante and bring-in (the small blind unless the stake names one)", () => {
    const stud = { game: "stud7", betting: "fixed-limit", smallBlind: 1, bigBlind: 2, ante: 1 };
    expect(stakesLine(stud)).toEqual({ kind: "stud", small: 2, big: 4, ante: 1, bringIn: 1 });
    expect(stakesLine({ ...stud, game: "stud5", smallBet: 4, bigBet: 8, bringIn: 2 })).toEqual({
      kind: "stud",
      small: 4,
      big: 8,
      ante: 1,
      bringIn: 2,
    });
  });
});
