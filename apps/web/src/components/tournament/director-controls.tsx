"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import type { Tournament } from "./use-tournament";

/** For admins on a running tournament's page: stop and restart the clock (MT-3). */
export function DirectorControls({ t }: { t: Tournament }) {
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
    <section className="actions director" aria-label="Tournament director">
      {t.paused ? (
        <button type="button" disabled={busy} onClick={() => resume.mutate({ id: t.id })}>
          Resume the clock
        </button>
      ) : (
        <button type="button" disabled={busy} onClick={() => pause.mutate({ id: t.id })}>
          Pause the clock
        </button>
      )}
      {error && (
        <p role="alert" className="error">
          {errorMessage(error)}
        </p>
      )}
    </section>
  );
}
