import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { roomOf } from "../test/table-client";
import { advanceClock, now } from "./clock";
import { TableRoom } from "./rooms/table-room";

describe("the rooms' clock", () => {
  it("moves forward when a test advances it, and only forward", () => {
    const before = now();
    expect(advanceClock(60_000) - before).toBeGreaterThanOrEqual(60_000);
    expect(() => advanceClock(-1)).toThrow();
  });

  it("is the same module inside the worker's Durable Objects, so they see the move", async () => {
    // The room's class is the one this file imports: one module graph, one clock offset.
    const shared = await runInDurableObject(
      roomOf(env, `clock-${crypto.randomUUID()}`),
      (room: TableRoom) => room instanceof TableRoom,
    );
    expect(shared).toBe(true);
  });
});
