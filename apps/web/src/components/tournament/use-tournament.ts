"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type RouterOutputs, useTRPC } from "@/lib/trpc";

export type Tournament = RouterOutputs["tournaments"]["get"];
/** The lobby's rows may also be "scheduled": announced, registration not yet open. */
export type TournamentStatus = Tournament["status"] | "scheduled";

/** Polling interval: the clock, the counts and your seat change with every hand. */
const REFRESH_MS = 2_000;

/** One tournament, kept current while it can still change; `invite` opens a private sit-and-go (H-7). */
export function useTournament(id: string, invite: string | null = null, enabled = true) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.tournaments.get.queryOptions(invite ? { id, invite } : { id }),
    enabled,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "finished" || status === "cancelled" ? false : REFRESH_MS;
    },
  });
}

/**
 * The player's own moves in a tournament. Each one refreshes the tournament
 * (your entry and buttons change) and the wallet (buy-ins and refunds move
 * chips); the last failure is kept for the page to show beside the buttons.
 */
export function useEntryActions(id: string, invite: string | null = null) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.tournaments.get.queryKey({ id }) }),
      queryClient.invalidateQueries({ queryKey: trpc.cashier.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.lobby.tournaments.queryKey() }),
    ]);
  const register = useMutation(trpc.tournaments.register.mutationOptions({ onSuccess }));
  const unregister = useMutation(trpc.tournaments.unregister.mutationOptions({ onSuccess }));
  const rebuy = useMutation(trpc.tournaments.rebuy.mutationOptions({ onSuccess }));
  const addOn = useMutation(trpc.tournaments.addOn.mutationOptions({ onSuccess }));
  const declineRebuy = useMutation(trpc.tournaments.declineRebuy.mutationOptions({ onSuccess }));
  const all = [register, unregister, rebuy, addOn, declineRebuy];
  // A new click clears the last failure, so the message beside the buttons is always current.
  const run = (mutation: (typeof all)[number]) => () => {
    for (const m of all) m.reset();
    mutation.mutate({ id });
  };
  return {
    // A private sit-and-go's link token goes with the registration (H-7).
    register: () => {
      for (const m of all) m.reset();
      register.mutate(invite ? { id, invite } : { id });
    },
    unregister: run(unregister),
    rebuy: run(rebuy),
    addOn: run(addOn),
    declineRebuy: run(declineRebuy),
    pending: all.some((m) => m.isPending),
    error: all.find((m) => m.isError)?.error ?? null,
  };
}
