/**
 * The feed's guess from the events: a delta carries no chips that its events
 * already moved, and a guess the events cannot make is set by the patch (the
 * api's feed.test.ts folds random play for every viewer; this pins the bytes).
 */
import {
  applyTable,
  createTable,
  deckOf,
  eventsFor,
  type TableCommand,
  type TableEvent,
  type TableState,
  tableViewFor,
} from "@felt/engine";
import { describe, expect, it } from "vitest";
import { changeDeltas, deltaOf, followFeed } from "./feed";
import { type DeltaMessage, type StateMessage, serverMessageSchema } from "./table";

function stateOf(state: TableState, seat: number | null, events: TableEvent[], feed: number) {
  const playerId = seat === null ? null : `p${seat}`;
  const message = {
    type: "state",
    tableId: "t1",
    feed,
    view: tableViewFor(state, playerId),
    you: playerId === null ? null : { playerId, name: playerId },
    clock: null,
    fairness: null,
    rules: state.hand?.rules ?? null,
    events: events.map((e) =>
      e.type === "handEvent" ? { ...e, event: eventsFor([e.event], seat)[0] ?? e.event } : e,
    ),
    nextHandAt: null,
    tournament: null,
  };
  return JSON.parse(JSON.stringify(message)) as StateMessage;
}

/** A command, or one worked out from the table as it then is (null: none left). */
type Step = TableCommand | ((state: TableState) => TableCommand | null);

/** Plays `commands`; for each, every viewer's delta, and the state folded from it. */
function play(steps: Step[]) {
  const created = createTable({
    seatCount: 6,
    minBuyIn: 40,
    maxBuyIn: 200,
    hand: { game: "holdem", betting: "no-limit", smallBlind: 1, bigBlind: 2 },
  });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  const deltas: {
    seat: number | null;
    command: string;
    delta: DeltaMessage;
    fromShared: DeltaMessage;
    patch: unknown;
    folded: unknown;
    whole: unknown;
  }[] = [];
  for (const [i, step] of steps.entries()) {
    const command = typeof step === "function" ? step(state) : step;
    if (!command) continue;
    const result = applyTable(state, command);
    if (!result.ok) throw new Error(`${command.type}: ${result.error.message}`);
    const shared = changeDeltas(
      stateOf(state, null, [], i),
      stateOf(result.state, null, result.events, i + 1),
    );
    for (const seat of [null, 1, 2, 3]) {
      const before = stateOf(state, seat, [], i);
      const after = stateOf(result.state, seat, result.events, i + 1);
      const delta = deltaOf(before, after);
      const wire = serverMessageSchema.parse(JSON.parse(JSON.stringify(delta)));
      if (wire.type !== "delta") throw new Error(`a ${wire.type} for a delta`);
      const followed = followFeed(before, wire);
      deltas.push({
        seat,
        command: command.type === "act" ? command.action.type : command.type,
        delta: wire,
        fromShared: shared(before, after),
        patch: delta.patch,
        folded: followed.ok ? followed.state : followed,
        whole: after,
      });
    }
    state = result.state;
  }
  return deltas;
}

/** The keys a patch walks down (not those inside the values it sets). */
function pathsOf(patch: unknown): string[] {
  if (typeof patch !== "object" || patch === null || Array.isArray(patch)) return [];
  return Object.entries(patch).flatMap(([key, inner]) => [key, ...pathsOf(inner)]);
}

const act = (seat: number, action: Extract<TableCommand, { type: "act" }>["action"]) =>
  ({ type: "act", playerId: `p${seat}`, action }) as TableCommand;

/** Whoever is to act checks (the showdown plays itself). */
const checkOrShow = (state: TableState): TableCommand | null => {
  const seat = state.hand?.phase === "complete" ? null : (state.hand?.toAct ?? null);
  if (seat === null) return null;
  return act(seat, { type: "check" });
};

describe("the feed's guess from the events", () => {
  const deltas = play([
    { type: "sit", seat: 1, playerId: "p1", name: "p1", buyIn: 200 },
    { type: "sit", seat: 2, playerId: "p2", name: "p2", buyIn: 200 },
    { type: "sit", seat: 3, playerId: "p3", name: "p3", buyIn: 200 },
    { type: "startHand", deck: deckOf({ deckType: "52", wild: "none" }) },
    act(1, { type: "call" }),
    act(2, { type: "betOrRaiseTo", amount: 10 }),
    act(3, { type: "fold" }),
    act(1, { type: "call" }),
    ...Array.from({ length: 10 }, () => checkOrShow),
  ]);

  it("folds every viewer's delta into exactly the whole state", () => {
    for (const { folded, whole } of deltas) expect(folded).toEqual(whole);
  });

  it("a change's deltas with the shared part taken once are each viewer's own delta", () => {
    for (const { delta, fromShared } of deltas) expect(fromShared).toEqual(delta);
  });

  it("a delta packs its events: bare, a deal's hidden cards in one, nothing the state held", () => {
    const deals = deltas.filter((d) => d.command === "startHand");
    expect(deals).toHaveLength(4);
    for (const { seat, delta, folded } of deals) {
      expect(delta.hand).toBe(1);
      const [start, ...rest] = delta.events;
      // The first deal's rules are news; the players' names are their seats'.
      expect(start).toMatchObject({ type: "handStarted", seatNames: true });
      expect(start && "rules" in start).toBe(true);
      expect(start && "players" in start && start.players.some((p) => "name" in p)).toBe(false);
      // Only a player's own cards are dealt face up to him.
      const faceUp = rest.filter((e) => e.type === "holeCardsDealt");
      expect(faceUp).toHaveLength(seat === null ? 0 : 1);
      const hidden = rest.filter((e) => e.type === "hiddenCardsDealt");
      expect(hidden.flatMap((e) => ("seats" in e ? e.seats : [])).length).toBeGreaterThan(0);
      // Unpacked, every event is back in its envelope with its names and rules.
      const events = (folded as StateMessage).events;
      expect(events.every((e) => e.type === "handEvent")).toBe(true);
      expect(
        events.filter((e) => e.type === "handEvent" && e.event.type === "holeCardsDealt"),
      ).toHaveLength(3);
    }
    const sat = deltas.find((d) => d.command === "sit");
    expect(sat?.delta.hand).toBeUndefined();
    expect(sat?.delta.events.map((e) => e.type)).toEqual(["playerSat"]);
    // The settlement's stacks are the hand's end's, given once.
    const settled = deltas.flatMap(({ delta }) =>
      delta.events.flatMap((e) => (e.type === "handSettled" ? [e] : [])),
    );
    expect(settled).toHaveLength(4);
    for (const e of settled) expect(e.stacks).toBeUndefined();
  });

  it("a deal whose rules the state held is sent without them; with none held, it is a mismatch", () => {
    const [deal] = deltas.filter((d) => d.command === "startHand");
    if (!deal) throw new Error("no deal");
    const before = { ...(deal.whole as StateMessage), feed: deal.delta.feed - 1 };
    const { events } = deal.folded as StateMessage;
    const again = deltaOf(before, { ...before, feed: deal.delta.feed }, events);
    const start = again.events.find((e) => e.type === "handStarted");
    expect(start && "rules" in start).toBe(false);
    expect(followFeed(before, again)).toMatchObject({ ok: true, state: { events } });
    expect(followFeed({ ...before, rules: null }, again)).toEqual({
      ok: false,
      reason: "mismatch",
    });
  });

  it("the hand's end carries no stacks, shown cards or awards: the events said them", () => {
    const ends = deltas.filter(({ whole }) =>
      (whole as StateMessage).events.some((e) => e.type === "handSettled"),
    );
    expect(ends).toHaveLength(4);
    for (const { patch } of ends) {
      const paths = pathsOf(patch);
      for (const key of ["stack", "holeCards", "shown", "awards", "totalPot", "phase"])
        expect(paths).not.toContain(key);
    }
  });

  it("a call, a raise or a fold carries no stack, bet, pot or version: the events moved them", () => {
    const moves = deltas.filter((d) => ["call", "betOrRaiseTo", "fold"].includes(d.command));
    expect(moves).toHaveLength(16);
    for (const { patch } of moves) {
      const paths = pathsOf(patch);
      for (const key of ["stack", "bet", "committed", "totalPot", "version", "folded", "inHand"])
        expect(paths).not.toContain(key);
    }
  });
});
