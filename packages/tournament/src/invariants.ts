/**
 * What must hold in every state, whatever the commands were: for tests,
 * simulations and a room that wants to check a restored snapshot. Returns
 * the violations found (empty when all is well) rather than throwing.
 */
import type { TournamentState } from "./state";
import { chipsOf, playerCount, seatsAtTable, type Table } from "./table";

export function invariantViolations(state: TournamentState): string[] {
  const violations: string[] = [];
  const { rules, totals } = state;
  const seen = new Set<string>();
  let seated = 0;
  let chips = 0;
  let previousNumber = 0;
  // Seated, counted and placed once the seat draw is made; a field cancelled before it never sat down.
  const started = state.startedAt !== null;
  for (const table of state.tables) {
    if (table.number <= previousNumber) violations.push(`table ${table.number} is out of order`);
    previousNumber = table.number;
    if (table.seats.length !== seatsAtTable(rules.seatsPerTable)) {
      violations.push(`table ${table.number} has ${table.seats.length} seats`);
    }
    for (const occupant of table.seats) {
      if (occupant === null) continue;
      if (seen.has(occupant.playerId)) violations.push(`${occupant.playerId} is seated twice`);
      seen.add(occupant.playerId);
      seated++;
      chips += chipsOf(occupant);
    }
  }
  // Players busted during a hand-for-hand round have left their seats but are placed at its end.
  const unplaced = state.handForHand?.busts.length ?? 0;
  if (started && seated + unplaced !== state.alive) {
    violations.push(
      `${seated} players seated and ${unplaced} awaiting places, but ${state.alive} alive`,
    );
  }
  const chipsIn =
    totals.entries * rules.startingStack +
    totals.rebuys * (rules.rebuy?.chips ?? 0) +
    totals.addOns * (rules.addOn?.chips ?? 0);
  const removed = state.removedChips ?? 0;
  if (started && chips + removed !== chipsIn) {
    violations.push(
      `chips not conserved: ${chips} on the tables and ${removed} removed, ${chipsIn} bought`,
    );
  }
  const placed = state.eliminations.reduce((sum, g) => sum + g.busts.length, 0);
  if (started && placed + state.alive !== totals.entries) {
    violations.push(`entries lost: ${placed} placed + ${state.alive} alive ≠ ${totals.entries}`);
  }
  // Balancing is for play going on: a cancelled tournament's tables stay as the cancel found them.
  const settled =
    state.phase === "running" &&
    state.handForHand === null &&
    state.tables.every((t) => isSettled(state, t));
  const spread = tableSpread(state.tables);
  if (settled && spread > 1) violations.push(`tables differ by ${spread} players`);
  return violations;
}

/** Most minus fewest players over the tables in play. */
export function tableSpread(tables: readonly Table[]): number {
  if (tables.length === 0) return 0;
  const counts = tables.map(playerCount);
  return Math.max(...counts) - Math.min(...counts);
}

function isSettled(state: TournamentState, table: Table): boolean {
  return !table.handInProgress && !state.pendingRebuys.some((p) => p.table === table.number);
}
