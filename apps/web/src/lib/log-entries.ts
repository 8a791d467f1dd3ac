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
/** Stud's later down card (seventh street): a card to each player still in, the viewer's own face up. */
export type DownCards = { street: string; deals: { seat: number; cards: Card[] | null }[] };

const STUD_STREETS = ["second", "third", "fourth", "fifth", "sixth", "seventh"];
type Grouped = LogEntry & { upCards?: UpCards; downCards?: DownCards };

const handEventOf = (entry: LogEntry | undefined) =>
  entry?.event.type === "handEvent" ? entry.event.event : null;

/**
 * Stud: a street's up cards, dealt one event per player, joined into one entry (one log line).
 * The first street deals each player his down cards just before his up cards (events with no
 * line). A down card with no up card after it is a later street's (seventh street): those
 * are joined into one line too, named after the street that follows the last up cards.
 */
export function groupUpCards(log: LogEntry[]): Grouped[] {
  const out: Grouped[] = [];
  let open: UpCards | null = null;
  let openDown: DownCards | null = null;
  let lastUpStreet: string | null = null;
  log.forEach((entry, i) => {
    const e = handEventOf(entry);
    if (e?.type === "handStarted") lastUpStreet = null;
    if (e?.type === "holeCardsDealt") {
      const next = handEventOf(log[i + 1]);
      const firstStreet = next?.type === "upCardsDealt" && next.seat === e.seat;
      if (firstStreet || lastUpStreet === null) {
        out.push(entry);
        return;
      }
      open = null;
      const deal = { seat: e.seat, cards: e.cards };
      if (openDown) openDown.deals.push(deal);
      else {
        const street = STUD_STREETS[STUD_STREETS.indexOf(lastUpStreet) + 1] ?? lastUpStreet;
        openDown = { street, deals: [deal] };
        out.push({ ...entry, downCards: openDown });
      }
      return;
    }
    openDown = null;
    if (e?.type !== "upCardsDealt") {
      open = null;
      out.push(entry);
      return;
    }
    lastUpStreet = e.street;
    if (open && open.street === e.street) open.deals.push({ seat: e.seat, cards: e.cards });
    else {
      open = { street: e.street, deals: [{ seat: e.seat, cards: e.cards }] };
      out.push({ ...entry, upCards: open });
    }
  });
  return out;
}
