/**
 * `felt simulate russian --hands N --seed S --strategy NAME [--rules FILE.json] [--caribbean]`:
 * plays N independent rounds of one open box against the dealer with a fixed strategy and
 * prints one JSON line. The engine does the playing (russian.simulateChunk, pure and seeded);
 * this command reads the table options, shares the chunks out to threads and times the run.
 *
 * Money: `wagered` is every chip put at risk (ANTE, BET, fees, insurance), `returned` all that
 * came back, stakes included; rtp = returned / wagered with a 95 % normal interval from the
 * variance of the per-hand net results. Exit 2 on bad arguments or options.
 */
import { readFileSync } from "node:fs";
import { russian } from "@felt/engine";
import { parseSimulateArgs, SIMULATE_USAGE, type SimulateArgs } from "../simulate-args";
import { defaultWorkers, runChunks, type WorkerJob } from "../simulate-run";

export async function run(args: string[]): Promise<number> {
  const parsed = parseSimulateArgs(args);
  if (typeof parsed === "string") return usageError(parsed);
  const job = jobFor(parsed);
  if (typeof job === "string") return usageError(job);
  const workers = parsed.workers ?? defaultWorkers(job.hands);
  const startedAt = performance.now();
  const tally = await runChunks(job, workers);
  const ms = performance.now() - startedAt;
  console.log(JSON.stringify(report(job, tally, ms)));
  return 0;
}

function usageError(message: string): number {
  console.error(`felt simulate: ${message}\n${SIMULATE_USAGE}`);
  return 2;
}

/** The worker job, with the table options read and validated as a round would validate them. */
function jobFor(args: SimulateArgs): WorkerJob | string {
  let options: Partial<russian.RussianTableOptions> = {};
  if (args.rulesFile !== null) {
    let text: string;
    try {
      text = readFileSync(args.rulesFile, "utf8");
    } catch (error) {
      return `cannot read --rules ${args.rulesFile}: ${(error as Error).message}`;
    }
    try {
      options = JSON.parse(text);
    } catch (error) {
      return `--rules ${args.rulesFile} is not JSON: ${(error as Error).message}`;
    }
  }
  // Spread only an object: resolveOptions then refuses anything else with its own message.
  if (args.caribbean) {
    options =
      typeof options === "object" && options !== null && !Array.isArray(options)
        ? { ...options, antePaidOnWin: true }
        : options;
  }
  const job: WorkerJob = {
    hands: args.hands,
    seed: args.seed,
    strategy: args.strategy,
    options,
    engine: args.engine,
  };
  const prepared = russian.prepareSimulation(job);
  if (!prepared.ok) {
    const source = args.rulesFile === null ? "table options" : `--rules ${args.rulesFile}`;
    return `${source}: ${prepared.error.message} (${prepared.error.code})`;
  }
  // Workers get the resolved options: every default filled in, nothing left to interpret.
  return { ...job, options: prepared.simulation.options };
}

const OUTCOME_KEYS: Record<russian.Outcome, string> = {
  folded: "folded",
  won: "won",
  lost: "lost",
  stay: "stay",
  antePaid: "ante_paid",
  noGameAfterBuy: "no_game_after_buy",
};

const rounded = (value: number): number => Number(value.toFixed(6));

/** The JSON line: the figures asked for first, then what the run was. */
export function report(job: WorkerJob, tally: russian.Tally, ms: number) {
  const { rtp, ci95 } = russian.returnToPlayer(tally);
  const outcomes: Record<string, number> = {};
  for (const outcome of russian.OUTCOMES) outcomes[OUTCOME_KEYS[outcome]] = tally.outcomes[outcome];
  return {
    hands: tally.hands,
    wagered: tally.wagered,
    returned: tally.returned,
    rtp: rounded(rtp),
    rtp_ci95: [rounded(ci95[0]), rounded(ci95[1])],
    dealer_no_game: tally.dealerNoGame,
    buy_game_made_game: tally.buyGameMadeGame,
    insurance_taken: tally.insuranceTaken,
    outcomes,
    ms: Math.round(ms),
    hands_per_s: Math.round(tally.hands / Math.max(ms / 1000, 1e-9)),
    strategy: job.strategy,
    seed: job.seed,
    engine: job.engine,
    ante_paid_on_win: job.options.antePaidOnWin === true,
    games_bought: tally.gamesBought,
    // RTP flatters strategies that put more at risk (fees, insurance): this compares them.
    net_per_hand_in_antes: rounded(
      (tally.returned - tally.wagered) / tally.hands / (job.options.minAnte ?? 1),
    ),
  };
}
