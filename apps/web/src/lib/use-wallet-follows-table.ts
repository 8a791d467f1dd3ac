"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { LogEntry } from "./log-entries";
import { useTRPC } from "./trpc";

/**
 * The header's wallet follows what the table does with the viewer's money:
 * chips added to his seat (an auto-rebuy or top-up before a hand) and his
 * cash-out when he leaves are asked for again at once, not at the next poll.
 */
export function useWalletFollowsTable(
  log: readonly LogEntry[],
  me: { playerId: string; seat: number | null } | null,
): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const last = useRef<LogEntry | null>(null);
  const playerId = me?.playerId ?? null;
  const seat = me?.seat ?? null;
  useEffect(() => {
    // The log keeps only its last lines, so the new ones are those after the last one seen.
    const from = last.current ? log.lastIndexOf(last.current) + 1 : 0;
    last.current = log.at(-1) ?? null;
    const moved = log
      .slice(from)
      .some(
        ({ event }) =>
          (event.type === "chipsAdded" && event.seat === seat) ||
          (event.type === "playerLeft" && event.playerId === playerId),
      );
    if (moved) void queryClient.invalidateQueries({ queryKey: trpc.cashier.pathKey() });
  }, [log, seat, playerId, queryClient, trpc]);
}
