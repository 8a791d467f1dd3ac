import type { TournamentRules } from "@felt/tournament";
import { describe, expect, it } from "vitest";
import { refusalParams } from "./refusals";

const rules = {
  maxEntries: 60,
  reEntry: { maxEntriesPerPlayer: 3 },
  rebuy: { untilLevel: 6, stackAtMost: 0, maxPerEntry: null, chips: 10_000, prize: 100, fee: 10 },
  addOn: { fromLevel: 6, untilLevel: 7, chips: 10_000, prize: 100, fee: 10 },
} as unknown as TournamentRules;

describe("tournament refusals", () => {
  it("carry the numbers the state machine's English quotes", () => {
    expect(refusalParams(rules, "tournament_full")).toEqual({ maxEntries: 60 });
    expect(refusalParams(rules, "re_entry_limit")).toEqual({ maxEntriesPerPlayer: 3 });
    expect(refusalParams(rules, "rebuy_closed")).toEqual({ untilLevel: 6 });
    expect(refusalParams(rules, "rebuy_limit")).toBeUndefined(); // unlimited: never refused
    expect(refusalParams(rules, "stack_too_large")).toEqual({ stackAtMost: 0 });
    expect(refusalParams(rules, "add_on_closed")).toEqual({ fromLevel: 6, untilLevel: 7 });
    expect(refusalParams(rules, "already_registered")).toBeUndefined();
  });
});
