"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useFormat } from "@/i18n/format";
import { useErrors } from "@/lib/errors";
import { textsFor } from "@/lib/tournament-texts";
import { useTRPC } from "@/lib/trpc";
import { StatusBadge } from "./status-badge";
import { useEntryActions } from "./use-tournament";

/**
 * The lobby's sit-and-gos (H-7): each starts when its seats are taken, so
 * the row shows seats taken of seats instead of a start time. A public one
 * that starts is replaced at once by a fresh one of the same kind, which
 * shows up here on the next refresh.
 */
export function SitAndGoList() {
  const tr = useTranslations("tournament.sitAndGo");
  const columns = useTranslations("tournament.list.columns");
  const games = useTranslations("tournament.games");
  const locale = useLocale();
  const f = useFormat();
  const trpc = useTRPC();
  // The same query as the tournaments' list (one request): seats fill as players register.
  const tournaments = useQuery({
    ...trpc.lobby.tournaments.queryOptions(),
    refetchInterval: 10_000,
  });
  const rows = (tournaments.data ?? []).filter((t) => t.kind === "sit-and-go");
  if (!tournaments.data) return null;
  return (
    <section aria-labelledby="sng-heading" data-testid="sng-list">
      <h2 id="sng-heading">{tr("heading")}</h2>
      <p className="muted">{tr("explain")}</p>
      {rows.length === 0 && <p className="muted">{tr("empty")}</p>}
      {rows.length > 0 && (
        <table className="lobby-table sng-table">
          <thead>
            <tr>
              <th scope="col">{columns("tournament")}</th>
              <th scope="col">{columns("game")}</th>
              <th scope="col">{columns("buyIn")}</th>
              <th scope="col">{tr("seats")}</th>
              <th scope="col">{columns("status")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((t) => (
              <tr key={t.id} data-testid="sng-row">
                <td>
                  <Link href={`/tournament/${t.id}`}>{textsFor(t, locale).name}</Link>
                  {t.status === "registering" && (
                    <SitAndGoEntry id={t.id} name={textsFor(t, locale).name} />
                  )}
                </td>
                <td>{games(t.game)}</td>
                <td>{f.buyInText(t.buyIn, t.fee)}</td>
                <td
                  data-testid="sng-seats-taken"
                  aria-label={tr("seatsTaken", { taken: t.entries, seats: t.seats ?? 0 })}
                >
                  {t.entries}/{t.seats}
                </td>
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

/**
 * Register or unregister from the lobby row itself (MT-1: leaving before it
 * fills refunds buy-in and fee). Shown to a signed-in player only: the
 * tournament's `you` says what he may do.
 */
function SitAndGoEntry({ id, name }: { id: string; name: string }) {
  const tr = useTranslations("tournament.entry");
  const trpc = useTRPC();
  const errors = useErrors();
  const view = useQuery({ ...trpc.tournaments.get.queryOptions({ id }), refetchInterval: 10_000 });
  const actions = useEntryActions(id);
  const you = view.data?.you;
  if (!you || !(you.canRegister || you.canUnregister)) return null;
  return (
    <div className="sng-entry">
      {you.canRegister ? (
        <button
          type="button"
          onClick={actions.register}
          disabled={actions.pending}
          aria-label={`${tr("register")}: ${name}`}
        >
          {tr("register")}
        </button>
      ) : (
        <button
          type="button"
          className="secondary"
          onClick={actions.unregister}
          disabled={actions.pending}
          aria-label={`${tr("unregister")}: ${name}`}
        >
          {tr("unregister")}
        </button>
      )}
      {actions.error && (
        <p role="alert" className="error">
          {errors.message(actions.error)}
        </p>
      )}
    </div>
  );
}
