import { describe, expect, it } from "vitest";
import { rebuysDue } from "./ready";
import { skipRebuy } from "./rebuy-skip";
import { must, tableWith } from "./room-test-support";
import type { TableState } from "./types";

/** Players "a" and "b", each asking to be topped up to 150; "a" holds `stack`. */
function wishing(stack: number): TableState {
  let t = tableWith([100, 100]);
  for (const playerId of ["a", "b"])
    t = must(t, { type: "setAutoRebuy", playerId, upTo: 150 }).state;
  const seats = t.seats.map((o) =>
    o?.playerId === "a"
      ? { ...o, stack, status: stack === 0 ? ("sittingOut" as const) : o.status }
      : o,
  );
  return { ...t, seats };
}

describe("T-6 a failed auto-rebuy", () => {
  it("is skipped with a log line; a player with chips keeps playing and keeps his wish", () => {
    const table = wishing(50);
    const [rebuy] = rebuysDue(table).filter((r) => r.playerId === "a");
    if (!rebuy) throw new Error("no top-up due");
    const { skipped, turnedOff } = skipRebuy(table, rebuy);
    expect(skipped).toEqual({ type: "autoRebuySkipped", seat: 1, playerId: "a", amount: 100 });
    expect(turnedOff).toBeNull();
  });

  it("turns a busted player's wish off, so the table stops waiting for his chips", () => {
    const table = wishing(0);
    const [rebuy] = rebuysDue(table).filter((r) => r.playerId === "a");
    if (!rebuy) throw new Error("no top-up due");
    expect(rebuy.sitIn).toBe(true);
    const { skipped, turnedOff } = skipRebuy(table, rebuy);
    expect(skipped).toMatchObject({ playerId: "a", amount: 150 });
    expect(turnedOff?.state.seats[0]?.autoRebuy).toBeNull();
    expect(rebuysDue(turnedOff?.state as TableState).map((r) => r.playerId)).not.toContain("a");
  });
});
