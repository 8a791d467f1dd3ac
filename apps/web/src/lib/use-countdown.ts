"use client";
import { useEffect, useState } from "react";

/**
 * Milliseconds left on a countdown the server measured (`remainingMs` when the
 * response arrived at `measuredAt`), ticking on this device's clock between
 * fetches: counting from the server's reading, never from a local guess of
 * the start, keeps a skewed device clock from showing the wrong level time.
 */
export function useRemaining(remainingMs: number | null, measuredAt: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (remainingMs === null) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [remainingMs]);
  if (remainingMs === null) return null;
  return Math.max(0, remainingMs - Math.max(0, now - measuredAt));
}

/** Milliseconds until an epoch time on this device's clock, ticking each half second. */
export function useUntil(epochMs: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (epochMs === null) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [epochMs]);
  return epochMs === null ? null : Math.max(0, epochMs - now);
}
