/**
 * The tournament state machine: `apply(state, command)` → `{ ok: true,
 * state, events } | { ok: false, error }`. The TournamentRoom holds the
 * state, calls `apply` and persists; it deals the hands itself (with the
 * engine, at its TableRooms) and reports each hand's result back here.
 *
 * A state machine rather than loose functions, because the rules interlock:
 * a hand's busts decide places, places decide hand-for-hand, hand-for-hand
 * decides when tables may move players, moves decide blinds. The pure
 * pieces it is built from (levels, draw, balance, places, payouts,
 * registration) are exported too, for lobbies and for tests.
 *
 * A day in the life, as the room sees it:
 *   register… → start (seat draw) → for each table: startHand → (engine
 *   plays the hand) → endHand → rebuy / declineRebuy if offered (or a `tick`
 *   declines it once its time is up) → startHand … until `tournamentFinished`
 *   (or `tournamentCancelled`: too few entrants at the start, or the director).
 * Events tell the room what to do (seat, move, break a table, pay a prize).
 * Nothing here removes a player except a stack of 0 (MT-6: absent players
 * are dealt in and blinded out by the table), and nothing takes chips (MT-7).
 */

import { cancel } from "./cancel";
import { normalizeConfig } from "./config";
import { acceptDeal, dropDeal, proposeDeal } from "./deals";
import { adjustLevel, disqualify, movePlayer, redrawFinalTable } from "./director";
import { type Draft, refusal } from "./draft";
import {
  addOn,
  declineRebuy,
  declineStaleRebuys,
  rebuy,
  register,
  start,
  unregister,
} from "./entries";
import { endHand, pause, resume, startHand } from "./hands";
import { failure, isAmount, type Outcome, type TournamentError } from "./result";
import type { Command, Result, TournamentEvent, TournamentState } from "./state";

export { clockOf, findPlayer, momentOf, payoutsOf, playerRecord, structureOf } from "./queries";

/** A new tournament, open for registration. */
export function createTournament(
  config: unknown,
  now: number,
): Outcome<{ state: TournamentState }> {
  const normalized = normalizeConfig(config);
  if (!normalized.ok) return normalized;
  if (!isAmount(now)) return failure("invalid_time", "now must be a non-negative integer (ms)");
  return {
    ok: true,
    state: {
      version: 0,
      rules: normalized.rules,
      phase: "registering",
      startedAt: null,
      clock: now,
      pausedMs: 0,
      pausedAt: null,
      players: [],
      tables: [],
      alive: 0,
      totals: { entries: 0, rebuys: 0, addOns: 0 },
      eliminations: [],
      pendingRebuys: [],
      handForHand: null,
      hands: 0,
      winner: null,
      standings: null,
      deal: null,
      levelAdjustments: {},
      removedChips: 0,
    },
  };
}

export function apply(state: TournamentState, command: Command): Result {
  if (typeof command !== "object" || command === null) {
    return failure("invalid_command", "a command is an object");
  }
  const { now } = command as { now: unknown };
  if (!isAmount(now)) return failure("invalid_time", "now must be a non-negative integer (ms)");
  if (now < state.clock) {
    return failure("invalid_time", `now (${now}) is before the last command (${state.clock})`);
  }
  if (state.phase === "finished" || state.phase === "cancelled") {
    if ((command as { type: unknown }).type === "cancel")
      return failure("cannot_cancel", `a ${state.phase} tournament cannot be cancelled`);
    return state.phase === "finished"
      ? failure("tournament_finished", "the tournament is over")
      : failure("tournament_cancelled", "the tournament was cancelled");
  }
  const d: Draft = { ...state, version: state.version + 1, clock: now };
  const events: TournamentEvent[] = [];
  const error = perform(d, events, command);
  if (error) return { ok: false, error };
  return { ok: true, state: d, events };
}

function perform(d: Draft, events: TournamentEvent[], command: Command): TournamentError | null {
  switch (command.type) {
    case "register":
      return register(d, events, command.playerId);
    case "unregister":
      return unregister(d, events, command.playerId);
    case "start":
      return start(d, events, command.randomInts);
    case "startHand":
      return startHand(d, events, command.table);
    case "endHand":
      return endHand(d, events, command.table, command.stacks);
    case "rebuy":
      return rebuy(d, events, command.playerId);
    case "declineRebuy":
      return declineRebuy(d, events, command.playerId);
    case "addOn":
      return addOn(d, events, command.playerId);
    case "pause":
      return pause(d, events);
    case "resume":
      return resume(d, events);
    case "proposeDeal":
      return proposeDeal(d, events, command.method);
    case "acceptDeal":
      return acceptDeal(d, events, command.playerId);
    case "rejectDeal":
      return dropDeal(d, events, command.playerId);
    case "adjustLevel":
      return adjustLevel(d, events, command.deltaMs);
    case "movePlayer":
      return movePlayer(d, events, command.playerId, command.table);
    case "disqualify":
      return disqualify(d, events, command.playerId);
    case "cancel":
      return cancel(d, events, command.split);
    case "tick":
      return declineStaleRebuys(d, events);
    case "redrawFinalTable":
      return redrawFinalTable(d, events, command.randomInts);
    default:
      return refusal(
        "invalid_command",
        `unknown command ${String((command as { type: unknown }).type)}`,
      );
  }
}
