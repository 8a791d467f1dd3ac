"use client";
import type { Clock } from "@felt/protocol";
import { useEffect, useState } from "react";

/** Seconds left on the action clock, then on the time bank; re-rendered four times a second. */
export function useSecondsLeft(clock: Clock | null): { seconds: number; timeBank: boolean } | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!clock) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [clock]);
  if (!clock) return null;
  const timeBank = now >= clock.actionEndsAt;
  const end = timeBank ? clock.timesOutAt : clock.actionEndsAt;
  return { seconds: Math.max(0, Math.ceil((end - now) / 1000)), timeBank };
}
