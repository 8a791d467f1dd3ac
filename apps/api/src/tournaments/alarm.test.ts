import {
  apply,
  type Command,
  createTournament,
  drawBounds,
  type TournamentState,
} from "@felt/tournament";
import { describe, expect, it } from "vitest";
import { alarmAt, alarmWork, filledToStart, timeFor } from "./alarm";
import { defaultConfig } from "./definition";
import type { Stored } from "./stored";

const STARTS_AT = 60_000;

function must(state: TournamentState, command: Command): TournamentState {
  const result = apply(state, command);
  if (!result.ok) throw new Error(result.error.message);
  return result.state;
}

/** A tournament of `entrants` registered players, as the room stores it; `seats` makes it a sit-and-go. */
function stored(entrants: number, seats: number | null = null): Stored {
  const config = defaultConfig({ buyIn: 100, fee: 10, startingStack: 1_000 });
  const sitAndGo = seats === null ? {} : { startWhenFull: true, maxEntries: seats };
  const created = createTournament({ ...config, ...sitAndGo }, 0);
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  for (let i = 0; i < entrants; i++)
    state = must(state, { type: "register", playerId: `p${i}`, now: 0 });
  return {
    ...{ id: "t", name: "T", startsAt: STARTS_AT, state, names: {}, dealt: {}, opened: [] },
    ...{ intents: {}, finishes: [], owed: [] },
  };
}

const started = (t: Stored, now: number): Stored => {
  const randomInts = drawBounds(t.state.players.length).map(() => 0);
  return { ...t, state: must(t.state, { type: "start", randomInts, now }) };
};

describe("what the tournament room's alarm does", () => {
  it("a scheduled tournament starts at its time, not before, and ticks while running", () => {
    const t = stored(3);
    expect(alarmWork(t, STARTS_AT - 1)).toBeNull();
    expect(alarmWork(t, STARTS_AT)).toBe("start");
    expect(alarmWork(started(t, STARTS_AT), STARTS_AT + 1)).toBe("tick");
    const cancelled = { ...t, state: must(t.state, { type: "cancel", split: null, now: 1 }) };
    expect(alarmWork(cancelled, STARTS_AT)).toBeNull();
  });

  it("H-7: a sit-and-go starts only when full, whatever its start time says", () => {
    expect(alarmWork(stored(2, 3), STARTS_AT * 10)).toBeNull();
    expect(alarmWork(stored(3, 3), 0)).toBe("start");
    expect(alarmWork(started(stored(3, 3), 1), 2)).toBe("tick");
  });

  it("H-7: only the purchase that fills a sit-and-go starts it", () => {
    expect(filledToStart(stored(2, 3))).toBe(false);
    expect(filledToStart(stored(3, 3))).toBe(true);
    expect(filledToStart(stored(3))).toBe(false);
    expect(filledToStart(started(stored(3, 3), 1))).toBe(false);
  });
});

describe("when the tournament room's alarm rings", () => {
  it("at the start while registering, the heartbeat while running, sooner while a purchase waits", () => {
    const t = stored(3);
    expect(alarmAt(t, 0)).toBe(STARTS_AT);
    expect(alarmAt(started(t, STARTS_AT), STARTS_AT)).toBe(STARTS_AT + 15_000);
    const intent = { key: "k", kind: "register" as const, playerId: "p9", name: null, amount: 110 };
    expect(alarmAt({ ...t, intents: { k: intent } }, 0)).toBe(10_000);
  });

  it("H-7: a sit-and-go's alarm is unset until it is full, then rings at once", () => {
    expect(alarmAt(stored(2, 3), 5)).toBeNull();
    expect(alarmAt(stored(3, 3), 5)).toBe(5);
  });

  it("a command's time never goes back behind the tournament's clock", () => {
    const t = started(stored(3), STARTS_AT);
    expect(timeFor(t, STARTS_AT - 500)).toBe(STARTS_AT);
    expect(timeFor(t, STARTS_AT + 500)).toBe(STARTS_AT + 500);
  });
});
