import { describe, expect, it } from "vitest";
import { handSeatOf } from "./support";
import { applyTable } from "./table";
import { deck, ok, run, sit, table } from "./test-support";
import type { TableState } from "./types";
import { tableViewFor } from "./view";

/** Three players dealt in; seat 3 folds and leaves, so the hand ends with his cards unshown. */
function handWithALeaver(): TableState {
  let t = run(table(), sit(1), sit(2), sit(3), { type: "startHand", deck: deck() });
  // Everyone folds in turn until one is left: nobody shows.
  while (t.hand?.phase !== "complete") {
    const seat = t.hand?.toAct as number;
    t = ok(applyTable(t, { type: "act", playerId: `p${seat}`, action: { type: "fold" } })).state;
    if (seat === 3 || t.seats[2]?.playerId === "p3")
      t = ok(applyTable(t, { type: "leave", playerId: "p3" })).state;
  }
  return t;
}

describe("views follow the player, not the seat", () => {
  it("a newcomer in a just-vacated seat sees none of the last occupant's unshown cards", () => {
    const ended = handWithALeaver();
    expect(ended.seats[2]).toBeNull();
    const leaverCards = ended.hand?.players.find((p) => p.seat === 3)?.holeCards;
    expect(leaverCards).toHaveLength(2);
    const newcomer = run(ended, {
      type: "sit",
      seat: 3,
      playerId: "newcomer",
      name: "Newcomer",
      buyIn: 100,
    });
    expect(newcomer.seats[2]?.playerId).toBe("newcomer");
    const view = tableViewFor(newcomer, "newcomer");
    expect(view.mySeat).toBe(3);
    // Seat 3 of the last hand is someone else's: no cards, no actions.
    expect(view.hand?.players.find((p) => p.seat === 3)?.holeCards).toBeNull();
    expect(view.hand?.players.every((p) => p.holeCards === null)).toBe(true);
    expect(JSON.stringify(view)).not.toContain(JSON.stringify(leaverCards));
    expect(handSeatOf(newcomer, "newcomer")).toBeNull();
  });

  it("players dealt in keep seeing their own cards of the last hand, even after leaving", () => {
    const ended = handWithALeaver();
    expect(handSeatOf(ended, "p3")).toBe(3);
    const own = ended.hand?.players.find((p) => p.seat === 3)?.holeCards;
    const view = tableViewFor(ended, "p3");
    expect(view.mySeat).toBeNull();
    expect(view.hand?.players.find((p) => p.seat === 3)?.holeCards).toEqual(own);
    expect(
      tableViewFor(ended, "p1").hand?.players.find((p) => p.seat === 1)?.holeCards,
    ).toHaveLength(2);
  });

  it("a table stored before it kept who was dealt in shows the hand's cards only while it runs", () => {
    const running = run(table(), sit(1), sit(2), { type: "startHand", deck: deck() });
    const { dealtIn: _, ...legacy } = running;
    expect(tableViewFor(legacy, "p1").hand?.players[0]?.holeCards).not.toBeNull();
    const ended = handWithALeaver();
    const { dealtIn: __, ...legacyEnded } = ended;
    expect(tableViewFor(legacyEnded, "p1").hand?.players.every((p) => p.holeCards === null)).toBe(
      true,
    );
  });
});
