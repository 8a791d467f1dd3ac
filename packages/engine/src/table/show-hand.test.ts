import { describe, expect, it } from "vitest";
import { parseCards } from "../cards";
import { legalActions, stackDeck } from "../hand";
import { applyTable } from "./table";
import { deck, expectRefused, ok, player, run, sit, table } from "./test-support";
import type { TableState } from "./types";
import { tableViewFor } from "./view";

/** Heads-up, dealt: whoever acts first folds, so the other wins the blinds uncalled. */
function wonUncalled() {
  const dealt = run(table(), sit(1), sit(2), { type: "startHand", deck: deck() });
  const folder = dealt.hand?.toAct as number;
  const winner = folder === 1 ? 2 : 1;
  const during = run(dealt, { type: "act", playerId: player(folder), action: { type: "fold" } });
  return { dealt, during, folder, winner };
}

/**
 * Heads-up, checked down: the big blind (first left of the button, so first
 * to show) holds aces, the button 7-2, which is beaten and mucked unless its
 * player chose to show it.
 */
const SHOWDOWN_DECK = () => {
  const stacked = stackDeck(
    "holdem",
    [parseCards("AcAd"), parseCards("7d2c")],
    parseCards("KhQh9s4c3d"),
  );
  if (!stacked.ok) throw new Error(stacked.error.message);
  return stacked.deck;
};

function checkDown(state: TableState) {
  let t = state;
  const events = [];
  while (t.hand && t.hand.phase !== "complete") {
    const seat = t.hand.toAct as number;
    const action = legalActions(t.hand, seat).check
      ? { type: "check" as const }
      : { type: "call" as const };
    const result = ok(applyTable(t, { type: "act", playerId: player(seat), action }));
    events.push(...result.events);
    t = result.state;
  }
  return { state: t, events };
}

const showdownEvents = (events: { type: string; event?: { type: string; seat?: number } }[]) =>
  events.flatMap((e) =>
    e.event && (e.event.type === "handShown" || e.event.type === "handMucked")
      ? [[e.event.type, e.event.seat]]
      : [],
  );

describe("showing a hand after it (S-2)", () => {
  it("S-2 the winner of an uncontested hand may show his cards once it is over: everyone sees them, once", () => {
    const { during, winner } = wonUncalled();
    expect(during.hand?.phase).toBe("complete");
    // Nobody called: his cards are hidden from the others until he shows them.
    expect(
      tableViewFor(during, null).hand?.players.find((p) => p.seat === winner)?.holeCards,
    ).toBeNull();
    const shown = ok(applyTable(during, { type: "show", playerId: player(winner) }));
    const cards = during.hand?.players.find((p) => p.seat === winner)?.holeCards;
    expect(shown.events).toEqual([
      { type: "handEvent", handNumber: 1, event: { type: "handShown", seat: winner, cards } },
    ]);
    expect(shown.state.version).toBe(during.version + 1);
    const spectator = tableViewFor(shown.state, null).hand?.players.find((p) => p.seat === winner);
    expect(spectator?.holeCards).toEqual(cards);
    // The chips are where they were: showing moves nothing.
    expect(shown.state.seats).toEqual(during.seats);
    expectRefused(shown.state, { type: "show", playerId: player(winner) }, "nothing_to_show");
  });

  it("S-2 the player who folded, a spectator's id, and a hand still being played are refused, changing nothing", () => {
    const { dealt, during, folder } = wonUncalled();
    expectRefused(during, { type: "show", playerId: player(folder) }, "nothing_to_show");
    expectRefused(during, { type: "show", playerId: "nobody" }, "not_seated");
    expectRefused(dealt, { type: "show", playerId: player(1) }, "nothing_to_show");
  });

  it("S-2 a hand mucked at the showdown stays hidden, and its player may show it until the next hand is dealt", () => {
    const dealt = run(table(), sit(1), sit(2), { type: "startHand", deck: SHOWDOWN_DECK() });
    const button = dealt.button as number;
    const bigBlind = button === 1 ? 2 : 1;
    const { state: over, events } = checkDown(dealt);
    expect(showdownEvents(events)).toEqual([
      ["handShown", bigBlind],
      ["handMucked", button],
    ]);
    const hidden = (t: TableState, viewer: string | null) =>
      tableViewFor(t, viewer).hand?.players.find((p) => p.seat === button)?.holeCards;
    expect(hidden(over, null)).toBeNull();
    expect(hidden(over, player(bigBlind))).toBeNull();
    // The winner's hand was shown already: nothing more to show.
    expectRefused(over, { type: "show", playerId: player(bigBlind) }, "nothing_to_show");
    const shown = ok(applyTable(over, { type: "show", playerId: player(button) }));
    expect(shown.events).toEqual([
      {
        type: "handEvent",
        handNumber: 1,
        event: { type: "handShown", seat: button, cards: parseCards("7d2c") },
      },
    ]);
    expect(hidden(shown.state, null)).toEqual(parseCards("7d2c"));
    expect(shown.state.seats).toEqual(over.seats);
    // The next hand closes the window.
    const next = run(over, { type: "startHand", deck: deck() });
    expectRefused(next, { type: "show", playerId: player(button) }, "nothing_to_show");
  });

  it("S-2 show my hand, chosen before the hand: the beaten hand is shown at the showdown; only he sees his choice", () => {
    const seated = run(table(), sit(1), sit(2));
    const chose = ok(applyTable(seated, { type: "showMyHand", playerId: player(1), show: true }));
    expect(chose.events).toEqual([]);
    expect(chose.state.version).toBe(seated.version + 1);
    expect(tableViewFor(chose.state, player(1)).myShowMyHand).toBe(true);
    expect(tableViewFor(chose.state, player(2)).myShowMyHand).toBe(false);
    expect(tableViewFor(chose.state, null).myShowMyHand).toBe(false);
    const both = run(chose.state, { type: "showMyHand", playerId: player(2), show: true });
    const dealt = run(both, { type: "startHand", deck: SHOWDOWN_DECK() });
    const button = dealt.button as number;
    const bigBlind = button === 1 ? 2 : 1;
    const { events } = checkDown(dealt);
    expect(showdownEvents(events)).toEqual([
      ["handShown", bigBlind],
      ["handShown", button],
    ]);
  });

  it("S-2 show my hand, chosen during the hand: the hand (and so every clock and pending decision) is untouched until its next action", () => {
    const dealt = run(table(), sit(1), sit(2), { type: "startHand", deck: SHOWDOWN_DECK() });
    const button = dealt.button as number;
    const chose = ok(
      applyTable(dealt, { type: "showMyHand", playerId: player(button), show: true }),
    );
    expect(chose.state.hand).toBe(dealt.hand);
    expect(chose.events).toEqual([]);
    const { events } = checkDown(chose.state);
    expect(showdownEvents(events)).toContainEqual(["handShown", button]);
    // Turned off again before the showdown: mucked as usual.
    const off = run(chose.state, { type: "showMyHand", playerId: player(button), show: false });
    expect(showdownEvents(checkDown(off).events)).toContainEqual(["handMucked", button]);
  });

  it("S-2 show my hand refuses a stranger, a value that is not a boolean, and an act of that name", () => {
    const dealt = run(table(), sit(1), sit(2), { type: "startHand", deck: deck() });
    expectRefused(dealt, { type: "showMyHand", playerId: "nobody", show: true }, "not_seated");
    expectRefused(
      dealt,
      { type: "showMyHand", playerId: player(1), show: "yes" as never },
      "invalid_command",
    );
    expectRefused(
      dealt,
      { type: "act", playerId: player(1), action: { type: "showMyHand" } as never },
      "invalid_command",
    );
  });

  it("S-2 a tournament's reseating keeps the choice of a player who stays in his seat", () => {
    const seating = (stack: number) => ({
      type: "seatPlayers" as const,
      players: [1, 2].map((seat) => ({ seat, playerId: player(seat), name: `P${seat}`, stack })),
    });
    const seated = run(table(), seating(100), {
      type: "showMyHand",
      playerId: player(1),
      show: true,
    });
    const again = run(seated, seating(90));
    expect(tableViewFor(again, player(1)).myShowMyHand).toBe(true);
    expect(tableViewFor(again, player(2)).myShowMyHand).toBe(false);
  });
});
