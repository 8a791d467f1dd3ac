"use client";
import type { HandView } from "@felt/engine";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useFormat } from "@/i18n/format";
import { winnerLines } from "./winner-lines";

/** A result stays up at least this long, even when the next hand is dealt sooner. */
const AT_LEAST_MS = 5_000;

type Shown = { handNumber: number; lines: string[]; at: number };

/**
 * "Bob wins 240 with a flush": the hand's result over the felt, from the end
 * of the hand until the next one is dealt, and never for less than a few
 * seconds (the room deals the next hand after a short pause). Announced politely.
 */
export function WinnerBanner({
  hand,
  handNumber,
  nameOf,
}: {
  hand: HandView;
  handNumber: number;
  nameOf: (seat: number) => string;
}) {
  const t = useTranslations("table.result");
  const log = useTranslations("table.log");
  const locale = useLocale();
  const { chips } = useFormat();
  const [shown, setShown] = useState<Shown | null>(null);
  const over = hand.phase === "complete";

  const lines = over
    ? winnerLines(hand.awards).map((line) => {
        const amount = chips(line.amount);
        const handName = line.category ? log(`categories.${line.category}`) : null;
        if (line.seats.length === 1) {
          const name = nameOf(line.seats[0] ?? 0);
          return handName
            ? t("winsWith", { name, amount, hand: handName })
            : t("wins", { name, amount });
        }
        const names = new Intl.ListFormat(locale, { type: "conjunction" }).format(
          line.seats.map(nameOf),
        );
        return handName
          ? t("splitWith", { names, amount, hand: handName })
          : t("split", { names, amount });
      })
    : [];
  const text = lines.join("\n");

  // The last result is kept a while after its hand gives way to the next.
  useEffect(() => {
    if (over && text)
      setShown((old) =>
        old?.handNumber === handNumber && old.lines.join("\n") === text
          ? old
          : { handNumber, lines: text.split("\n"), at: Date.now() },
      );
  }, [over, handNumber, text]);
  const stale = shown !== null && !(over && shown.handNumber === handNumber);
  useEffect(() => {
    if (!stale) return;
    const left = (shown?.at ?? 0) + AT_LEAST_MS - Date.now();
    const timer = window.setTimeout(() => setShown(null), Math.max(0, left));
    return () => window.clearTimeout(timer);
  }, [stale, shown]);

  const showing = over && text ? text.split("\n") : (shown?.lines ?? []);
  return (
    // Always there (empty when there is nothing to say), so that assistive tools hear it change.
    <div className="winner-banner" role="status" data-testid="winner-banner">
      {showing.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
