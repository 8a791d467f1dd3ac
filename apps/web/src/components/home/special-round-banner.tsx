"use client";
/**
 * H-5 above a home game's felt: the special round coming (a full house won
 * the last showdown) or being played, with the hands it has left, this one
 * included. Every viewer sees it; the table's view carries it.
 */
import type { SpecialRoundView } from "@felt/protocol";
import { useTranslations } from "next-intl";

export function SpecialRoundBanner({ round }: { round: SpecialRoundView }) {
  const t = useTranslations("home.bar");
  return (
    <p
      className="special-round-banner"
      role="status"
      data-testid="special-round"
      data-status={round.status}
    >
      {round.status === "playing" && round.handsLeft !== null
        ? t("specialPlaying", { left: round.handsLeft })
        : t("specialDue")}
    </p>
  );
}
