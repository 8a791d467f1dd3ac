import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parsePhhsEntries } from "@felt/engine";
import { describe, expect, it } from "vitest";
import { auditHistory, HISTORY_FIELDS, verifyHistory } from "./history";
import { buildExampleHands, buildVectors, type Vectors } from "./vectors";

const repo = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
const VECTORS = repo("docs/fairness-vectors.json");
const VERIFIER = repo("examples/fairness/verify.py");
const PHH_VERIFIER = repo("examples/fairness/verify_phh.py");
const HANDS = repo("examples/fairness/hands.phhs");
const readVectors = (): Vectors => JSON.parse(readFileSync(VECTORS, "utf8"));

/** A Python verifier on a file. No python3 is a failure, never a skip: the check would be gone. */
function verify(
  file: string,
  env = process.env,
  verifier = VERIFIER,
): { status: number | null; output: string } {
  const run = spawnSync("python3", [verifier, file], { encoding: "utf8", env });
  if (run.error) {
    throw new Error(
      `python3 is needed to check docs/fairness-vectors.json without our code (${run.error.message}): install it with 'bash scripts/ensure-python.sh' or 'apt-get install python3'`,
    );
  }
  return { status: run.status, output: run.stdout + run.stderr };
}

/** `text` in a file of its own. */
function tempFile(name: string, text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), "felt-vectors-")), name);
  writeFileSync(file, text);
  return file;
}

/** A copy of the vectors with one change. */
function corrupted(change: (v: Vectors) => void): string {
  const copy = readVectors();
  change(copy);
  return tempFile("vectors.json", JSON.stringify(copy));
}

const verifyHands = (text: string) =>
  verify(tempFile("hands.phhs", text), process.env, PHH_VERIFIER);

describe("docs/fairness-vectors.json", () => {
  it("is exactly what our code makes (regenerate with `pnpm --filter @felt/fairness vectors`)", async () => {
    expect(readVectors()).toEqual(JSON.parse(JSON.stringify(await buildVectors())));
  });

  it("covers every deck and a tampered leaf", () => {
    const v = readVectors();
    expect(v.deals.map((d) => d.deck.length)).toEqual([52, 52, 32, 53, 34, 52]);
    expect(v.proofs.map((p) => p.valid)).toEqual([true, true, true, false, false]);
  });
});

// Each run of the verifier starts a Python: seconds on a busy machine.
const SLOW = { timeout: 60_000 };

describe("examples/fairness/verify.py (no TypeScript)", SLOW, () => {
  it("rebuilds every deck, salt, leaf and root of the vectors and checks every proof", () => {
    const { status, output } = verify(VECTORS);
    expect(output).not.toContain("FAIL");
    expect(status).toBe(0);
    const v = readVectors();
    for (const d of v.deals) {
      expect(output).toContain(
        `ok   deal ${d.name}: commitment, deck key, cards, swaps, deck, salts, leaves, root, dealt`,
      );
    }
    expect(output).toContain("ok   stream: blocks, ints");
    expect(output.match(/^ok {3}leaf .* leads to the root$/gm)).toHaveLength(3);
    expect(output.match(/^ok {3}leaf .* is rejected$/gm)).toHaveLength(2);
  });

  it("fails on a changed card, root, salt, dealing position or proof", () => {
    const changes: [string, (v: Vectors) => void][] = [
      ["deal holdem: deck", (v) => v.deals[0]?.deck.reverse()],
      ["deal russian: root", (v) => Object.assign(v.deals[5] ?? {}, { root: "0".repeat(64) })],
      ["deal draw-7A: salts", (v) => v.deals[2]?.salts.reverse()],
      ["deal omaha-heads-up: dealt", (v) => v.deals[1]?.dealt.p1?.positions.reverse()],
      ["deal holdem: dealt", (v) => v.deals[0]?.dealt.turn?.positions.splice(0, 1, 10)],
      ["stream: ints", (v) => v.stream.ints.reverse()],
      // A tampered leaf claimed to be valid must not pass, nor a valid one claimed to be tampered.
      ["leaf 13:21:.* leads to the root", (v) => Object.assign(v.proofs[3] ?? {}, { valid: true })],
      ["leaf 13:20:.* is rejected", (v) => Object.assign(v.proofs[0] ?? {}, { valid: false })],
    ];
    for (const [failure, change] of changes) {
      const { status, output } = verify(corrupted(change));
      expect(status, failure).toBe(1);
      expect(output).toMatch(new RegExp(`^FAIL .*${failure}`, "m"));
    }
  });

  it("without python3 the check fails and says how to install it (it is not skipped)", () => {
    expect(() => verify(VECTORS, { ...process.env, PATH: "/nonexistent" })).toThrow(
      /python3 is needed .* install it/,
    );
  });
});

describe("examples/fairness/hands.phhs and verify_phh.py (no TypeScript)", SLOW, () => {
  const hands = () => readFileSync(HANDS, "utf8");

  it("holds the hands our code writes, and our own checks pass them", async () => {
    expect(hands()).toBe(await buildExampleHands());
    const parsed = parsePhhsEntries(hands());
    if (!parsed.ok) throw new Error(parsed.error.message);
    for (const { result } of parsed.entries) {
      if (!result.ok) throw new Error(result.error.message);
      expect(await verifyHistory(result.history)).toMatchObject({ status: "verified" });
      expect(await auditHistory(result.history)).toMatchObject({ status: "audited" });
    }
  });

  it("proves every dealt card at its position and audits each deal from its seed", () => {
    const { status, output } = verifyHands(hands());
    expect(output).not.toContain("FAIL");
    expect(status).toBe(0);
    expect(output).toContain(
      "hand 41 (NT): scheme, 15 leaves lead to the root, 11 cards proven where dealt, seed matches its commitment, seed rebuilds the root, every card where the deck puts it",
    );
    // S-2: a beaten hand the showdown mucked publishes no leaves (p3's five here).
    expect(output).toContain("hand 12 (N5D): scheme, 23 leaves lead to the root, 18 cards proven");
    // p3's second card and every card drawn after it came from a reshuffle: no leaf, no position.
    expect(output).toContain("hand 3 (N5D): scheme, 38 leaves lead to the root, 32 cards proven");
  });

  it("checks a player's copy (no seed, folded cards as ??, only his own leaves)", async () => {
    // Hand 41 as p2 gets it from history.get: p1 folded.
    const copy = (hands().split("\n[2]\n")[0] as string)
      .replace("'d dh p1 9cTd'", "'d dh p1 ????'")
      .replace(/^_felt_(server_seed|leaves_p1|leaves_p3) = .*\n/gm, "");
    const { status, output } = verifyHands(copy);
    expect(output).toMatch(
      /^ok {3}.* hand 41 \(NT\): scheme, 11 leaves lead to the root, 9 cards proven where dealt$/m,
    );
    expect(status).toBe(0);
    const parsed = parsePhhsEntries(copy);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const first = parsed.entries[0]?.result;
    if (!first?.ok) throw new Error("the player's copy does not parse");
    expect(first.history.extra[HISTORY_FIELDS.serverSeed]).toBeUndefined();
    expect(await verifyHistory(first.history)).toMatchObject({ status: "verified", proven: 9 });
  });

  it("fails a turn changed after the deal, a forged root, or another seed", () => {
    const turn = verifyHands(hands().replace("'d db 5s'", "'d db 2c'"));
    expect(turn.status).toBe(1);
    expect(turn.output).toMatch(
      /^FAIL .* hand 41 \(NT\): 11 cards proven where dealt, every card where the deck puts it$/m,
    );
    const root = verifyHands(
      hands().replace(/^_felt_root = '[0-9a-f]+'/m, `_felt_root = '${"0".repeat(64)}'`),
    );
    expect(root.status).toBe(1);
    expect(root.output).toMatch(
      /^FAIL .* hand 41 \(NT\): 15 leaves lead to the root, 11 cards proven where dealt, seed rebuilds the root$/m,
    );
    const seed = verifyHands(hands().replace(/^_felt_server_seed = '3/m, "_felt_server_seed = '4"));
    expect(seed.status).toBe(1);
    expect(seed.output).toMatch(
      /^FAIL .* hand 41 \(NT\): seed matches its commitment, seed rebuilds the root, every card where the deck puts it$/m,
    );
  });
});
