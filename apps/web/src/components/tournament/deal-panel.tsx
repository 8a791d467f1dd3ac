"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useFormat } from "@/i18n/format";
import { useErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import type { Tournament } from "./use-tournament";

type Deal = NonNullable<Tournament["deal"]>;

/**
 * The deal the director proposed: what it pays each player still in and who
 * has accepted, with Accept and Decline for a player who has not answered.
 * On the tournament page and in a tournament table's banner, so the players
 * at the felt see it too.
 */
export function DealPanel({ t }: { t: Tournament }) {
  const tr = useTranslations("tournament.deal");
  const errors = useErrors();
  const { chips } = useFormat();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.tournaments.get.queryKey({ id: t.id }) });
  const accept = useMutation(trpc.tournaments.acceptDeal.mutationOptions({ onSuccess: refresh }));
  const reject = useMutation(trpc.tournaments.rejectDeal.mutationOptions({ onSuccess: refresh }));
  const deal = t.deal;
  if (!deal) return null;
  const error = accept.error ?? reject.error;
  const busy = accept.isPending || reject.isPending;
  return (
    <section className="panel deal" aria-labelledby="deal-heading" data-testid="deal-panel">
      <h2 id="deal-heading">{tr(deal.method === "icm" ? "headingIcm" : "headingChips")}</h2>
      <p className="muted">{tr(deal.method === "icm" ? "aboutIcm" : "aboutChips")}</p>
      <DealShares shares={deal.shares} you={t.you?.playerId ?? null} chips={chips} />
      {t.you?.dealToAnswer && (
        <div className="actions">
          <button type="button" disabled={busy} onClick={() => accept.mutate({ id: t.id })}>
            {tr("accept")}
          </button>
          <button
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() => reject.mutate({ id: t.id })}
          >
            {tr("decline")}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="error">
          {errors.message(error)}
        </p>
      )}
    </section>
  );
}

/** Player, chips, what the deal pays, and (when `accepted` is known) the answer so far. */
export function DealShares({
  shares,
  you,
  chips,
}: {
  shares: (Pick<Deal["shares"][number], "playerId" | "name" | "chips" | "amount"> & {
    accepted?: boolean;
  })[];
  you: string | null;
  chips: (n: number) => string;
}) {
  const tr = useTranslations("tournament.deal");
  const answers = shares.some((s) => s.accepted !== undefined);
  return (
    <table className="lobby-table compact" data-testid="deal-shares">
      <thead>
        <tr>
          <th scope="col">{tr("player")}</th>
          <th scope="col">{tr("chips")}</th>
          <th scope="col">{tr("pays")}</th>
          {answers && <th scope="col">{tr("answer")}</th>}
        </tr>
      </thead>
      <tbody>
        {[...shares]
          .sort((a, b) => b.chips - a.chips)
          .map((s) => (
            <tr key={s.playerId} className={s.playerId === you ? "is-me" : undefined}>
              <td>{s.name}</td>
              <td>{chips(s.chips)}</td>
              <td>{chips(s.amount)}</td>
              {answers && <td>{s.accepted ? tr("accepted") : tr("waiting")}</td>}
            </tr>
          ))}
      </tbody>
    </table>
  );
}
