"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFormat } from "@/i18n/format";
import { useErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { DealShares } from "./deal-panel";
import type { Tournament } from "./use-tournament";

/** A deal is for the last ten players (the tournament package's limit). */
const DEAL_PLAYERS = 10;

/** For admins on a running tournament's page: stop and restart the clock (MT-3), and offer a deal. */
export function DirectorControls({ t }: { t: Tournament }) {
  const tr = useTranslations("tournament.director");
  const errors = useErrors();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useQuery(trpc.auth.me.queryOptions());
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.tournaments.get.queryKey({ id: t.id }) });
  const pause = useMutation(trpc.admin.tournaments.pause.mutationOptions({ onSuccess: refresh }));
  const resume = useMutation(trpc.admin.tournaments.resume.mutationOptions({ onSuccess: refresh }));
  if (me.data?.role !== "admin" || t.status !== "running") return null;
  const busy = pause.isPending || resume.isPending;
  const error = pause.error ?? resume.error;
  return (
    <section className="director" aria-label={tr("label")}>
      <div className="actions">
        {t.paused ? (
          <button type="button" disabled={busy} onClick={() => resume.mutate({ id: t.id })}>
            {tr("resume")}
          </button>
        ) : (
          <button type="button" disabled={busy} onClick={() => pause.mutate({ id: t.id })}>
            {tr("pause")}
          </button>
        )}
      </div>
      {error && (
        <p role="alert" className="error">
          {errors.message(error)}
        </p>
      )}
      {t.alive <= DEAL_PLAYERS && <DealControls t={t} refresh={refresh} />}
    </section>
  );
}

/**
 * The director compares what ICM and a chip chop would pay before he
 * proposes either; once proposed, he may withdraw it. Working a deal out
 * needs every table between hands, so he pauses the clock first.
 */
function DealControls({ t, refresh }: { t: Tournament; refresh: () => Promise<void> }) {
  const tr = useTranslations("tournament.director");
  const errors = useErrors();
  const { chips } = useFormat();
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const preview = useQuery({
    ...trpc.admin.tournaments.dealPreview.queryOptions({ id: t.id }),
    enabled: open && !t.deal,
    retry: false,
  });
  const done = async () => {
    setOpen(false);
    await refresh();
  };
  const propose = useMutation(
    trpc.admin.tournaments.proposeDeal.mutationOptions({ onSuccess: done }),
  );
  const withdraw = useMutation(
    trpc.admin.tournaments.withdrawDeal.mutationOptions({ onSuccess: refresh }),
  );
  const error = propose.error ?? withdraw.error;

  if (t.deal) {
    return (
      <div className="actions">
        <button
          type="button"
          className="secondary"
          disabled={withdraw.isPending}
          onClick={() => withdraw.mutate({ id: t.id })}
        >
          {tr("withdrawDeal")}
        </button>
        {error && (
          <p role="alert" className="error">
            {errors.message(error)}
          </p>
        )}
      </div>
    );
  }
  if (!open) {
    return (
      <div className="actions">
        <button type="button" className="secondary" onClick={() => setOpen(true)}>
          {tr("offerDeal")}
        </button>
      </div>
    );
  }
  return (
    <div className="deal-offer" data-testid="deal-offer">
      <p className="muted">{tr("dealHint")}</p>
      {preview.isPending && <p className="muted">{tr("working")}</p>}
      {preview.isError && (
        <p role="alert" className="error">
          {errors.message(preview.error)}
        </p>
      )}
      {preview.data && (
        <div className="deal-methods">
          {(["icm", "chips"] as const).map((method) => (
            <section key={method} aria-labelledby={`deal-${method}`}>
              <h3 id={`deal-${method}`}>{tr(method === "icm" ? "icm" : "chipChop")}</h3>
              <DealShares shares={preview.data[method]} you={null} chips={chips} />
              <button
                type="button"
                disabled={propose.isPending}
                onClick={() => propose.mutate({ id: t.id, method })}
              >
                {tr(method === "icm" ? "proposeIcm" : "proposeChips")}
              </button>
            </section>
          ))}
        </div>
      )}
      <div className="actions">
        {preview.isError && (
          <button type="button" className="secondary" onClick={() => preview.refetch()}>
            {tr("tryAgain")}
          </button>
        )}
        <button type="button" className="secondary" onClick={() => setOpen(false)}>
          {tr("close")}
        </button>
      </div>
      {error && (
        <p role="alert" className="error">
          {errors.message(error)}
        </p>
      )}
    </div>
  );
}
