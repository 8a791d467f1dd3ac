/**
 * What a poker table's alarm does when it fires (or a change stands for it):
 * the timers' work in order, then the next deal with the auto-rebuys before
 * it. The rules of what is due are the engine's (`dueWork`, room-state.ts).
 */
import { autoRebuys } from "./cash-money";
import { closeIfEnded } from "./home-mode";
import { dueWork } from "./room-state";
import { playPendingStakes } from "./stake-change";
import type { TablePipeline } from "./table-pipeline";
import { dealTournamentHand, reportTournamentHand } from "./tournament-mode";

export async function runDue(pipeline: TablePipeline, now: number): Promise<void> {
  const due = dueWork(pipeline.current, now);
  // T-12: a seat offer ran out; the change settles the list, offering the seat to the next.
  if (due.waitlist) pipeline.changeRoom(now, (room) => room);
  // A timed-out player checks or folds; the table layer sits him out after two in a row.
  if (due.timeout) await pipeline.apply({ type: "timeout" }, now);
  for (const playerId of due.expired) await pipeline.apply({ type: "leave", playerId }, now);
  if (due.restake) await playPendingStakes(pipeline, now);
  // H-3: a home game with nothing to deal closes at its end time (`startHand` with `now` says so).
  if (due.endTime) {
    await pipeline.deal(now, (deck) => ({ type: "startHand", deck, now }));
    return closeIfEnded(pipeline, now);
  }
  // A tournament hand that just settled is reported at once (MT-1: rebuys wait on it).
  if (dueWork(pipeline.current, now).report) await reportTournamentHand(pipeline, now);
  if (!dueWork(pipeline.current, now).deal) return;
  if (pipeline.current.room.tournament) return dealTournamentHand(pipeline, now);
  const topUps = await autoRebuys(pipeline, now);
  const toppedUp = topUps ? { ...pipeline.current, table: topUps.table } : pipeline.current;
  if (!dueWork(toppedUp, now).deal) {
    if (topUps) pipeline.commitPending(topUps, now);
    return;
  }
  // H-3: the deal carries the time; at a home game's end time it closes the table instead.
  await pipeline.deal(now, (deck) => ({ type: "startHand", deck, now }), undefined, topUps);
  await closeIfEnded(pipeline, now);
}
