import { parsePhh } from "@felt/engine";
import { describe, expect, it } from "vitest";
import { checkFairness } from "./fairness";

const plain = [
  "variant = 'NT'",
  "antes = [0, 0]",
  "blinds_or_straddles = [1, 2]",
  "min_bet = 2",
  "starting_stacks = [100, 100]",
  "actions = ['d dh p1 AsKs', 'd dh p2 ????', 'p2 f']",
].join("\n");

describe("the replayer's fairness check", () => {
  it("a hand dealt before deals carried a proof is unavailable; a broken proof is malformed", async () => {
    const old = parsePhh(plain);
    if (!old.ok) throw new Error(old.error.message);
    expect(await checkFairness(old.history)).toEqual({ status: "unavailable" });
    const broken = parsePhh(`${plain}\n_felt_fairness = 'felt-merkle-v1'\n_felt_root = 'nope'`);
    if (!broken.ok) throw new Error(broken.error.message);
    expect(await checkFairness(broken.history)).toEqual({
      status: "malformed",
      field: "_felt_root",
    });
  });
});
