import type { HandView, LegalActions } from "@felt/engine";
import { describe, expect, it } from "vitest";
import { moveFor, offeredPreActions, type PreAction, stillStands, toCallOf } from "./pre-actions";

const legal = (over: Partial<LegalActions>): LegalActions => ({
  fold: false,
  check: false,
  call: null,
  betOrRaise: null,
  draw: null,
  ...over,
});
const FREE = legal({ check: true, betOrRaise: { kind: "bet", min: 2, max: 100 } });
const FACING = (amount: number) =>
  legal({
    fold: true,
    call: { amount, allIn: false },
    betOrRaise: { kind: "raise", min: 8, max: 100 },
  });
const pre = (kind: PreAction["kind"], toCall = 0): PreAction => ({
  kind,
  handNumber: 3,
  street: "flop",
  toCall,
});
const at = (toCall: number, street: PreAction["street"] = "flop", handNumber = 3) => ({
  handNumber,
  street,
  toCall,
});

describe("pre-actions", () => {
  it("B-1 check/fold and fold to any bet check while checking is free, and fold only facing a bet", () => {
    for (const kind of ["checkFold", "foldToAnyBet"] as const) {
      expect(moveFor(pre(kind), FREE)).toEqual({ type: "check" });
      expect(moveFor(pre(kind), FACING(4))).toEqual({ type: "fold" });
    }
  });

  it("check and call the amount are cleared when the bet they were picked against changes", () => {
    expect(stillStands(pre("check"), at(0))).toBe(true);
    expect(stillStands(pre("check"), at(4))).toBe(false);
    expect(stillStands(pre("call", 4), at(4))).toBe(true);
    expect(stillStands(pre("call", 4), at(10))).toBe(false);
    // A call picked for 4 never calls 10, even if it were still set.
    expect(moveFor(pre("call", 4), FACING(10))).toBeNull();
    expect(moveFor(pre("call", 4), FACING(4))).toEqual({ type: "call" });
    // Check never becomes a fold or a call.
    expect(moveFor(pre("check"), FACING(4))).toBeNull();
  });

  it("check/fold and call any last their betting round, fold to any bet the hand", () => {
    expect(stillStands(pre("checkFold"), at(10))).toBe(true);
    expect(stillStands(pre("callAny"), at(10))).toBe(true);
    expect(stillStands(pre("checkFold"), at(0, "turn"))).toBe(false);
    expect(stillStands(pre("callAny"), at(0, "turn"))).toBe(false);
    expect(stillStands(pre("foldToAnyBet"), at(0, "river"))).toBe(true);
    for (const kind of ["checkFold", "check", "call", "callAny", "foldToAnyBet"] as const)
      expect(stillStands(pre(kind), at(0, "flop", 4))).toBe(false);
    expect(moveFor(pre("callAny"), FACING(40))).toEqual({ type: "call" });
    expect(moveFor(pre("callAny"), FREE)).toEqual({ type: "check" });
  });

  it("offers Check while checking is free and Call with its amount facing a bet", () => {
    expect(offeredPreActions(0)).toEqual(["checkFold", "check", "callAny", "foldToAnyBet"]);
    expect(offeredPreActions(6)).toEqual(["checkFold", "call", "callAny", "foldToAnyBet"]);
  });

  it("what a call costs: the difference to the highest bet, never more than the stack", () => {
    const hand = {
      players: [
        { seat: 1, stack: 50, bet: 2 },
        { seat: 2, stack: 5, bet: 0 },
        { seat: 3, stack: 90, bet: 10 },
      ],
    } as unknown as HandView;
    expect(toCallOf(hand, 1)).toBe(8);
    expect(toCallOf(hand, 2)).toBe(5);
    expect(toCallOf(hand, 3)).toBe(0);
  });
});
