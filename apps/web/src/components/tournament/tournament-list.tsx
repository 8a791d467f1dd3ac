"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useFormat } from "@/i18n/format";
import { useErrors } from "@/lib/errors";
import { textsFor } from "@/lib/tournament-texts";
import { useTRPC } from "@/lib/trpc";
import { SitAndGoList } from "./sit-and-go-list";
import { StatusBadge } from "./status-badge";

/** The lobby's tournaments, soonest first; each row opens the tournament's own page. */
export function TournamentList() {
  const tr = useTranslations("tournament.list");
  const games = useTranslations("tournament.games");
  const locale = useLocale();
  const f = useFormat();
  const errors = useErrors();
  const trpc = useTRPC();
  // Entries and pools grow as players register; a slow refresh keeps the counts honest.
  const query = useQuery({
    ...trpc.lobby.tournaments.queryOptions(),
    refetchInterval: 10_000,
  });
  // Sit-and-gos (H-7) have no start time: their own list follows (sit-and-go-list.tsx).
  const scheduled = query.data?.filter((t) => t.kind !== "sit-and-go");
  const tournaments = { ...query, data: scheduled };
  return (
    <section aria-labelledby="mtt-heading">
      <h1 id="mtt-heading">{tr("heading")}</h1>
      {tournaments.isPending && <p className="muted">{tr("loading")}</p>}
      {tournaments.isError && (
        <p role="alert" className="error">
          {tr("loadError", { error: errors.message(tournaments.error) })}
        </p>
      )}
      {tournaments.data?.length === 0 && <p className="muted">{tr("empty")}</p>}
      {tournaments.data && tournaments.data.length > 0 && (
        <table className="lobby-table tournament-table">
          <thead>
            <tr>
              <th scope="col">{tr("columns.tournament")}</th>
              <th scope="col">{tr("columns.game")}</th>
              <th scope="col">{tr("columns.starts")}</th>
              <th scope="col">{tr("columns.buyIn")}</th>
              <th scope="col">{tr("columns.entries")}</th>
              <th scope="col">{tr("columns.prizePool")}</th>
              <th scope="col">{tr("columns.status")}</th>
            </tr>
          </thead>
          <tbody>
            {tournaments.data.map((t) => (
              <tr key={t.id} data-testid="tournament-row">
                <td>
                  <Link href={`/tournament/${t.id}`}>{textsFor(t, locale).name}</Link>
                </td>
                <td data-testid="tournament-game">{games(t.game)}</td>
                <td>
                  <time dateTime={new Date(t.startsAt).toISOString()}>
                    {f.startTime(t.startsAt)}
                  </time>
                </td>
                <td>{f.buyInText(t.buyIn, t.fee)}</td>
                <td>{f.chips(t.entries)}</td>
                <td>{f.chips(t.prizePool)}</td>
                <td>
                  <StatusBadge status={t.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <SitAndGoList />
    </section>
  );
}
