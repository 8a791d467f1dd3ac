/**
 * The tournament's two draws (MT-4), from the seeds committed when it opened
 * (docs/fairness.md): the seat draw at the start and the final table's
 * redraw. Tournaments opened before the seeds were committed draw fresh
 * integers.
 */
import { intsFromSeed, seedFromHex, uniformInts } from "@felt/fairness";
import { drawBounds, redrawBounds } from "@felt/tournament";
import type { CommittedSeed } from "../rooms/fairness";
import { type Refusal, refusal } from "./refusals";
import { type Change, changeBy, type Stored } from "./stored";

async function intsOf(committed: CommittedSeed | null | undefined, bounds: number[]) {
  const seed = committed ? seedFromHex(committed.seed) : null;
  return seed ? intsFromSeed(seed, bounds) : uniformInts(bounds);
}

/**
 * The start: the seat draw, or (the package decides, MT-1) the refunds of
 * too small a field. The draw's seed is shown once a draw was made, not for
 * a field cancelled instead.
 */
export async function started(t: Stored, now: number): Promise<Change | Refusal> {
  const randomInts = await intsOf(t.seatDraw, drawBounds(t.state.players.length));
  const change = changeBy(t, { type: "start", randomInts, now });
  if ("ok" in change || !t.seatDraw || change.state.phase !== "running") return change;
  const entrants = t.state.players.map((p) => p.playerId);
  return { ...change, stored: { ...t, seatDraw: { ...t.seatDraw, entrants } } };
}

/** The final table's seats drawn again, once (its seed is shown from then on). */
export async function redrawn(t: Stored, now: number): Promise<Change | Refusal> {
  if (t.finalDraw?.drawn)
    return refusal("already_redrawn", "The final table's seats were already redrawn.");
  const seats = t.state.tables[0]?.seats.length ?? t.state.rules.seatsPerTable;
  const randomInts = await intsOf(t.finalDraw, redrawBounds(seats));
  const change = changeBy(t, { type: "redrawFinalTable", randomInts, now });
  if ("ok" in change || !t.finalDraw) return change;
  return { ...change, stored: { ...t, finalDraw: { ...t.finalDraw, drawn: true } } };
}
