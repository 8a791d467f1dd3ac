"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import type { Tournament } from "./use-tournament";

/** For admins on a running tournament's page: stop and restart the clock (MT-3). */
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
    <section className="actions director" aria-label={tr("label")}>
      {t.paused ? (
        <button type="button" disabled={busy} onClick={() => resume.mutate({ id: t.id })}>
          {tr("resume")}
        </button>
      ) : (
        <button type="button" disabled={busy} onClick={() => pause.mutate({ id: t.id })}>
          {tr("pause")}
        </button>
      )}
      {error && (
        <p role="alert" className="error">
          {errors.message(error)}
        </p>
      )}
    </section>
  );
}
