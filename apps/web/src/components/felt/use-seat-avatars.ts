"use client";
import type { AvatarId } from "@felt/protocol/avatars";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/lib/trpc";

/**
 * The avatars the seated players chose (`lobby.avatars`, by player id), asked
 * again when someone sits down or leaves and once a minute while they sit (a
 * player may pick another on his account page).
 */
export function useSeatAvatars(
  seats: readonly ({ playerId: string } | null)[] | undefined,
): Record<string, AvatarId> {
  const trpc = useTRPC();
  const playerIds = (seats ?? [])
    .flatMap((seat) => (seat ? [seat.playerId] : []))
    .sort()
    .slice(0, 10);
  const avatars = useQuery({
    ...trpc.lobby.avatars.queryOptions({ playerIds }),
    enabled: playerIds.length > 0,
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
  return (avatars.data?.avatars ?? {}) as Record<string, AvatarId>;
}
