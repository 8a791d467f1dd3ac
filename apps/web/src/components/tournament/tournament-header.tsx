"use client";
import { useLocale, useTranslations } from "next-intl";
import { useFormat } from "@/i18n/format";
import { textsFor } from "@/lib/tournament-texts";
import { useUntil } from "@/lib/use-countdown";
import { DirectorControls } from "./director-controls";
import { LevelClock } from "./level-clock";
import { StatusBadge } from "./status-badge";
import type { Tournament } from "./use-tournament";

/** Name, status and the one line a player checks first: when it starts, or where the blinds are. */
export function TournamentHeader({ t, measuredAt }: { t: Tournament; measuredAt: number }) {
  const tr = useTranslations("tournament.header");
  const games = useTranslations("tournament.games");
  const f = useFormat();
  const { name, description } = textsFor(t, useLocale());
  const beforeStart = t.status === "registering";
  const chipsInPlay = t.tables.reduce((sum, table) => sum + table.chips, 0);
  return (
    <header className="tournament-header">
      <div className="title-row">
        <h1>{name}</h1>
        <StatusBadge status={t.status} />
        {t.handForHand && (
          <span className="badge badge-hand-for-hand" title={tr("handForHandTitle")}>
            {tr("handForHand")}
          </span>
        )}
        {t.paused && (
          <span className="badge badge-break" data-testid="paused" title={tr("pausedTitle")}>
            {tr("paused")}
          </span>
        )}
      </div>
      {description && <p className="tournament-description">{description}</p>}
      <DirectorControls t={t} />
      {beforeStart &&
        (t.sitAndGo ? <SeatsToFill t={t} seats={t.sitAndGo.seats} /> : <StartsAt t={t} />)}
      {t.private && (
        <p className="muted" data-testid="private-sng">
          {tr("private")}
        </p>
      )}
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
          {t.startedAt !== null
            ? tr("cancelledAfterStart")
            : t.cancelledReason
              ? tr("cancelledWithReason", { reason: reasonText(t, tr) })
              : tr("cancelled")}
        </p>
      )}
      <dl className="stats">
        <div>
          <dt>{tr("game")}</dt>
          <dd data-testid="tournament-game">{games(t.game)}</dd>
        </div>
        <div>
          <dt>{tr("clock")}</dt>
          <dd data-testid="tournament-clock">
            {tr("clockValue", {
              action: f.duration(t.actionSeconds * 1000),
              bank: f.duration(t.timeBankSeconds * 1000),
            })}
          </dd>
        </div>
        <div>
          <dt>{tr("entries")}</dt>
          <dd data-testid="entries">{f.chips(t.entries)}</dd>
        </div>
        {t.status === "running" && (
          <div>
            <dt>{tr("playersLeft")}</dt>
            <dd>{f.chips(t.alive)}</dd>
          </div>
        )}
        <div>
          <dt>{tr("prizePool")}</dt>
          <dd data-testid="prize-pool">{f.chips(t.prizePool)}</dd>
        </div>
        {t.status === "running" && t.alive > 0 && (
          <div>
            <dt>{tr("averageStack")}</dt>
            <dd>{f.chips(Math.round(chipsInPlay / t.alive))}</dd>
          </div>
        )}
      </dl>
    </header>
  );
}

/** The API gives the reason as a code (MT-1: too few entrants at the start; or the director's cancel). */
function reasonText(t: Tournament, tr: ReturnType<typeof useTranslations<"tournament.header">>) {
  return t.cancelledReason === "min_field"
    ? tr("reasons.min_field", { count: t.minEntrants })
    : tr("reasons.director");
}

/** H-7: a sit-and-go has no start time; it starts as its last seat is taken. */
function SeatsToFill({ t, seats }: { t: Tournament; seats: number }) {
  const tr = useTranslations("tournament.header");
  return (
    <p className="starts-at" data-testid="sng-seats">
      {tr.rich("sitAndGoSeats", {
        taken: t.entries,
        seats,
        count: (chunks) => <strong>{chunks}</strong>,
      })}
    </p>
  );
}

function StartsAt({ t }: { t: Tournament }) {
  const tr = useTranslations("tournament.header");
  const f = useFormat();
  const left = useUntil(t.startsAt);
  return (
    <p className="starts-at">
      {tr.rich("starts", {
        time: f.startTime(t.startsAt),
        when: (chunks) => (
          <time dateTime={new Date(t.startsAt).toISOString()}>
            <strong>{chunks}</strong>
          </time>
        ),
      })}
      {left !== null && left > 0 ? (
        <>
          {" "}
          {tr.rich("startsIn", {
            left: f.countdown(left),
            countdown: (chunks) => <strong className="countdown">{chunks}</strong>,
          })}
        </>
      ) : (
        ` ${tr("starting")}`
      )}
      {t.entries < t.minEntrants && (
        <span className="muted"> {tr("needsPlayers", { count: t.minEntrants })}</span>
      )}
    </p>
  );
}
