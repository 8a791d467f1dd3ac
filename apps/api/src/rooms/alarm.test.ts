import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../test/seed";
import { buyIn, openTable, roomOf } from "../../test/table-client";
import { newAdmin, newPlayer, type Player } from "../../test/trpc";
import { advanceClock, clockTimeOf, now } from "../clock";
import { nextDeadline } from "./room-state";
import type { TablePipeline } from "./table-pipeline";
import type { TableRoom } from "./table-room";

const pipelineOf = (room: TableRoom) => (room as unknown as { pipeline: TablePipeline }).pipeline;

describe("the table's alarm", () => {
  let admin: Player;
  beforeAll(async () => {
    await seedDemo(env.DB);
    admin = await newAdmin();
  });

  it("is set again when the alarm it was armed for is the one firing now", async () => {
    const tableId = await openTable(admin);
    await buyIn(await newPlayer(), tableId, 100, 1);
    await buyIn(await newPlayer(), tableId, 100, 2);
    await runInDurableObject(roomOf(env, tableId), async (room: TableRoom, state) => {
      const pipeline = pipelineOf(room);
      const deadline = nextDeadline(pipeline.current) as number;
      expect(deadline).toBeGreaterThan(Date.now());
      // As when a change queued behind a running alarm armed it for the time that fired:
      // workerd clears that alarm when its handler ends, so it must not be counted on.
      await state.storage.deleteAlarm();
      pipeline.armedAt = Date.now() - 1_000;
      await pipeline.arm();
      expect(await state.storage.getAlarm()).toBe(deadline);
      expect(pipeline.armedAt).toBe(deadline);
      // An alarm still to come and no later than the deadline is trusted: nothing is written.
      await state.storage.deleteAlarm();
      await pipeline.arm();
      expect(await state.storage.getAlarm()).toBeNull();
    });
  });

  it("is written once for a deal the alarm made: in the deal's own change, not again after the handler", async () => {
    const tableId = await openTable(admin);
    await buyIn(await newPlayer(), tableId, 100, 1);
    await buyIn(await newPlayer(), tableId, 100, 2);
    const stub = roomOf(env, tableId);
    const before = await runInDurableObject(stub, (room: TableRoom) => {
      const pipeline = pipelineOf(room);
      return { alarms: pipeline.metrics.costs.alarms, armedAt: pipeline.armedAt as number };
    });
    // The deal's time comes on the rooms' clock, so the alarm fires on time, not early.
    advanceClock(Math.max(0, before.armedAt - now()) + 1);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const after = await runInDurableObject(stub, async (room: TableRoom, state) => {
      const pipeline = pipelineOf(room);
      return {
        alarms: pipeline.metrics.costs.alarms,
        hand: pipeline.current.table.handNumber,
        deadline: nextDeadline(pipeline.current),
        stored: clockTimeOf(await state.storage.getAlarm()),
      };
    });
    expect(after.hand).toBe(1);
    expect(after.deadline).toBeGreaterThan(before.armedAt);
    expect(after.alarms - before.alarms).toBe(1);
    // workerd kept the alarm the deal set while the handler ran: the first player's clock.
    expect(after.stored).toBe(after.deadline);
  });
});
