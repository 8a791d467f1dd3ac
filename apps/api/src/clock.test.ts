import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { roomOf } from "../test/table-client";
import { advanceClock, alarmTimeOf, clockTimeOf, now } from "./clock";
import { TableRoom } from "./rooms/table-room";

describe("the rooms' clock", () => {
  it("moves forward when a test advances it, and only forward", () => {
    const before = now();
    expect(advanceClock(60_000) - before).toBeGreaterThanOrEqual(60_000);
    expect(() => advanceClock(-1)).toThrow();
  });

  it("sets storage alarms by the wall clock, so a moved clock does not delay them", () => {
    advanceClock(10_000);
    const at = now() + 1_000;
    // workerd fires alarms by the wall clock: the alarm is set for 1 s from now there too.
    expect(Math.abs(alarmTimeOf(at) - (Date.now() + 1_000))).toBeLessThan(50);
    expect(clockTimeOf(alarmTimeOf(at))).toBe(at);
    expect(clockTimeOf(null)).toBeNull();
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
