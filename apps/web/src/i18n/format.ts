/**
 * Numbers, places, durations, times and game names as the viewer's language
 * writes them: numbers and dates through `Intl`, words through the
 * `common.format` messages. `useFormat()` in components; `formatWith` is the
 * pure core, tested with any catalogue.
 */
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import type { Locale } from "./locales";

type FormatMessages = ReturnType<typeof useTranslations<"common.format">>;

export type Format = ReturnType<typeof formatWith>;

export function formatWith(locale: Locale, t: FormatMessages) {
  const number = new Intl.NumberFormat(locale);
  const time = new Intl.DateTimeFormat(locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  });
  const chips = (amount: number) => number.format(amount);
  const ordinal = (n: number) => t("ordinal", { n });
  return {
    chips,
    /** "1st", "22nd" / "1-е": a finishing place. */
    ordinal,
    /** Players busted in the same hand share a place range ("5th–6th"). */
    placeName: (place: { from: number; to: number }) =>
      place.from === place.to
        ? ordinal(place.from)
        : t("placeRange", { from: ordinal(place.from), to: ordinal(place.to) }),
    /** A countdown as a clock face reads it, the same in every language: "4:05", "1:02:03". */
    countdown,
    /** A level's length in words: "15 min", "90 s", "1 h 30 min". */
    duration: (ms: number) => {
      const s = Math.round(ms / 1000);
      if (s < 60 || s % 60 !== 0) return t("seconds", { s });
      const minutes = s / 60;
      if (minutes < 60) return t("minutes", { m: minutes });
      const h = Math.floor(minutes / 60);
      const m = minutes % 60;
      return m === 0 ? t("hours", { h }) : t("hoursMinutes", { h, m });
    },
    /** Tournament buy-ins are written prize part + fee, as players know them ("100 + 10"). */
    buyInText: (prize: number, fee: number) => t("buyIn", { prize: chips(prize), fee: chips(fee) }),
    /** A start time in the viewer's own time zone: "Sat, 14 Jun, 19:30". */
    startTime: (epochMs: number) => time.format(epochMs),
    /**
     * "NL Hold'em" / "Холдем NL"; with home options named ("NL Five-card draw · 7–A deck ·
     * deuces wild"). Decks and wild cards are taken by the stake's names ("32",
     * "deuces-and-joker") or the engine's ("7A", "deuces-joker"). A game or betting the
     * catalogue does not know is shown as it is.
     */
    gameName: (game: string, betting: string, options: { deck?: string; wild?: string } = {}) => {
      const known = (key: string) => (t.has(key as never) ? t(key as never) : null);
      // Russian poker is played against the house: it has no betting structure to name.
      if (game === "russian") return known("games.russian") ?? game;
      // Dealer's choice: each game has its own betting, named as it is dealt.
      if (game === "dealers-choice") return known("games.dealers-choice") ?? game;
      const name = t("gameName", {
        game: known(`games.${game}`) ?? game,
        betting: known(`betting.${betting}`) ?? betting,
      });
      const extras = [
        options.deck === "32" || options.deck === "7A" ? t("shortDeck") : null,
        options.wild && options.wild !== "none"
          ? (known(`wild.${options.wild}`) ?? options.wild)
          : null,
      ].filter((part) => part !== null);
      return extras.length === 0
        ? name
        : t("gameWithOptions", { game: name, options: extras.join(" · ") });
    },
  };
}

/** A countdown as a clock face reads it: "4:05", "1:02:03". */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}`
    : `${minutes}:${seconds}`;
}

/** The formats of the viewer's language. */
export function useFormat(): Format {
  const locale = useLocale();
  const t = useTranslations("common.format");
  return useMemo(() => formatWith(locale, t), [locale, t]);
}
