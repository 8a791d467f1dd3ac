"use client";
import { useCallback, useEffect, useState } from "react";

/** A player muted in table chat: his id, and his name when he was muted (for the unmute list). */
export type MutedPlayer = { playerId: string; name: string };

/** Where this browser keeps the chat mute list (every table, every tab). */
export const MUTED_KEY = "felt.chatMuted";

function read(raw: string | null): MutedPlayer[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (p): p is MutedPlayer =>
        typeof p === "object" &&
        p !== null &&
        typeof (p as MutedPlayer).playerId === "string" &&
        typeof (p as MutedPlayer).name === "string",
    );
  } catch {
    return [];
  }
}

/**
 * The players this browser mutes in table chat, by playerId, kept in
 * localStorage (the same in every tab, read after the first render). Muting
 * hides a writer's lines here only: nobody else is told.
 */
export function useMutedPlayers() {
  const [muted, setMuted] = useState<MutedPlayer[]>([]);
  useEffect(() => {
    setMuted(read(window.localStorage.getItem(MUTED_KEY)));
    const onStorage = (e: StorageEvent) => {
      if (e.key === MUTED_KEY) setMuted(read(e.newValue));
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);
  const store = useCallback((change: (old: MutedPlayer[]) => MutedPlayer[]) => {
    // From storage, not state: another tab may have changed the list since.
    const next = change(read(window.localStorage.getItem(MUTED_KEY)));
    window.localStorage.setItem(MUTED_KEY, JSON.stringify(next));
    setMuted(next);
  }, []);
  const mute = useCallback(
    (player: MutedPlayer) =>
      store((old) => (old.some((p) => p.playerId === player.playerId) ? old : [...old, player])),
    [store],
  );
  const unmute = useCallback(
    (playerId: string) => store((old) => old.filter((p) => p.playerId !== playerId)),
    [store],
  );
  return { muted, mute, unmute };
}
