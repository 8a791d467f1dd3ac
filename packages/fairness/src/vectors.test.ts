import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildVectors, type Vectors } from "./vectors";

const repo = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
const VECTORS = repo("docs/fairness-vectors.json");
const VERIFIER = repo("examples/fairness/verify.py");
const readVectors = (): Vectors => JSON.parse(readFileSync(VECTORS, "utf8"));

/** The Python verifier on a vectors file. No python3 is a failure, never a skip: the check would be gone. */
function verify(file: string, env = process.env): { status: number | null; output: string } {
  const run = spawnSync("python3", [VERIFIER, file], { encoding: "utf8", env });
  if (run.error) {
    throw new Error(
      `python3 is needed to check docs/fairness-vectors.json without our code (${run.error.message}): install it with 'bash scripts/ensure-python.sh' or 'apt-get install python3'`,
    );
  }
  return { status: run.status, output: run.stdout + run.stderr };
}

/** A copy of the vectors with one change, in a file of its own. */
function corrupted(change: (v: Vectors) => void): string {
  const copy = readVectors();
  change(copy);
  const file = join(mkdtempSync(join(tmpdir(), "felt-vectors-")), "vectors.json");
  writeFileSync(file, JSON.stringify(copy));
  return file;
}

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

describe("examples/fairness/verify.py (no TypeScript)", () => {
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
