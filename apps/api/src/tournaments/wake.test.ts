/**
 * The Cron Trigger in workerd: tournaments written straight to D1 (as the
 * seed does) get their rooms opened by the Worker's `scheduled` handler, so
 * they start on time with nobody visiting their page.
 */
import {
  createScheduledController,
  runDurableObjectAlarm,
  runInDurableObject,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { unique } from "../../test/trpc";
import { database } from "../db/client";
import { tournaments } from "../db/schema";
import worker from "../index";
import { tournamentRoomOf } from "./room-of";
import { WAKE_AHEAD_MS } from "./wake";

const MINUTE = 60_000;

async function insertTournament(startsAt: number): Promise<string> {
  const id = `cron-${unique()}`;
  await database(env.DB)
    .insert(tournaments)
    .values({
      id,
      name: `Cron ${id}`,
      startsAt: new Date(startsAt),
      buyIn: 100,
      fee: 10,
      startingStack: 1500,
      status: "registering",
    });
  return id;
}

async function runCron(scheduledTime: number): Promise<void> {
  await worker.scheduled(createScheduledController({ scheduledTime, cron: "*/5 * * * *" }), env);
}

const alarmOf = (id: string) =>
  runInDurableObject(tournamentRoomOf(env, id), (_room, state) => state.storage.getAlarm());

const statusOf = async (id: string) =>
  (
    await database(env.DB)
      .select({ status: tournaments.status })
      .from(tournaments)
      .where(eq(tournaments.id, id))
  )[0]?.status;

describe("the tournaments' Cron Trigger", () => {
  it("opens the room of a tournament starting soon, which then sets its start alarm", async () => {
    const now = Date.now();
    const soon = await insertTournament(now + 5 * MINUTE);
    const later = await insertTournament(now + WAKE_AHEAD_MS + 60 * MINUTE);
    expect(await alarmOf(soon)).toBeNull();

    await runCron(now);

    expect(await alarmOf(soon)).toBe(now + 5 * MINUTE);
    // Further off than the look-ahead: left for a later run.
    expect(await alarmOf(later)).toBeNull();
    // A second run changes nothing for a room already open.
    await runCron(now + MINUTE);
    expect(await alarmOf(soon)).toBe(now + 5 * MINUTE);
  });

  it("starts an overdue tournament nobody opened: below its minimum field it is cancelled (MT-1)", async () => {
    const overdue = await insertTournament(Date.now() - 10 * MINUTE);
    await runCron(Date.now());
    // The alarm it set is already due: it may have run by now; if not, run it.
    await runDurableObjectAlarm(tournamentRoomOf(env, overdue));
    await vi.waitFor(async () => expect(await statusOf(overdue)).toBe("cancelled"));
  });
});
