"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { StatusBadge } from "@/components/tournament/status-badge";
import { errorMessage } from "@/lib/errors";
import { buyInText, chips, startTime } from "@/lib/format";
import { type RouterOutputs, useTRPC } from "@/lib/trpc";

type AdminTournament = RouterOutputs["admin"]["tournaments"]["list"][number];

/** Every tournament, newest start first, with a cancel for those not yet started. */
export function AdminTournamentList() {
  const trpc = useTRPC();
  // Entries and status change on their own (registrations, the start): keep the list current.
  const list = useQuery({
    ...trpc.admin.tournaments.list.queryOptions(),
    refetchInterval: 10_000,
  });
  if (list.isError) {
    return (
      <p role="alert" className="error">
        {errorMessage(list.error)}
      </p>
    );
  }
  return (
    <section aria-labelledby="admin-tournaments-heading">
      <h2 id="admin-tournaments-heading">Tournaments</h2>
      {list.isPending && <p className="muted">Loading tournaments…</p>}
      {list.data?.length === 0 && <p className="muted">No tournaments yet.</p>}
      {list.data && list.data.length > 0 && (
        <table className="lobby-table">
          <thead>
            <tr>
              <th scope="col">Tournament</th>
              <th scope="col">Starts</th>
              <th scope="col">Status</th>
              <th scope="col">Buy-in</th>
              <th scope="col">Entries</th>
              <th scope="col">Pool</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((t) => (
              <AdminTournamentRow key={t.id} t={t} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function AdminTournamentRow({ t }: { t: AdminTournament }) {
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
      <td>
        {startTime(t.startsAt)}
        {t.repeatEveryMinutes !== null && (
          <span className="muted"> · repeats every {repeatText(t.repeatEveryMinutes)}</span>
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
            Cancel {t.name}
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
              Cancel and refund {t.entries} {t.entries === 1 ? "entry" : "entries"}
            </button>
            <button type="button" className="secondary small" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </span>
        )}
        {cancel.data && (
          <small role="status" className="ok">
            Cancelled; {cancel.data.refunded} {cancel.data.refunded === 1 ? "player" : "players"}{" "}
            refunded.
          </small>
        )}
        {cancel.isError && (
          <small role="alert" className="error">
            {errorMessage(cancel.error)}
          </small>
        )}
      </td>
    </tr>
  );
}

/** "hour", "2 hours", "day", "week", or minutes when it is none of those. */
function repeatText(minutes: number): string {
  if (minutes % 10_080 === 0) return minutes === 10_080 ? "week" : `${minutes / 10_080} weeks`;
  if (minutes % 1_440 === 0) return minutes === 1_440 ? "day" : `${minutes / 1_440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? "hour" : `${minutes / 60} hours`;
  return `${minutes} minutes`;
}
