import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkHistories } from "./bots-histories";

const HAND = `variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 f']
finishing_stacks = [99, 101, 100]
`;
/** A player's copy of a draw hand whose stub ran short twice (others' cards `??`). */
const DRAW_COPY = readFileSync(
  new URL("../../engine/src/phh/fixtures/felt-f5d-reshuffle-players-copy.phh", import.meta.url),
  "utf8",
);

/**
 * Players' copies of live stud hands as `felt bots --game stud7|stud5 --save-histories` saved
 * them (2026-12-07): PHH's F7S and Felt's F5S, others' down cards `??` (ST-8).
 */
const STUD_COPIES = ["stud7", "stud5"].map((game) =>
  readFileSync(new URL(`./fixtures/${game}-bots-players-copy.phh`, import.meta.url), "utf8"),
);

describe("felt bots --save-histories: exactly one history per hand played, each replaying", () => {
  it("ST-8 a stud player's copy from live bots replays, seven-card and five-card", () => {
    expect(STUD_COPIES[0]).toContain("variant = 'F7S'");
    expect(STUD_COPIES[1]).toContain("variant = 'F5S'");
    const saved = new Map(STUD_COPIES.map((text, i) => [`s${i}:1`, text]));
    const played = new Map([
      ["s0", 1],
      ["s1", 1],
    ]);
    expect(checkHistories(played, saved)).toEqual({
      saved: 2,
      missing: [],
      unexpected: [],
      unreplayable: [],
    });
    // The stacks are checked: a copy whose finishing stacks were changed does not replay.
    const tampered = new Map([
      ["s0:1", (STUD_COPIES[0] as string).replace("[252, 161, 211", "[253, 160, 211")],
    ]);
    expect(checkHistories(new Map([["s0", 1]]), tampered).unreplayable).toHaveLength(1);
  });

  it("§4 every hand has its history and each replays, a reshuffled draw copy too", () => {
    const played = new Map([
      ["t1", 2],
      ["t2", 1],
    ]);
    const saved = new Map([
      ["t1:1", HAND],
      ["t1:2", DRAW_COPY],
      ["t2:1", HAND],
    ]);
    expect(checkHistories(played, saved)).toEqual({
      saved: 3,
      missing: [],
      unexpected: [],
      unreplayable: [],
    });
  });

  it("names the hands without a history, the histories of hands not counted, and those that do not replay", () => {
    const played = new Map([["t1", 3]]);
    const saved = new Map([
      ["t1:1", HAND],
      ["t1:2", HAND.replace("[99, 101, 100]", "[100, 100, 100]")],
      ["t1:4", HAND.replace("'p3 f'", "'p1 f'")],
    ]);
    expect(checkHistories(played, saved)).toEqual({
      saved: 3,
      missing: ["t1:3"],
      unexpected: ["t1:4"],
      unreplayable: [
        { handId: "t1:2", error: "finishing_stacks differ" },
        { handId: "t1:4", error: expect.stringMatching(/^not_your_turn: /) },
      ],
    });
  });
});
