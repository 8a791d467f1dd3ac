import type { StateMessage } from "@felt/protocol";
import { useEffect, useRef } from "react";

/** 16 random bytes from the browser's CSPRNG, as hex: this player's entropy for one deal. */
function freshSeed(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("");
}

/**
 * A seated player adds his own entropy to every deal (docs/fairness.md): each
 * time the table commits to the next deal's server seed, a fresh client seed
 * is sent, so the server picked its seed before seeing this one.
 */
export function useClientSeed(
  state: StateMessage | null,
  command: (message: { type: "clientSeed"; seed: string }) => void,
) {
  const sentFor = useRef<string | null>(null);
  const next = state?.fairness?.nextSeedCommitment ?? null;
  const seated = state?.view.mySeat != null;
  useEffect(() => {
    if (!seated || next === null || sentFor.current === next) return;
    sentFor.current = next;
    command({ type: "clientSeed", seed: freshSeed() });
  }, [seated, next, command]);
}
