import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { russian } from "@felt/engine";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "./cli";
import { parseSimulateArgs } from "./simulate-args";

/** Runs `felt …`, capturing what it prints. */
async function felt(...argv: string[]) {
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  const status = await main(argv);
  const out = log.mock.calls.map((call) => String(call[0])).join("\n");
  const err = error.mock.calls.map((call) => String(call[0])).join("\n");
  log.mockRestore();
  error.mockRestore();
  return { status, out, err };
}

/** The JSON line without the timing, which is all that may differ between two runs. */
async function figures(...argv: string[]): Promise<Record<string, unknown>> {
  const { status, out, err } = await felt("simulate", "russian", ...argv);
  expect(status, err).toBe(0);
  const { ms, hands_per_s, ...rest } = JSON.parse(out);
  expect(typeof ms).toBe("number");
  expect(typeof hands_per_s).toBe("number");
  return rest;
}

const rulesFile = (content: string): string => {
  const path = join(mkdtempSync(join(tmpdir(), "felt-simulate-")), "rules.json");
  writeFileSync(path, content);
  return path;
};

describe("felt simulate", () => {
  afterEach(() => vi.restoreAllMocks());

  it("parses the arguments, both --flag value and --flag=value", () => {
    expect(
      parseSimulateArgs([
        "russian",
        "--hands=500",
        "--seed",
        "-3",
        "--strategy",
        "akj83",
        "--caribbean",
      ]),
    ).toEqual({
      game: "russian",
      hands: 500,
      seed: -3,
      strategy: "akj83",
      rulesFile: null,
      caribbean: true,
      engine: "fast",
      workers: null,
    });
  });

  const bad: [string[], string][] = [
    [["--hands", "10", "--seed", "1", "--strategy", "martingale"], 'unknown strategy "martingale"'],
    [["--hands", "0", "--seed", "1", "--strategy", "basic"], "--hands must be at least 1"],
    [["--hands", "-5", "--seed", "1", "--strategy", "basic"], "--hands must be at least 1"],
    [["--hands", "1.5", "--seed", "1", "--strategy", "basic"], "--hands must be an integer"],
    [["--hands", "1e6", "--seed", "1", "--strategy", "basic"], "--hands must be an integer"],
    [["--hands", "ten", "--seed", "1", "--strategy", "basic"], "--hands must be an integer"],
    [["--seed", "1", "--strategy", "basic"], "--hands is required"],
    [["--hands", "10", "--strategy", "basic"], "--seed is required"],
    [["--hands", "10", "--seed", "1"], "--strategy is required"],
    [["--hands", "10", "--seed", "1", "--strategy"], "--strategy needs a value"],
    [["--hands", "--seed", "1", "--strategy", "basic"], "--hands needs a value"],
    [["--hands", "10", "--seed", "x", "--strategy", "basic"], "--seed must be an integer"],
    [["--hands", "10", "--seed", "1", "--strategy", "basic", "--fast"], 'unknown option "--fast"'],
    [["--hands", "10", "--hands", "20", "--seed", "1", "--strategy", "basic"], "given twice"],
    [["--hands", "10", "--seed", "1", "--strategy", "basic", "--workers", "0"], "--workers"],
  ];
  for (const [args, message] of bad) {
    it(`exits 2 on ${args.join(" ")}`, async () => {
      const { status, out, err } = await felt("simulate", "russian", ...args);
      expect(status).toBe(2);
      expect(out).toBe("");
      expect(err).toContain(message);
      expect(err).toContain("Usage: felt simulate russian");
    });
  }

  it("exits 2 without a game or with another game", async () => {
    expect((await felt("simulate")).status).toBe(2);
    const holdem = await felt("simulate", "holdem", "--hands", "1", "--seed", "1");
    expect(holdem.status).toBe(2);
    expect(holdem.err).toContain('unknown game "holdem"');
  });

  it("exits 2 on a rules file that is missing, not JSON, or refused by the engine", async () => {
    const args = ["--hands", "10", "--seed", "1", "--strategy", "basic", "--rules"];
    const missing = await felt("simulate", "russian", ...args, "/nonexistent/rules.json");
    expect(missing.status).toBe(2);
    expect(missing.err).toContain("cannot read --rules");
    const notJson = await felt("simulate", "russian", ...args, rulesFile("{ payTable: "));
    expect(notJson.status).toBe(2);
    expect(notJson.err).toContain("is not JSON");
    const badTable = rulesFile(JSON.stringify({ payTable: { onePair: 1 } }));
    const refused = await felt("simulate", "russian", ...args, badTable);
    expect(refused.status).toBe(2);
    expect(refused.err).toContain("invalid_pay_table");
    const unknown = await felt("simulate", "russian", ...args, rulesFile('{"jackpot": true}'));
    expect(unknown.err).toContain('unknown option "jackpot"');
  });

  it("prints one JSON line with the figures asked for; the same seed prints the same figures", async () => {
    const args = ["--hands", "30000", "--seed", "9", "--strategy", "basic", "--workers", "1"];
    const first = await figures(...args);
    expect(Object.keys(first).slice(0, 9)).toEqual([
      "hands",
      "wagered",
      "returned",
      "rtp",
      "rtp_ci95",
      "dealer_no_game",
      "buy_game_made_game",
      "insurance_taken",
      "outcomes",
    ]);
    expect(first.hands).toBe(30_000);
    expect(first.rtp).toBeCloseTo((first.returned as number) / (first.wagered as number), 6);
    const [low, high] = first.rtp_ci95 as [number, number];
    expect(low).toBeLessThan(first.rtp as number);
    expect(high).toBeGreaterThan(first.rtp as number);
    expect(await figures(...args)).toEqual(first);
    expect(await figures("--hands", "30000", "--seed", "10", "--strategy", "basic")).not.toEqual(
      first,
    );
  }, 60_000);

  it("gives the same figures on one thread or two (chunks, not threads, hold the randomness)", async () => {
    // Two chunks, the second short: it ends first on its own thread, so the merge must hold
    // it until the first is in.
    const hands = String(russian.CHUNK_HANDS + 2_000);
    const args = ["--hands", hands, "--seed", "4", "--strategy", "akj83"];
    expect(await figures(...args, "--workers", "2")).toEqual(
      await figures(...args, "--workers", "1"),
    );
  }, 120_000);

  it("--caribbean and --rules change the table; the machine engine gives the same figures", async () => {
    const args = ["--hands", "2000", "--seed", "3", "--strategy", "always-play", "--workers", "1"];
    const plain = await figures(...args);
    const caribbean = await figures(...args, "--caribbean");
    expect(caribbean.ante_paid_on_win).toBe(true);
    expect(caribbean.returned as number).toBeGreaterThan(plain.returned as number);
    const viaRules = await figures(...args, "--rules", rulesFile('{"antePaidOnWin": true}'));
    expect(viaRules).toEqual(caribbean);
    expect(await figures(...args, "--engine", "machine")).toEqual({ ...plain, engine: "machine" });
  }, 60_000);

  it("RP-5 the admin form's RTP (russian.rulesRtp) is the figure of felt simulate with the same rules file", async () => {
    const options = {
      payTable: { ...russian.DEFAULT_PAY_TABLE, onePair: 2, aceKing: 1 },
      boxesPerPlayer: 3,
      improve: "exchange-then-sixth",
    } as const;
    const { hands, seed, strategy } = russian.RULES_RTP_RUN;
    const cli = await figures(
      ...["--hands", String(hands), "--seed", String(seed), "--strategy", strategy],
      ...["--rules", rulesFile(JSON.stringify(options))],
    );
    const form = russian.rulesRtp(options);
    if (!form.ok) throw new Error(form.error.message);
    expect(cli.rtp).toBe(Number(form.result.rtp.toFixed(6)));
    expect(cli.rtp_ci95).toEqual(form.result.ci95.map((x) => Number(x.toFixed(6))));
  }, 120_000);
});
