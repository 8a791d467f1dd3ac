"use client";
import { chips, countdown } from "@/lib/format";
import { useRemaining } from "@/lib/use-countdown";
import type { Tournament } from "./use-tournament";

type Clock = NonNullable<Tournament["clock"]>;
type AnteKind = Tournament["structure"]["anteKind"];
type Blinds = { smallBlind: number; bigBlind: number; ante: number };

/** "100/200, BB ante 200": a big-blind ante is one ante the big blind posts for the table. */
export function blindsText(level: Blinds, anteKind: AnteKind): string {
  const blinds = `${chips(level.smallBlind)}/${chips(level.bigBlind)}`;
  if (level.ante === 0) return blinds;
  return `${blinds}, ${anteKind === "big-blind" ? "BB ante" : "ante"} ${chips(level.ante)}`;
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
  const running = useRemaining(paused ? null : clock.remainingMs, measuredAt);
  const left = paused ? clock.remainingMs : running;
  if (clock.onBreak) {
    return (
      <p className="level-clock" data-testid="level-clock">
        <span className="badge badge-break">On break</span>
        {left !== null && (
          <span>
            Play resumes in <strong className="countdown">{countdown(left)}</strong>
          </span>
        )}
        {clock.nextLevel && (
          <span className="muted">
            Level {clock.levelNumber + 1}: {blindsText(clock.nextLevel, anteKind)}
          </span>
        )}
      </p>
    );
  }
  return (
    <p className="level-clock" data-testid="level-clock">
      <strong>Level {clock.levelNumber}</strong>
      <span>Blinds {blindsText(clock, anteKind)}</span>
      {left !== null ? (
        <span>
          Next level in <strong className="countdown">{countdown(left)}</strong>
        </span>
      ) : (
        <span className="muted">Last level</span>
      )}
      {clock.nextLevel && (
        <span className="muted">Next: {blindsText(clock.nextLevel, anteKind)}</span>
      )}
    </p>
  );
}
