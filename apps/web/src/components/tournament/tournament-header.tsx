"use client";
import { chips, countdown, startTime } from "@/lib/format";
import { useUntil } from "@/lib/use-countdown";
import { DirectorControls } from "./director-controls";
import { LevelClock } from "./level-clock";
import { StatusBadge } from "./status-badge";
import type { Tournament } from "./use-tournament";

/** Name, status and the one line a player checks first: when it starts, or where the blinds are. */
export function TournamentHeader({ t, measuredAt }: { t: Tournament; measuredAt: number }) {
  const beforeStart = t.status === "registering";
  const chipsInPlay = t.tables.reduce((sum, table) => sum + table.chips, 0);
  return (
    <header className="tournament-header">
      <div className="title-row">
        <h1>{t.name}</h1>
        <StatusBadge status={t.status} />
        {t.handForHand && (
          <span className="badge badge-hand-for-hand" title="Every table plays one hand at a time">
            Hand-for-hand
          </span>
        )}
        {t.paused && (
          <span
            className="badge badge-break"
            data-testid="paused"
            title="No new hands until the director restarts the clock"
          >
            Paused
          </span>
        )}
      </div>
      <DirectorControls t={t} />
      {beforeStart && <StartsAt t={t} />}
      {t.status === "running" && t.clock && (
        <LevelClock
          clock={t.clock}
          anteKind={t.structure.anteKind}
          measuredAt={measuredAt}
          paused={t.paused}
        />
      )}
      {t.status === "cancelled" && (
        <p role="alert" className="banner" data-testid="cancelled-reason">
          This tournament was cancelled
          {t.cancelledReason ? `: ${t.cancelledReason.replace(/\.$/, "")}` : ""}. Every buy-in and
          fee was refunded.
        </p>
      )}
      <dl className="stats">
        <div>
          <dt>Entries</dt>
          <dd data-testid="entries">{chips(t.entries)}</dd>
        </div>
        {t.status === "running" && (
          <div>
            <dt>Players left</dt>
            <dd>{chips(t.alive)}</dd>
          </div>
        )}
        <div>
          <dt>Prize pool</dt>
          <dd data-testid="prize-pool">{chips(t.prizePool)}</dd>
        </div>
        {t.status === "running" && t.alive > 0 && (
          <div>
            <dt>Average stack</dt>
            <dd>{chips(Math.round(chipsInPlay / t.alive))}</dd>
          </div>
        )}
      </dl>
    </header>
  );
}

function StartsAt({ t }: { t: Tournament }) {
  const left = useUntil(t.startsAt);
  return (
    <p className="starts-at">
      Starts{" "}
      <time dateTime={new Date(t.startsAt).toISOString()}>
        <strong>{startTime(t.startsAt)}</strong>
      </time>
      {left !== null && left > 0 ? (
        <>
          {" "}
          · in <strong className="countdown">{countdown(left)}</strong>
        </>
      ) : (
        " · starting…"
      )}
      {t.entries < t.minEntrants && (
        <span className="muted"> · needs at least {t.minEntrants} players to start</span>
      )}
    </p>
  );
}
