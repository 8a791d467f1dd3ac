"use client";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { type Format, useFormat } from "@/i18n/format";
import { useRemaining } from "@/lib/use-countdown";
import type { Tournament } from "./use-tournament";

type Clock = NonNullable<Tournament["clock"]>;
type AnteKind = Tournament["structure"]["anteKind"];
type Blinds = { smallBlind: number; bigBlind: number; ante: number };

/** "100/200, BB ante 200": a big-blind ante is one ante the big blind posts for the table. */
function blindsText(
  level: Blinds,
  anteKind: AnteKind,
  f: Format,
  tr: ReturnType<typeof useTranslations<"tournament.blinds">>,
): string {
  const values = {
    small: f.chips(level.smallBlind),
    big: f.chips(level.bigBlind),
    ante: f.chips(level.ante),
  };
  if (level.ante === 0) return tr("plain", values);
  return tr(anteKind === "big-blind" ? "bigBlindAnte" : "ante", values);
}

/**
 * The tournament clock: the level and its blinds, and the time to the next
 * level (or, on a break, to the restart and the blinds it brings).
 * `measuredAt` is when the server's reading arrived; the countdown runs on from it.
 */
export function LevelClock({
  clock,
  anteKind,
  measuredAt,
  paused = false,
}: {
  clock: Clock;
  anteKind: AnteKind;
  measuredAt: number;
  /** MT-3: the director stopped the clock; the countdown stands still. */
  paused?: boolean;
}) {
  const tr = useTranslations("tournament.clock");
  const trBlinds = useTranslations("tournament.blinds");
  const f = useFormat();
  const blinds = (level: Blinds) => blindsText(level, anteKind, f, trBlinds);
  const countdown = (chunks: ReactNode) => <strong className="countdown">{chunks}</strong>;
  const running = useRemaining(paused ? null : clock.remainingMs, measuredAt);
  const left = paused ? clock.remainingMs : running;
  if (clock.onBreak) {
    return (
      <p className="level-clock" data-testid="level-clock">
        <span className="badge badge-break">{tr("onBreak")}</span>
        {left !== null && (
          <span>{tr.rich("resumesIn", { left: f.countdown(left), countdown })}</span>
        )}
        {clock.nextLevel && (
          <span className="muted">
            {tr("levelWithBlinds", {
              level: String(clock.levelNumber + 1),
              blinds: blinds(clock.nextLevel),
            })}
          </span>
        )}
      </p>
    );
  }
  return (
    <p className="level-clock" data-testid="level-clock">
      <strong>{tr("level", { level: String(clock.levelNumber) })}</strong>
      <span>{tr("blinds", { blinds: blinds(clock) })}</span>
      {left !== null ? (
        <span>{tr.rich("nextLevelIn", { left: f.countdown(left), countdown })}</span>
      ) : (
        <span className="muted">{tr("lastLevel")}</span>
      )}
      {clock.nextLevel && (
        <span className="muted">{tr("next", { blinds: blinds(clock.nextLevel) })}</span>
      )}
    </p>
  );
}
