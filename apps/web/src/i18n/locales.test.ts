import { describe, expect, it } from "vitest";
import { pickLocale } from "./locales";

describe("the language of a request", () => {
  it("follows the switch's cookie first", () => {
    expect(pickLocale("ru", "en-US,en;q=0.9")).toBe("ru");
    expect(pickLocale("en", "ru-RU,ru;q=0.9")).toBe("en");
  });

  it("else the browser's Accept-Language, by preference", () => {
    expect(pickLocale(undefined, "ru-RU,ru;q=0.9,en-US;q=0.8")).toBe("ru");
    expect(pickLocale(undefined, "de-DE,de;q=0.9,ru;q=0.5,en;q=0.4")).toBe("ru");
    expect(pickLocale(undefined, "en-GB,ru;q=0.3")).toBe("en");
    expect(pickLocale(undefined, "uk-UA")).toBe("en");
  });

  it("else English, whatever a bad cookie or header says", () => {
    expect(pickLocale(undefined, null)).toBe("en");
    expect(pickLocale("xx", null)).toBe("en");
    expect(pickLocale(undefined, "***;;q=abc")).toBe("en");
    expect(pickLocale(undefined, "")).toBe("en");
  });
});
