"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { useErrors } from "@/lib/errors";
import { DealPanel } from "./deal-panel";
import { DrawsSection } from "./draws-section";
import { FinalStandings } from "./final-standings";
import { DetailsSection, PayoutsSection } from "./payouts-section";
import { PlayersSection } from "./players-section";
import { StructureSection } from "./structure-section";
import { TablesSection } from "./tables-section";
import { TournamentHeader } from "./tournament-header";
import { type Tournament, useTournament } from "./use-tournament";
import { YourEntry } from "./your-entry";

/** A tournament's own page: the lobby entry a player registers from and follows it by. */
export function TournamentPage({ id }: { id: string }) {
  const tr = useTranslations("tournament.page");
  const errors = useErrors();
  // A private sit-and-go's page opens from its link, /tournament/<id>#invite=<token> (H-7).
  const invite = useInviteToken(id);
  const query = useTournament(id, invite ?? null, invite !== undefined);
  const t = query.data;
  useTakenToYourTable(t);
  if (!t) {
    if (query.isPending) return <p className="muted">{tr("loading")}</p>;
    return (
      <p role="alert" className="error">
        {errors.message(query.error)} <Link href="/?tab=tournaments">{tr("back")}</Link>
      </p>
    );
  }
  return (
    <div className="tournament-page" data-testid="tournament-page">
      <Link href="/?tab=tournaments">{tr("backArrow")}</Link>
      <TournamentHeader t={t} measuredAt={query.dataUpdatedAt} />
      {/* A poll that fails keeps the last good view up, with a word that it may be stale. */}
      {query.isError && (
        <p role="status" className="muted">
          {tr("refreshError", { error: errors.message(query.error) })}
        </p>
      )}
      {/* A cancel after the start pays the pool out too (the director's split). */}
      {(t.status === "finished" || (t.status === "cancelled" && t.startedAt !== null)) && (
        <FinalStandings t={t} />
      )}
      <DealPanel t={t} />
      <YourEntry t={t} invite={invite ?? null} />
      <div className="tournament-sections">
        <PlayersSection t={t} />
        <TablesSection t={t} />
        {/* A tournament cancelled before its start refunded everyone: there are no prizes. */}
        {(t.status !== "cancelled" || t.startedAt !== null) && <PayoutsSection t={t} />}
        <StructureSection t={t} />
        <DetailsSection t={t} />
        <DrawsSection t={t} />
      </div>
    </div>
  );
}

/**
 * When the tournament starts (or a late entry is seated) while its player
 * watches this page, he is taken to his table, so his first clock does not
 * run down here. A player who opens the page while already seated stays.
 */
function useTakenToYourTable(t: Tournament | undefined): void {
  const router = useRouter();
  const seen = useRef<{ tableId: string | null } | null>(null);
  const tableId = t?.status === "running" ? (t.you?.tableId ?? null) : null;
  useEffect(() => {
    if (!t) return;
    const before = seen.current;
    seen.current = { tableId };
    if (before && before.tableId === null && tableId !== null) router.push(`/table/${tableId}`);
  }, [t, tableId, router]);
}

/** Session storage: a private sit-and-go's invite token, kept while its guest signs in. */
const INVITE_KEY = (id: string) => `felt.sngInvite.${id}`;
const INVITE = /(?:^#|&)invite=([A-Za-z0-9_-]{43})(?:&|$)/;

/**
 * The invite token of a private sit-and-go's link (H-7). It rides in the fragment, which
 * browsers never send, so no web server's or proxy's log sees it; a guest sent to sign in
 * first finds it again in this tab's session storage. Undefined until the page has read it.
 */
function useInviteToken(id: string): string | null | undefined {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const read = () => {
      const fromLink = INVITE.exec(window.location.hash)?.[1] ?? null;
      if (fromLink) sessionStorage.setItem(INVITE_KEY(id), fromLink);
      setToken(fromLink ?? sessionStorage.getItem(INVITE_KEY(id)));
    };
    read();
    // A link followed from this same page changes only the fragment.
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, [id]);
  return token;
}
