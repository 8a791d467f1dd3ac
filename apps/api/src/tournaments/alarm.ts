/**
 * What the room's alarm is for, decided from the stored tournament and the
 * time: when it rings (`alarmAt`) and what it does then (`alarmWork`). Pure:
 * the room reads the clock and arms the alarm.
 */
import { isDueToStart, startsWhenFull } from "@felt/tournament";
import { type Stored, statusOf } from "./stored";

/** While running, the room looks over its tables this often: tables not yet opened, idle ones, the ledger. */
const HEARTBEAT_MS = 15_000;
/** Money owed or a purchase halfway is tried again this soon. */
const RETRY_MS = 10_000;

/** The time for a command: never before the last one (a room can move to a machine whose clock is behind). */
export const timeFor = (t: Stored, clock: number): number => Math.max(clock, t.state.clock);

/** When the room's alarm should ring: the start while registering, the heartbeat while running, sooner while money or a purchase waits; null for never. */
export function alarmAt(t: Stored, now: number): number | null {
  const status = statusOf(t);
  // H-7: a sit-and-go has no start time; full (a start the room did not finish), it starts now.
  const startAt = startsWhenFull(t.state.rules) ? (isDueToStart(t.state) ? now : null) : t.startsAt;
  const at = status === "registering" ? startAt : status === "running" ? now + HEARTBEAT_MS : null;
  return t.owed.length > 0 || Object.keys(t.intents).length > 0
    ? Math.min(at ?? Infinity, now + RETRY_MS)
    : at;
}

/**
 * What the alarm does at `now`: start a scheduled tournament at its time, or
 * a sit-and-go only when full (H-7: here only if a crash cut its start short);
 * `tick` while running (time passing); nothing otherwise.
 */
export function alarmWork(t: Stored, now: number): "start" | "tick" | null {
  const status = statusOf(t);
  if (status === "running") return "tick";
  if (status !== "registering") return null;
  const due = startsWhenFull(t.state.rules) ? isDueToStart(t.state) : now >= t.startsAt;
  return due ? "start" : null;
}

/** H-7: the purchase just stored filled a sit-and-go, which starts in the same turn of the room's queue. */
export const filledToStart = (t: Stored): boolean => isDueToStart(t.state);
