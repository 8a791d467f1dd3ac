import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { formatWith } from "./format";
import type { Locale } from "./locales";
import { CATALOGUES } from "./messages";

const formatIn = (locale: Locale) =>
  formatWith(
    locale,
    createTranslator({ locale, messages: CATALOGUES[locale], namespace: "common.format" }),
  );
const en = formatIn("en");
const ru = formatIn("ru");

describe("formats by language", () => {
  it("says places as ordinals, the teens included", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(en.ordinal)).toEqual([
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
    expect([1, 2, 3, 11, 21].map(ru.ordinal)).toEqual(["1-е", "2-е", "3-е", "11-е", "21-е"]);
  });

  it("writes a shared place as a range", () => {
    expect(en.placeName({ from: 3, to: 3 })).toBe("3rd");
    expect(en.placeName({ from: 5, to: 6 })).toBe("5th–6th");
    expect(ru.placeName({ from: 5, to: 6 })).toBe("5-е–6-е");
  });

  it("groups chips as the language does", () => {
    expect(en.chips(1_234_567)).toBe("1,234,567");
    // Russian groups with a no-break space.
    expect(ru.chips(1_234_567)).toBe("1\u00a0234\u00a0567");
    expect(en.buyInText(1_000, 100)).toBe("1,000 + 100");
  });

  it("counts down in m:ss, with hours when there are any, never below zero", () => {
    expect(en.countdown(245_000)).toBe("4:05");
    expect(en.countdown(3_723_000)).toBe("1:02:03");
    expect(en.countdown(400)).toBe("0:01");
    expect(en.countdown(-5_000)).toBe("0:00");
  });

  it("says a level's length in words", () => {
    expect([90_000, 900_000, 3_600_000, 5_400_000].map(en.duration)).toEqual([
      "90 s",
      "15 min",
      "1 h",
      "1 h 30 min",
    ]);
    expect(ru.duration(5_400_000)).toBe("1 ч 30 мин");
  });

  it("names the games, and shows an unknown one as it is", () => {
    expect(en.gameName("holdem", "no-limit")).toBe("NL Hold'em");
    expect(ru.gameName("omaha", "pot-limit")).toBe("Омаха PL");
    expect(en.gameName("stud", "spread")).toBe("spread stud");
    // C-1 W-1: the home options are named, by the stake's names or the engine's.
    expect(en.gameName("draw", "no-limit", { deck: "32", wild: "deuces" })).toBe(
      "NL Five-card draw · 7–A deck · deuces wild",
    );
    expect(en.gameName("five-card-draw", "fixed-limit", { deck: "7A", wild: "deuces-joker" })).toBe(
      "FL Five-card draw · 7–A deck · deuces and a joker wild",
    );
    expect(ru.gameName("draw", "fixed-limit", { deck: "52", wild: "lowest-in-hand" })).toBe(
      "Пятикарточный дро FL · дикая младшая карта в руке",
    );
    expect(en.gameName("holdem", "no-limit", { deck: "52", wild: "none" })).toBe("NL Hold'em");
  });

  it("writes start times with the language's month and weekday names", () => {
    const june = Date.UTC(2026, 5, 13, 12, 0);
    expect(ru.startTime(june)).toMatch(/июн/);
    expect(en.startTime(june)).toMatch(/Jun/);
  });
});
