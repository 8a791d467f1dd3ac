/**
 * The working copy a command edits. `apply` makes a shallow copy of the
 * state; handlers assign new arrays and objects to its fields and never
 * change the ones they read, so the previous state stays as it was.
 */
import type { ErrorCode, TournamentError } from "./result";
import type { TournamentState } from "./state";
import type { Table } from "./table";

export type Draft = { -readonly [K in keyof TournamentState]: TournamentState[K] };

export const MAX_PLAYER_ID_LENGTH = 64;

export const refusal = (code: ErrorCode, message: string): TournamentError => ({ code, message });

/** A table may give players (or start a hand) only between hands with no rebuy decision open. */
export function isIdle(d: Draft, table: Table): boolean {
  return !table.handInProgress && !d.pendingRebuys.some((p) => p.table === table.number);
}

export const isPlayerId = (value: unknown): value is string =>
  typeof value === "string" && value.length > 0 && value.length <= MAX_PLAYER_ID_LENGTH;

export function replaceTable(d: Draft, index: number, table: Table): void {
  const tables = d.tables.slice();
  tables[index] = table;
  d.tables = tables;
}
