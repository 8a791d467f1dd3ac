import { DEALERS_CHOICE_GAMES, DEALERS_CHOICE_NAMES } from "@felt/protocol";
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { describeEvent } from "@/components/table/describe-event";
import type { Locale } from "@/i18n/locales";
import { CATALOGUES } from "@/i18n/messages";
import { localGameName } from "./game-names";

const games = (locale: Locale) =>
  createTranslator({ locale, messages: CATALOGUES[locale], namespace: "table.games" });

describe("dealer's choice game names", () => {
  it("every game of the catalogue has a name in English and in Russian, by its id", () => {
    for (const game of DEALERS_CHOICE_GAMES) {
      expect(localGameName(games("en"), DEALERS_CHOICE_NAMES[game])).toBe(
        DEALERS_CHOICE_NAMES[game],
      );
    }
    expect(localGameName(games("ru"), DEALERS_CHOICE_NAMES["holdem-nl"])).toBe("Холдем NL");
    expect(localGameName(games("ru"), DEALERS_CHOICE_NAMES["draw-joker"])).toBe("Дро с джокером");
  });

  it("a name not in the catalogue is shown as it came", () => {
    expect(localGameName(games("ru"), "Razz")).toBe("Razz");
  });

  it("the hand log words the chosen game in the viewer's language", () => {
    const t = createTranslator({ locale: "ru", messages: CATALOGUES.ru, namespace: "table.log" });
    const event = { type: "gameChosen", seat: 1, game: 0, name: "Omaha PL", by: "chooser" };
    const line = describeEvent(
      event as never,
      () => "Алиса",
      t,
      String,
      (name) => localGameName(games("ru"), name),
    );
    expect(line).toContain("Омаха PL");
    expect(line).not.toContain("Omaha");
  });
});
