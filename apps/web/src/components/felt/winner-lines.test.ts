import type { Category, PotAward } from "@felt/protocol";
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "@/i18n/messages";
import { winnerLines } from "./winner-lines";

const share = (seat: number, amount: number, category: Category | null = null) => ({
  seat,
  amount,
  hand: category ? { category, cards: [] } : null,
});
const award = (pot: number, winners: ReturnType<typeof share>[]): PotAward => ({
  pot,
  amount: winners.reduce((sum, w) => sum + w.amount, 0),
  eligible: winners.map((w) => w.seat),
  winners,
});

describe("the result banner's lines", () => {
  it("one winner of one pot: his share and his hand", () => {
    expect(winnerLines([award(0, [share(2, 240, "flush")])])).toEqual([
      { seats: [2], amount: 240, category: "flush" },
    ]);
  });

  it("pots won by the same player with the same hand are one line; another winner is another", () => {
    const awards = [
      award(0, [share(3, 300, "full-house")]),
      award(1, [share(3, 80, "full-house")]),
      award(2, [share(1, 50, "straight")]),
    ];
    expect(winnerLines(awards)).toEqual([
      { seats: [3], amount: 380, category: "full-house" },
      { seats: [1], amount: 50, category: "straight" },
    ]);
  });

  it("a split pot names each winner, and its amount is what they share", () => {
    expect(winnerLines([award(0, [share(5, 121, "two-pair"), share(2, 120, "two-pair")])])).toEqual(
      [{ seats: [2, 5], amount: 241, category: "two-pair" }],
    );
  });

  it("a pot won without a showdown has no hand", () => {
    expect(winnerLines([award(0, [share(4, 30)])])).toEqual([
      { seats: [4], amount: 30, category: null },
    ]);
  });

  it("reads in English and Russian", () => {
    const words = (locale: "en" | "ru") => ({
      t: createTranslator({ locale, messages: CATALOGUES[locale], namespace: "table.result" }),
      log: createTranslator({ locale, messages: CATALOGUES[locale], namespace: "table.log" }),
    });
    const en = words("en");
    const ru = words("ru");
    expect(en.t("winsWith", { name: "Bob", amount: "240", hand: en.log("categories.flush") })).toBe(
      "Bob wins 240 with a flush",
    );
    expect(ru.t("winsWith", { name: "Боб", amount: "240", hand: ru.log("categories.flush") })).toBe(
      "Боб выигрывает 240: флеш",
    );
    expect(en.t("split", { names: "Bob and Ann", amount: "240" })).toBe("Bob and Ann split 240");
    expect(
      ru.t("splitWith", {
        names: "Боб и Анна",
        amount: "240",
        hand: ru.log("categories.straight"),
      }),
    ).toBe("Боб и Анна делят 240: стрит");
  });
});
