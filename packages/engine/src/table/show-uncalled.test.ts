import { describe, expect, it } from "vitest";
import { applyTable } from "./table";
import { deck, expectRefused, ok, player, run, sit, table } from "./test-support";
import { tableViewFor } from "./view";

/** Heads-up, dealt: whoever acts first folds, so the other wins the blinds uncalled. */
function wonUncalled() {
  const dealt = run(table(), sit(1), sit(2), { type: "startHand", deck: deck() });
  const folder = dealt.hand?.toAct as number;
  const winner = folder === 1 ? 2 : 1;
  const during = run(dealt, { type: "act", playerId: player(folder), action: { type: "fold" } });
  return { dealt, during, folder, winner };
}

describe("showing a hand that won uncalled", () => {
  it("the winner may show his cards once the hand is over: everyone sees them, once", () => {
    const { during, winner } = wonUncalled();
    expect(during.hand?.phase).toBe("complete");
    // Nobody called: his cards are hidden from the others until he shows them.
    expect(
      tableViewFor(during, null).hand?.players.find((p) => p.seat === winner)?.holeCards,
    ).toBeNull();
    const shown = ok(applyTable(during, { type: "showUncalled", playerId: player(winner) }));
    const cards = during.hand?.players.find((p) => p.seat === winner)?.holeCards;
    expect(shown.events).toEqual([
      { type: "handEvent", handNumber: 1, event: { type: "handShown", seat: winner, cards } },
    ]);
    expect(shown.state.version).toBe(during.version + 1);
    const spectator = tableViewFor(shown.state, null).hand?.players.find((p) => p.seat === winner);
    expect(spectator?.holeCards).toEqual(cards);
    // The chips are where they were: showing moves nothing.
    expect(shown.state.seats).toEqual(during.seats);
    expectRefused(
      shown.state,
      { type: "showUncalled", playerId: player(winner) },
      "nothing_to_show",
    );
  });

  it("the player who folded, a spectator's id, and a hand still being played are refused, changing nothing", () => {
    const { dealt, during, folder } = wonUncalled();
    expectRefused(during, { type: "showUncalled", playerId: player(folder) }, "nothing_to_show");
    expectRefused(during, { type: "showUncalled", playerId: "nobody" }, "not_seated");
    expectRefused(dealt, { type: "showUncalled", playerId: player(1) }, "nothing_to_show");
  });
});
