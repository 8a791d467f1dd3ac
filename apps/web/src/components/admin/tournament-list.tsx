"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { StatusBadge } from "@/components/tournament/status-badge";
import { useFormat } from "@/i18n/format";
import { useErrors } from "@/lib/errors";
import { type RouterOutputs, useTRPC } from "@/lib/trpc";

type AdminTournament = RouterOutputs["admin"]["tournaments"]["list"][number];

/** Every tournament, newest start first, with a cancel for those not yet started. */
export function AdminTournamentList() {
  const t = useTranslations("admin.tournamentList");
  const errors = useErrors();
  const trpc = useTRPC();
  // Entries and status change on their own (registrations, the start): keep the list current.
  const list = useQuery({
    ...trpc.admin.tournaments.list.queryOptions(),
    refetchInterval: 10_000,
  });
  if (list.isError) {
    return (
      <p role="alert" className="error">
        {errors.message(list.error)}
      </p>
    );
  }
  return (
    <section aria-labelledby="admin-tournaments-heading">
      <h2 id="admin-tournaments-heading">{t("heading")}</h2>
      {list.isPending && <p className="muted">{t("loading")}</p>}
      {list.data?.length === 0 && <p className="muted">{t("empty")}</p>}
      {list.data && list.data.length > 0 && (
        <table className="lobby-table">
          <thead>
            <tr>
              <th scope="col">{t("tournament")}</th>
              <th scope="col">{t("game")}</th>
              <th scope="col">{t("starts")}</th>
              <th scope="col">{t("status")}</th>
              <th scope="col">{t("buyIn")}</th>
              <th scope="col">{t("entries")}</th>
              <th scope="col">{t("pool")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((tournament) => (
              <AdminTournamentRow key={tournament.id} t={tournament} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function AdminTournamentRow({ t }: { t: AdminTournament }) {
  const say = useTranslations("admin.tournamentList");
  const common = useTranslations("admin.common");
  const games = useTranslations("tournament.games");
  const { buyInText, chips, startTime } = useFormat();
  const errors = useErrors();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Cancelling refunds every entrant: the button asks once more before it does.
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation(
    trpc.admin.tournaments.cancel.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        await queryClient.invalidateQueries();
      },
    }),
  );
  const cancellable = t.status === "scheduled" || t.status === "registering";
  return (
    <tr data-testid="admin-tournament-row">
      <td>
        <Link href={`/tournament/${t.id}`}>{t.name}</Link>
      </td>
      <td>{games(t.game)}</td>
      <td>
        {/* H-7: a sit-and-go has no start time: its seats (and whether it refills, or is a host's). */}
        {t.kind === "sit-and-go" ? (
          <span data-testid="admin-sng">
            {say("sitAndGo", { seats: t.seats ?? 0 })}
            {t.refill && <span className="muted"> · {say("refills")}</span>}
            {t.private && <span className="muted"> · {say("private")}</span>}
          </span>
        ) : (
          startTime(t.startsAt)
        )}
        {t.repeatEveryMinutes !== null && (
          <span className="muted"> · {repeatText(t.repeatEveryMinutes, say)}</span>
        )}
      </td>
      <td>
        <StatusBadge status={t.status} />
      </td>
      <td>{buyInText(t.buyIn, t.fee)}</td>
      <td>{chips(t.entries)}</td>
      <td>{chips(t.prizePool)}</td>
      <td>
        {cancellable && !confirming && (
          <button type="button" className="secondary small" onClick={() => setConfirming(true)}>
            {say("cancel", { name: t.name })}
          </button>
        )}
        {cancellable && confirming && (
          <span className="row">
            <button
              type="button"
              className="small danger"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate({ id: t.id })}
            >
              {say("confirmCancel", { n: t.entries })}
            </button>
            <button type="button" className="secondary small" onClick={() => setConfirming(false)}>
              {common("keepIt")}
            </button>
          </span>
        )}
        {cancel.data && (
          <small role="status" className="ok">
            {say("cancelled", { n: cancel.data.refunded })}
          </small>
        )}
        {cancel.isError && (
          <small role="alert" className="error">
            {errors.message(cancel.error)}
          </small>
        )}
      </td>
    </tr>
  );
}

type ListMessages = ReturnType<typeof useTranslations<"admin.tournamentList">>;

/** "repeats every hour", "… 2 hours", "… day", "… week", or minutes when it is none of those. */
function repeatText(minutes: number, say: ListMessages): string {
  if (minutes % 10_080 === 0) return say("repeatsWeeks", { n: minutes / 10_080 });
  if (minutes % 1_440 === 0) return say("repeatsDays", { n: minutes / 1_440 });
  if (minutes % 60 === 0) return say("repeatsHours", { n: minutes / 60 });
  return say("repeatsMinutes", { n: minutes });
}
