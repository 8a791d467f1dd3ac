/**
 * A table's hands, as the room answers its calls (table-contract.ts): the
 * order for the next hand, or why to wait; and a finished hand's report
 * taken. Pure: each returns the reply and the change for the room to store.
 */
import { apply, clockOf, type Table, type TournamentEvent } from "@felt/tournament";
import { refusalOf } from "./refusals";
import { type Change, type Stored, statusOf } from "./stored";
import { rosterOf } from "./table-calls";
import type { HandReport, NextHand, ReportReply } from "./table-contract";

type HandStarted = Extract<TournamentEvent, { type: "handStarted" }>;

/** The order a table deals from: the package's `handStarted`, with the roster to seat. */
function handOrderOf(
  t: Stored,
  table: Table,
  started: HandStarted,
): Extract<NextHand, { type: "deal" }> {
  return {
    type: "deal",
    hand: started.hand,
    levelNumber: started.levelNumber,
    roster: rosterOf(t, table),
    plan: {
      seats: started.players.map((p) => p.seat),
      button: started.button,
      smallBlind: started.smallBlindSeat,
      bigBlind: started.bigBlindSeat,
      blinds: {
        smallBlind: started.smallBlind,
        bigBlind: started.bigBlind,
        ante: started.ante,
        anteKind: started.anteKind,
      },
    },
  };
}

/** A table between hands asks what to deal next; asking again during a hand gets the same answer. */
export function nextHandFor(
  t: Stored,
  table: number,
  now: number,
): { reply: NextHand; change?: Change } {
  const current = t.state.tables.find((x) => x.number === table);
  if (!current || statusOf(t) !== "running") return { reply: { type: "closed" } };
  const ordered = t.dealt[table];
  if (current.handInProgress && ordered) return { reply: ordered };
  const result = apply(t.state, { type: "startHand", table, now });
  if (!result.ok) {
    const remaining = clockOf(t.state, now)?.remainingMs;
    const retryAt = result.error.code === "on_break" && remaining != null ? now + remaining : null;
    const roster = rosterOf(t, current);
    return { reply: { type: "wait", retryAt, reason: result.error.message, roster } };
  }
  const started = result.events.find((e) => e.type === "handStarted");
  if (started?.type !== "handStarted") throw new Error("startHand without its event");
  const order = handOrderOf(t, current, started);
  const stored = { ...t, dealt: { ...t.dealt, [table]: order } };
  return { reply: order, change: { stored, state: result.state, events: result.events } };
}

/** A table's hand is over: the stacks after it. A report already taken is acknowledged again. */
export function handEndedFor(
  t: Stored,
  report: HandReport,
  now: number,
): { reply: ReportReply; change?: Change } {
  const table = t.state.tables.find((x) => x.number === report.table);
  if (!table?.handInProgress || table.lastHand?.hand !== report.hand)
    return { reply: { ok: true, roster: table ? rosterOf(t, table) : [] } };
  const { stacks } = report;
  const result = apply(t.state, { type: "endHand", table: report.table, stacks, now });
  if (!result.ok) {
    console.error(`tournament ${t.id}: hand ${report.hand} refused:`, result.error);
    return { reply: refusalOf(t.state, result.error) };
  }
  const dealt = { ...t.dealt };
  delete dealt[report.table];
  const after = result.state.tables.find((x) => x.number === report.table);
  const seated = { ...t, state: result.state };
  return {
    reply: { ok: true, roster: after ? rosterOf(seated, after) : [] },
    change: { stored: { ...t, dealt }, state: result.state, events: result.events },
  };
}
