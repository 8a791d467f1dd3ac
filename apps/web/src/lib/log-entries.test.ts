import {
  applyTable,
  createTable,
  type TableCommand,
  type TableState,
  tableViewFor,
} from "@felt/engine";
import { STANDARD_DECK } from "@felt/engine/cards";
import type { StateMessage } from "@felt/protocol";
import { describe, expect, it } from "vitest";
import { groupUpCards, type LogEntry, logEntriesOf, recentLogEntries } from "./log-entries";

/** As the room sends it: the view and the change's events (the rest does not matter here). */
const message = (table: TableState, events: StateMessage["events"] = []) =>
  ({ view: tableViewFor(table, null), events }) as unknown as StateMessage;

function run(table: TableState, command: TableCommand) {
  const result = applyTable(table, command);
  if (!result.ok) throw new Error(result.error.message);
  return result;
}

const deckOf = () => STANDARD_DECK.slice();

describe("the hand log's names", () => {
  it("a line keeps the name of who sat there then, after the seat changes hands", () => {
    const created = createTable({
      hand: { game: "holdem", betting: "no-limit", smallBlind: 1, bigBlind: 2 },
      seatCount: 6,
      minBuyIn: 40,
      maxBuyIn: 200,
    });
    if (!created.ok) throw new Error(created.error.message);
    const sit = (seat: number, name: string): TableCommand => ({
      type: "sit",
      seat,
      playerId: name,
      name,
      buyIn: 100,
    });
    const alice = run(created.state, sit(1, "Alice"));
    const before = message(alice.state, alice.events);
    const left = run(alice.state, { type: "leave", playerId: "Alice" });
    const leaving = logEntriesOf(before, message(left.state, left.events));
    // Seat 1 is empty after the change, but the line is about Alice.
    expect(leaving).toEqual([expect.objectContaining({ names: { 1: "Alice" } })]);

    const carol = run(left.state, sit(1, "Carol"));
    const sitting = logEntriesOf(message(left.state), message(carol.state, carol.events));
    expect(sitting[0]?.names).toEqual({ 1: "Carol" });
    // Alice's line is untouched by Carol's arrival.
    expect(leaving[0]?.names).toEqual({ 1: "Alice" });
    expect(logEntriesOf(before, message(carol.state))).toEqual([]);
  });

  it("a page opened after the players left names them from the hand they were dealt (issue 48, bug 11)", () => {
    const created = createTable({
      hand: { game: "holdem", betting: "no-limit", smallBlind: 1, bigBlind: 2 },
      seatCount: 6,
      minBuyIn: 40,
      maxBuyIn: 200,
    });
    if (!created.ok) throw new Error(created.error.message);
    let table = created.state;
    for (const [seat, name] of [
      [1, "Alice"],
      [2, "Bob"],
    ] as const)
      table = run(table, { type: "sit", seat, playerId: name, name, buyIn: 100 }).state;
    // The snapshot's recent events start at the last hand: the sit-downs are older.
    const recent: StateMessage["events"] = [];
    const dealt = run(table, { type: "startHand", deck: deckOf() });
    recent.push(...dealt.events);
    table = dealt.state;
    for (const playerId of ["Alice", "Bob"]) {
      const gone = run(table, { type: "leave", playerId });
      recent.push(...gone.events);
      table = gone.state;
    }
    while (table.hand && table.hand.phase !== "complete") {
      const step = run(table, { type: "timeout" });
      recent.push(...step.events);
      table = step.state;
    }
    expect(table.seats.every((o) => o === null)).toBe(true);
    const entries = recentLogEntries(message(table), recent);
    const left = entries.filter((e) => e.event.type === "playerLeft");
    expect(left.map((e) => e.names[(e.event as { seat: number }).seat])).toEqual(["Alice", "Bob"]);
  });
});

describe("stud's up cards in the hand log (ST-1)", () => {
  const entry = (event: unknown, handNumber = 1): LogEntry => ({
    handNumber,
    event: { type: "handEvent", handNumber, event } as LogEntry["event"],
    names: {},
  });
  const up = (seat: number, street: string, card: number) =>
    entry({ type: "upCardsDealt", seat, street, cards: [card] });
  const down = (seat: number) => entry({ type: "holeCardsDealt", seat, cards: null });

  it("joins a street's up cards into one entry, across the first street's down cards", () => {
    const grouped = groupUpCards([
      down(1),
      up(1, "third", 0),
      down(2),
      up(2, "third", 5),
      entry({ type: "betPlaced", seat: 1, amount: 1, allIn: false, bringIn: true }),
      up(1, "fourth", 9),
      up(2, "fourth", 13),
      entry({ type: "checked", seat: 1, timedOut: false }),
      up(1, "fifth", 17),
    ]);
    const lines = grouped.filter((g) => g.upCards).map((g) => g.upCards);
    expect(lines).toEqual([
      {
        street: "third",
        deals: [
          { seat: 1, cards: [0] },
          { seat: 2, cards: [5] },
        ],
      },
      {
        street: "fourth",
        deals: [
          { seat: 1, cards: [9] },
          { seat: 2, cards: [13] },
        ],
      },
      { street: "fifth", deals: [{ seat: 1, cards: [17] }] },
    ]);
    // Every other entry stays: two up cards joined the lines before them.
    expect(grouped).toHaveLength(9 - 2);
  });

  it("joins seventh street's down cards into one entry, after the last up cards; the first street's stay apart", () => {
    const own = (seat: number, card: number) =>
      entry({ type: "holeCardsDealt", seat, count: 1, cards: [card] });
    const grouped = groupUpCards([
      down(1),
      up(1, "third", 0),
      down(2),
      up(2, "third", 5),
      entry({ type: "checked", seat: 1, timedOut: false }),
      up(1, "sixth", 9),
      up(2, "sixth", 13),
      entry({ type: "checked", seat: 1, timedOut: false }),
      own(1, 20),
      down(2),
      entry({ type: "checked", seat: 1, timedOut: false }),
    ]);
    expect(grouped.filter((g) => g.downCards).map((g) => g.downCards)).toEqual([
      {
        street: "seventh",
        deals: [
          { seat: 1, cards: [20] },
          { seat: 2, cards: null },
        ],
      },
    ]);
    expect(grouped).toHaveLength(11 - 2 - 1);
  });

  it("a hold'em hand's hole cards make no line of their own", () => {
    const grouped = groupUpCards([
      entry({ type: "handStarted" }),
      down(1),
      down(2),
      entry({ type: "checked", seat: 1, timedOut: false }),
    ]);
    expect(grouped.some((g) => g.downCards)).toBe(false);
    expect(grouped).toHaveLength(4);
  });
});
