import { describe, expect, it } from "vitest";
import { buyInText, countdown, duration, ordinal, placeName } from "./format";

describe("tournament formatting", () => {
  it("says places as ordinals, the teens included", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "101st",
      "111th",
    ]);
  });

  it("writes a shared place as a range", () => {
    expect(placeName({ from: 3, to: 3 })).toBe("3rd");
    expect(placeName({ from: 5, to: 6 })).toBe("5th–6th");
  });

  it("counts down in m:ss, with hours when there are any, never below zero", () => {
    expect(countdown(245_000)).toBe("4:05");
    expect(countdown(3_723_000)).toBe("1:02:03");
    expect(countdown(400)).toBe("0:01");
    expect(countdown(-5)).toBe("0:00");
  });

  it("says level lengths in the largest whole unit", () => {
    expect(duration(15 * 60_000)).toBe("15 min");
    expect(duration(90_000)).toBe("90 s");
    expect(duration(30_000)).toBe("30 s");
    expect(duration(90 * 60_000)).toBe("1 h 30 min");
    expect(duration(2 * 3_600_000)).toBe("2 h");
  });

  it("writes a buy-in as prize part + fee", () => {
    expect(buyInText(1_000, 100)).toBe("1,000 + 100");
  });
});
