import type { TableEvent } from "@felt/engine";
import { describe, expect, it } from "vitest";
import { dealt, must, tableWith } from "../../test/engine-tables";
import { cashOutKey, outboxFor, outboxRowKey } from "./outbox";

describe("outbox rows for a change", () => {
  it("a player leaving between hands is paid back with a key unique to the change", () => {
    const left = must(tableWith([100, 120]), { type: "leave", playerId: "b" });
    const items = outboxFor("t", left.state, left.events, null);
    expect(items).toEqual([
      { kind: "cashOut", key: cashOutKey("t", left.state, 2), userId: "b", amount: 120 },
      { kind: "lobby", key: "lobby" },
    ]);
    // The same seat leaving again later (after sitting down again) gets another key.
    const again = must(
      must(left.state, { type: "sit", seat: 2, playerId: "b", name: "b", buyIn: 50 }).state,
      {
        type: "leave",
        playerId: "b",
      },
    );
    expect(cashOutKey("t", again.state, 2)).not.toBe(cashOutKey("t", left.state, 2));
  });

  it("a leaver in a hand is paid when it settles; hand actions alone owe nothing", () => {
    const hand = dealt(tableWith([100, 100, 100])).state;
    const leaving = must(hand, { type: "leave", playerId: "c" });
    expect(outboxFor("t", leaving.state, leaving.events, null)).toEqual([]);
  });

  it("rake goes to the house once per hand (T-10)", () => {
    const settled: TableEvent[] = [{ type: "handSettled", handNumber: 7, rake: 3, stacks: [] }];
    const items = outboxFor("t", tableWith([100]), settled, null);
    expect(items).toContainEqual({ kind: "rake", key: "h7", amount: 3 });
    expect(items.map(outboxRowKey)).toEqual(["rake:h7", "lobby:lobby"]);
    expect(
      outboxFor(
        "t",
        tableWith([100]),
        [{ type: "handSettled", handNumber: 7, rake: 0, stacks: [] }],
        null,
      ),
    ).toEqual([{ kind: "lobby", key: "lobby" }]);
  });
});
