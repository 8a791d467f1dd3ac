/**
 * The hand log's lines as they happened: each event keeps the names of the
 * players who sat in the seats at that moment, so a line about Alice still
 * says Alice after Carol takes her seat, or after a tournament's tables close.
 */
import type { TableEvent } from "@felt/engine";
import type { Card } from "@felt/engine/cards";
import type { StateMessage } from "@felt/protocol";

export type LogEntry = {
  handNumber: number;
  event: TableEvent;
  /** Seat number → the name of whoever sat there when the event happened. */
  names: Record<number, string>;
};

function namesOf(state: StateMessage | null): Record<number, string> {
  const names: Record<number, string> = {};
  for (const seat of state?.view.seats ?? []) if (seat) names[seat.seat] = seat.name;
  return names;
}

/**
 * The log entries of a change from `before` to `after`. A seat's name is the
 * one it had before the change (the player the event is about, even one who
 * just left); a seat that was empty takes its new occupant's.
 */
export function logEntriesOf(before: StateMessage | null, after: StateMessage): LogEntry[] {
  if (after.events.length === 0) return [];
  const names = { ...namesOf(after), ...namesOf(before) };
  const handNumber = after.view.handNumber;
  return after.events.map((event) => ({ handNumber, event, names }));
}

/**
 * The log entries of a snapshot's recent events (a page opened mid-hand).
 * Seats are named as they are now; a seat empty now by the name its player
 * sat down with, or was dealt in with, if that is among the events (issue 48,
 * bug 11: a table whose players had left named them "Seat 2").
 */
export function recentLogEntries(state: StateMessage, recent: readonly TableEvent[]): LogEntry[] {
  const names = namesOf(state);
  for (const event of recent) {
    if (event.type === "playerSat") names[event.seat] ??= event.name;
    if (event.type === "handEvent" && event.event.type === "handStarted")
      for (const p of event.event.players) if (p.name !== undefined) names[p.seat] ??= p.name;
  }
  const handNumber = state.view.handNumber;
  return recent.map((event) => ({ handNumber, event, names }));
}

export type UpCards = { street: string; deals: { seat: number; cards: Card[] }[] };

/**
 * Stud: a street's up cards, dealt one event per player, joined into one entry (one log line).
 * The first street deals each player his down cards between the up cards (events with no line).
 */
export function groupUpCards(log: LogEntry[]): (LogEntry & { upCards?: UpCards })[] {
  const out: (LogEntry & { upCards?: UpCards })[] = [];
  let open: UpCards | null = null;
  for (const entry of log) {
    const e = entry.event.type === "handEvent" ? entry.event.event : null;
    if (e?.type === "holeCardsDealt") {
      out.push(entry);
      continue;
    }
    if (e?.type !== "upCardsDealt") {
      open = null;
      out.push(entry);
      continue;
    }
    if (open && open.street === e.street) open.deals.push({ seat: e.seat, cards: e.cards });
    else {
      open = { street: e.street, deals: [{ seat: e.seat, cards: e.cards }] };
      out.push({ ...entry, upCards: open });
    }
  }
  return out;
}
