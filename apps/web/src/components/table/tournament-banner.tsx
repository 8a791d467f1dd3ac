"use client";
import type { StateMessage } from "@felt/protocol";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { ChipOffers } from "@/components/tournament/chip-offers";
import { DealPanel } from "@/components/tournament/deal-panel";
import { LevelClock } from "@/components/tournament/level-clock";
import {
  type Tournament,
  useEntryActions,
  useTournament,
} from "@/components/tournament/use-tournament";
import { useFormat } from "@/i18n/format";
import { useErrors } from "@/lib/errors";
import { moveTarget } from "@/lib/tournament-moves";
import { textsFor } from "@/lib/tournament-texts";

export type TournamentLink = NonNullable<StateMessage["tournament"]>;

type Props = {
  tableId: string;
  link: TournamentLink;
  /** The socket has you in a seat here. */
  seatedHere: boolean;
  /** You arrived here because the tournament moved you. */
  moved: boolean;
};

/**
 * A tournament table's strip above the felt: which tournament, the level and
 * blinds, your result once you are out, and your rebuy when one is offered.
 * It also takes you along when the tournament moves you to another table.
 */
export function TournamentBanner({ tableId, link, seatedHere, moved }: Props) {
  const query = useTournament(link.id);
  const actions = useEntryActions(link.id);
  const following = useFollowMoves(tableId, query, seatedHere);
  const tr = useTranslations("table.tournament");
  const locale = useLocale();
  const errors = useErrors();
  const t = query.data;
  const you = t?.you ?? null;
  const yourTable = you?.tableId ? t?.tables.find((x) => x.tableId === you.tableId) : undefined;

  return (
    <section className="tournament-banner" aria-label={tr("label")} data-testid="tournament-banner">
      <div className="banner-row">
        <Link href={`/tournament/${link.id}`}>
          <strong>{t ? textsFor(t, locale).name : tr("fallbackName")}</strong>
        </Link>
        <span>{tr("table", { n: link.table })}</span>
        {t?.handForHand && <span className="badge badge-hand-for-hand">{tr("handForHand")}</span>}
        {t?.paused && <span className="badge badge-break">{tr("paused")}</span>}
        {t?.status === "running" && t.clock && (
          <LevelClock
            clock={t.clock}
            anteKind={t.structure.anteKind}
            measuredAt={query.dataUpdatedAt}
            paused={t.paused}
          />
        )}
      </div>
      {moved && <MovedNotice table={link.table} />}
      {you?.tableId && you.tableId !== tableId && !following && (
        <p>
          {tr.rich("watching", {
            n: yourTable?.number ?? "?",
            link: (text) => <Link href={`/table/${you.tableId}`}>{text}</Link>,
          })}
        </p>
      )}
      {t?.deal && <DealPanel t={t} />}
      {t && you?.place && <YourResult t={t} place={you.place} prize={you.prize} />}
      {t && you && (you.canRebuy || you.canAddOn || you.rebuyOffered) && (
        <div className="actions">
          <ChipOffers t={t} actions={actions} />
        </div>
      )}
      {actions.error && (
        <p role="alert" className="error">
          {errors.message(actions.error)}
        </p>
      )}
      {link.closed && !you?.place && (
        <p role="status" data-testid="table-closed">
          {tr("closed")}
          {t?.status === "finished" && ` ${tr("over")}`}
        </p>
      )}
    </section>
  );
}

function YourResult({
  t,
  place,
  prize,
}: {
  t: Tournament;
  place: { from: number; to: number };
  prize: number | null;
}) {
  const tr = useTranslations("table.tournament");
  const { chips, placeName } = useFormat();
  const won = place.from === 1 && place.to === 1;
  const text = won
    ? prize
      ? tr("wonPrize", { prize: chips(prize) })
      : tr("won")
    : prize
      ? tr("finishedPrize", { place: placeName(place), prize: chips(prize) })
      : tr("finished", { place: placeName(place) });
  return (
    <p role="status" className="result" data-testid="tournament-result">
      {text}
      <Link href={`/tournament/${t.id}`}>{tr("seeTournament")}</Link>
    </p>
  );
}

/** Shown for a few seconds after a move: the table changed under you, and this says why. */
function MovedNotice({ table }: { table: number }) {
  const tr = useTranslations("table.tournament");
  const [shown, setShown] = useState(true);
  useEffect(() => {
    // Drop ?moved=1 so a reload does not announce the move again.
    window.history.replaceState(null, "", window.location.pathname);
    const timer = setTimeout(() => setShown(false), 8_000);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <p role="status" className="notice" data-testid="moved-notice">
      {tr("moved", { n: table })}
    </p>
  );
}

/**
 * Takes you to your new table when the tournament moves you (balancing, or
 * this table breaking); see `moveTarget` for when a move counts. Returns
 * whether a move is being followed.
 */
function useFollowMoves(
  tableId: string,
  query: ReturnType<typeof useTournament>,
  seatedHere: boolean,
): boolean {
  const router = useRouter();
  const [openedAt] = useState(() => Date.now());
  const playedHere = useRef(false);
  const yourTable = query.data?.you?.tableId ?? null;
  const fresh = query.dataUpdatedAt >= openedAt;
  const target = moveTarget({
    tableId,
    yourTable,
    fresh,
    playedHere: playedHere.current || seatedHere,
  });
  useEffect(() => {
    if (seatedHere || (fresh && yourTable === tableId)) playedHere.current = true;
    if (target) router.replace(`/table/${encodeURIComponent(target)}?moved=1`);
  }, [seatedHere, fresh, yourTable, tableId, target, router]);
  return target !== null;
}
