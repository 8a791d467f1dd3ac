import { describe, expect, it } from "vitest";
import { duplicateOf, isStale } from "./room-commands";
import { dealt, must, tableWith } from "./room-test-support";

describe("which socket commands a room takes", () => {
  const table = dealt(tableWith([100, 100])).state;

  it("a seq at or below the player's last is a duplicate; a player with none has none", () => {
    expect(duplicateOf({ a: 10 }, "a", 10)).toEqual({ last: 10 });
    expect(duplicateOf({ a: 10 }, "a", 3)).toEqual({ last: 10 });
    expect(duplicateOf({ a: 10 }, "a", 11)).toBeNull();
    expect(duplicateOf({ a: 10 }, "b", 1)).toBeNull();
  });

  it("an action decided on another version is stale", () => {
    expect(isStale(table, undefined, table.version - 1)).toBe(true);
    expect(isStale(table, undefined, table.version + 1)).toBe(true);
    expect(isStale(table, undefined, table.version)).toBe(false);
  });

  it("an action decided since the hand last moved is current, though the table moved on (handMovedAt)", () => {
    const moved = table.version - 2;
    for (const version of [table.version - 2, table.version - 1, table.version])
      expect(isStale(table, moved, version)).toBe(false);
    for (const version of [table.version - 3, table.version + 1])
      expect(isStale(table, moved, version)).toBe(true);
  });

  it("a hand action moves the version: the click made before it is stale", () => {
    const acted = must(table, { type: "act", playerId: "a", action: { type: "call" } }).state;
    expect(isStale(acted, acted.version, table.version)).toBe(true);
    expect(isStale(acted, acted.version, acted.version)).toBe(false);
  });
});
