"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { errorMessage } from "@/lib/errors";
import { buyInText, chips, startTime } from "@/lib/format";
import { useTRPC } from "@/lib/trpc";
import { StatusBadge } from "./status-badge";

/** The lobby's tournaments, soonest first; each row opens the tournament's own page. */
export function TournamentList() {
  const trpc = useTRPC();
  // Entries and pools grow as players register; a slow refresh keeps the counts honest.
  const tournaments = useQuery({
    ...trpc.lobby.tournaments.queryOptions(),
    refetchInterval: 10_000,
  });
  return (
    <section aria-labelledby="mtt-heading">
      <h1 id="mtt-heading">Tournaments</h1>
      {tournaments.isPending && <p className="muted">Loading tournaments…</p>}
      {tournaments.isError && (
        <p role="alert" className="error">
          Could not load the tournaments: {errorMessage(tournaments.error)}
        </p>
      )}
      {tournaments.data?.length === 0 && <p className="muted">No tournaments scheduled.</p>}
      {tournaments.data && tournaments.data.length > 0 && (
        <table className="lobby-table tournament-table">
          <thead>
            <tr>
              <th scope="col">Tournament</th>
              <th scope="col">Starts</th>
              <th scope="col">Buy-in</th>
              <th scope="col">Entries</th>
              <th scope="col">Prize pool</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {tournaments.data.map((t) => (
              <tr key={t.id} data-testid="tournament-row">
                <td>
                  <Link href={`/tournament/${t.id}`}>{t.name}</Link>
                </td>
                <td>
                  <time dateTime={new Date(t.startsAt).toISOString()}>{startTime(t.startsAt)}</time>
                </td>
                <td>{buyInText(t.buyIn, t.fee)}</td>
                <td>{chips(t.entries)}</td>
                <td>{chips(t.prizePool)}</td>
                <td>
                  <StatusBadge status={t.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
