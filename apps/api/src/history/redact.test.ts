import { parsePhh } from "@felt/engine";
import { describe, expect, it } from "vitest";
import { redactPhh } from "./redact";

/** Three-handed fixed-limit draw: p1 folds, p2 and p3 draw and show down. */
const DRAW = `variant = 'F5D'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100]
seats = [1, 2, 3]
actions = [
  'd dh p1 2c3c4c5c7d',
  'd dh p2 AcAdKs9h4h',
  'd dh p3 QcQdJs8h6s',
  'p3 cc',
  'p1 f',
  'p2 cc',
  'p2 sd 9h4h',
  'd dh p2 AhTs',
  'p3 sd Js8h6s',
  'd dh p3 Qh2d3d',
  'p2 cc',
  'p3 cc',
  'p2 sm AcAdKsAhTs',
  'p3 sm QcQdQh2d3d',
]
`;

const actionsOf = (text: string | null) => {
  const parsed = parsePhh(text ?? "");
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.history.actions;
};

describe("redactPhh", () => {
  it("S-3 draw: another player's discards stay hidden, even when his hand is shown", () => {
    const forP1 = redactPhh(DRAW, 1) ?? "";
    expect(forP1).toContain("'d dh p1 2c3c4c5c7d'");
    // p2 showed AcAdKsAhTs: those are known; the 9h and 4h he threw away are not.
    expect(forP1).toContain("'d dh p2 AcAdKs????'");
    expect(forP1).toContain("'p2 sd ????'");
    expect(forP1).toContain("'d dh p2 AhTs'");
    expect(forP1).toContain("'p3 sd ??????'");
    for (const card of ["9h", "4h", "Js", "8h", "6s"]) expect(forP1).not.toContain(card);
    // His own discards he sees, and the fold keeps p1's cards from the others.
    const forP2 = redactPhh(DRAW, 2) ?? "";
    expect(forP2).toContain("'p2 sd 9h4h'");
    expect(forP2).toContain("'d dh p1 ??????????'");
    expect(actionsOf(forP2)).toHaveLength(actionsOf(DRAW).length);
  });
});
