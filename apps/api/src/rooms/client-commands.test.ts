import { describe, expect, it } from "vitest";
import { dealt, snapshotOf, tableWith } from "../../test/engine-tables";
import { decide } from "./client-commands";
import type { Snapshot } from "./room-state";

const a = { playerId: "a", name: "a" };

describe("deciding what a socket message asks", () => {
  const table = dealt(tableWith([100, 100])).state;
  const s: Snapshot = {
    ...snapshotOf(table),
    room: { ...snapshotOf(table).room, lastSeq: { a: 10 } },
  };
  const act = (expectedVersion: number, seq: number) =>
    ({ type: "act", action: { type: "call" }, expectedVersion, seq }) as const;

  it("sync is a snapshot, for anyone", () => {
    expect(decide(s, null, { type: "sync" })).toEqual({ type: "snapshot" });
  });

  it("spectators cannot act", () => {
    expect(decide(s, null, act(table.version, 1))).toMatchObject({
      type: "refuse",
      code: "sign_in_required",
    });
  });

  it("a seq at or below the player's last is a duplicate, whatever else it says", () => {
    expect(decide(s, a, act(table.version, 10))).toMatchObject({
      code: "duplicate_message",
      seq: 10,
      params: { seq: 10, last: 10 },
    });
    expect(decide(s, a, { type: "leave", seq: 3 })).toMatchObject({ code: "duplicate_message" });
  });

  it("an action decided on another version is stale", () => {
    expect(decide(s, a, act(table.version - 1, 11))).toMatchObject({
      code: "stale_version",
      seq: 11,
      params: { version: table.version, expected: table.version - 1 },
    });
    expect(decide(s, a, act(table.version, 11))).toEqual({
      type: "table",
      command: { type: "act", playerId: "a", action: { type: "call" } },
      playerId: "a",
      seq: 11,
    });
  });

  it("an action decided since the hand last moved is current, though the table moved on (handMovedAt)", () => {
    const moved: Snapshot = { ...s, room: { ...s.room, handMovedAt: table.version - 2 } };
    for (const version of [table.version - 2, table.version - 1, table.version])
      expect(decide(moved, a, act(version, 11))).toMatchObject({ type: "table" });
    for (const version of [table.version - 3, table.version + 1])
      expect(decide(moved, a, act(version, 11))).toMatchObject({ code: "stale_version" });
  });

  it("auto-rebuy goes to the table as its setAutoRebuy command (the table checks the amount)", () => {
    expect(decide(s, a, { type: "autoRebuy", upTo: 150, seq: 11 })).toEqual({
      type: "table",
      command: { type: "setAutoRebuy", playerId: "a", upTo: 150 },
      playerId: "a",
      seq: 11,
    });
  });
});
