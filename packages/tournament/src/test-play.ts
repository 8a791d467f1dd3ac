/** Playing a tournament in tests: commands that must pass (invariants checked), refusals, busts. */
import { seededInts } from "@felt/fairness/testing";
import { expect } from "vitest";
import type { TournamentConfig } from "./config";
import { drawBounds } from "./draw";
import { invariantViolations } from "./invariants";
import type { Command, TournamentEvent, TournamentState } from "./state";
import { config } from "./test-support";
import { apply, createTournament } from "./tournament";

type Started = Extract<TournamentEvent, { type: "handStarted" }>;

/** Applies a command that must be accepted; checks the invariants after it. */
export function run(state: TournamentState, command: Command) {
  const result = apply(state, command);
  if (!result.ok) throw new Error(`${command.type}: ${result.error.code} ${result.error.message}`);
  expect(invariantViolations(result.state)).toEqual([]);
  return result;
}

/** The code of a command that must be refused, with a message that says why. */
export function refusal(state: TournamentState, command: Command): string {
  const result = apply(state, command);
  if (result.ok) throw new Error(`${command.type} was accepted`);
  expect(result.error.message.length).toBeGreaterThan(0);
  return result.error.code;
}

/** `entrants` registered (p00, p01, …) and started with the seat draw of `seed`. */
export function running(
  entrants: number,
  overrides: Partial<TournamentConfig> = {},
  seed = 3,
): TournamentState {
  const created = createTournament(config(overrides), 0);
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  for (let i = 0; i < entrants; i++)
    state = run(state, {
      type: "register",
      playerId: `p${String(i).padStart(2, "0")}`,
      now: 0,
    }).state;
  return run(state, { type: "start", now: 0, randomInts: seededInts(seed, drawBounds(entrants)) })
    .state;
}

/** One hand at `table` where the first player after the button loses everything to the next. */
export function bustOne(state: TournamentState, table: number, now: number): TournamentState {
  const started = run(state, { type: "startHand", table, now });
  const hand = started.events.find((e) => e.type === "handStarted") as Started;
  const [loser, winner] = hand.players as [Started["players"][0], Started["players"][0]];
  const stacks = hand.players.map((p) => ({
    seat: p.seat,
    stack: p === loser ? 0 : p === winner ? p.stack + loser.stack : p.stack,
  }));
  return run(started.state, { type: "endHand", table, stacks, now }).state;
}
