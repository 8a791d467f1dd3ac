"use client";
import Link from "next/link";
import { errorMessage } from "@/lib/errors";
import { FinalStandings } from "./final-standings";
import { DetailsSection, PayoutsSection } from "./payouts-section";
import { PlayersSection } from "./players-section";
import { StructureSection } from "./structure-section";
import { TablesSection } from "./tables-section";
import { TournamentHeader } from "./tournament-header";
import { useTournament } from "./use-tournament";
import { YourEntry } from "./your-entry";

/** A tournament's own page: the lobby entry a player registers from and follows it by. */
export function TournamentPage({ id }: { id: string }) {
  const query = useTournament(id);
  const t = query.data;
  if (!t) {
    if (query.isPending) return <p className="muted">Loading the tournament…</p>;
    return (
      <p role="alert" className="error">
        {errorMessage(query.error)} <Link href="/?tab=tournaments">Back to the tournaments</Link>
      </p>
    );
  }
  return (
    <div className="tournament-page" data-testid="tournament-page">
      <Link href="/?tab=tournaments">← Tournaments</Link>
      <TournamentHeader t={t} measuredAt={query.dataUpdatedAt} />
      {/* A poll that fails keeps the last good view up, with a word that it may be stale. */}
      {query.isError && (
        <p role="status" className="muted">
          Could not refresh: {errorMessage(query.error)}
        </p>
      )}
      {t.status === "finished" && <FinalStandings t={t} />}
      <YourEntry t={t} />
      <div className="tournament-sections">
        <PlayersSection t={t} />
        <TablesSection t={t} />
        <PayoutsSection t={t} />
        <StructureSection t={t} />
        <DetailsSection t={t} />
      </div>
    </div>
  );
}
