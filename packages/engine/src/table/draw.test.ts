import { describe, expect, it } from "vitest";
import { deckOf } from "../eval";
import { legalActions } from "../hand";
import { applyTable, chipsOnTable } from "./table";
import { expectRefused, ok, run, sit, table } from "./test-support";
import type { TableState } from "./types";
import { tableViewFor } from "./view";

const DRAW_7A = {
  game: "five-card-draw" as const,
  betting: "fixed-limit" as const,
  smallBlind: 1,
  bigBlind: 2,
  deckType: "7A" as const,
};

/** Calls or checks every bet, discards as many cards as allowed (first ones), shows at the end. */
function playOut(start: TableState, reshuffles: { count: number }) {
  let t = start;
  while (t.hand && t.hand.phase !== "complete") {
    const need = t.hand.needsReshuffle;
    if (need) {
      expect(t.hand.toAct).toBeNull();
      expectRefused(t, { type: "timeout" }, "reshuffle_pending");
      expectRefused(t, { type: "reshuffle", order: need.cards.slice(1) }, "invalid_reshuffle");
      t = run(t, { type: "reshuffle", order: need.cards.slice().reverse() });
      reshuffles.count += 1;
      continue;
    }
    const seat = t.hand.toAct as number;
    const playerId = t.seats[seat - 1]?.playerId as string;
    const legal = legalActions(t.hand, seat);
    if (legal.draw) {
      const cards = t.hand.players.find((p) => p.seat === seat)?.holeCards ?? [];
      const discard = cards.slice(0, Math.min(legal.draw.max, 2));
      t = run(t, { type: "act", playerId, action: { type: "draw", discard } });
      continue;
    }
    const action = legal.check ? { type: "check" as const } : { type: "call" as const };
    t = run(t, { type: "act", playerId, action });
  }
  return t;
}

describe("five-card draw through the table layer", () => {
  it("plays a hand with draws, counts shown to everyone (S-3), chips conserved", () => {
    let t = run(table({ hand: DRAW_7A }), sit(1), sit(2));
    const before = chipsOnTable(t);
    t = ok(
      applyTable(t, { type: "startHand", deck: deckOf({ deckType: "7A", wild: "none" }) }),
    ).state;
    // Pre-draw: call, check.
    while (t.hand?.phase === "betting") {
      const seat = t.hand.toAct as number;
      const legal = legalActions(t.hand, seat);
      const action = legal.check ? { type: "check" as const } : { type: "call" as const };
      t = run(t, { type: "act", playerId: `p${seat}`, action });
    }
    expect(t.hand?.phase).toBe("draw");
    const seat = t.hand?.toAct as number;
    const other = seat === 1 ? 2 : 1;
    // Not his turn / not his cards / a draw outside the draw phase.
    expectRefused(
      t,
      { type: "act", playerId: `p${other}`, action: { type: "draw", discard: [] } },
      "not_your_turn",
    );
    const mine = t.hand?.players.find((p) => p.seat === seat)?.holeCards ?? [];
    t = run(t, {
      type: "act",
      playerId: `p${seat}`,
      action: { type: "draw", discard: mine.slice(0, 3) },
    });
    t = run(t, { type: "act", playerId: `p${other}`, action: { type: "draw", discard: [] } });
    const view = tableViewFor(t, null);
    const drew = Object.fromEntries((view.hand?.players ?? []).map((p) => [p.seat, p.drew]));
    expect(drew).toEqual({ [seat]: 3, [other]: 0 });
    t = playOut(t, { count: 0 });
    expect(t.hand?.phase).toBe("complete");
    expect(chipsOnTable(t)).toBe(before);
  });

  it("the room's reshuffle goes through when the stub runs short; timeout waits for it", () => {
    let t = run(table({ hand: DRAW_7A }), sit(1), sit(2), sit(3), sit(4), sit(5), sit(6));
    const before = chipsOnTable(t);
    t = ok(
      applyTable(t, { type: "startHand", deck: deckOf({ deckType: "7A", wild: "none" }) }),
    ).state;
    const reshuffles = { count: 0 };
    t = playOut(t, reshuffles);
    expect(reshuffles.count).toBeGreaterThan(0);
    expect(t.hand?.phase).toBe("complete");
    expect(chipsOnTable(t)).toBe(before);
  });

  it("refuses a reshuffle when none is due", () => {
    const t = run(table({ hand: DRAW_7A }), sit(1), sit(2));
    expectRefused(t, { type: "reshuffle", order: [] }, "no_hand_in_progress");
    const dealt = ok(
      applyTable(t, { type: "startHand", deck: deckOf({ deckType: "7A", wild: "none" }) }),
    ).state;
    const result = applyTable(dealt, { type: "reshuffle", order: [] });
    expect(result.ok).toBe(false);
  });
});
