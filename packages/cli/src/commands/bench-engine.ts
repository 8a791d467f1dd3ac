/**
 * `felt bench engine [--seconds N] [--seed N]`: full random 6-max no-limit
 * hands (bench-engine-players.ts) played by our engine and by poker-ts, each
 * in its own worker thread with a time limit. Prints one JSON line:
 * {"ours":{"hands_per_s":…,"chip_errors":0},"peers":[{"name":"poker-ts",…}]}
 * where chip_errors counts hands after which the chips on the table changed,
 * and a player that did not finish in time is `"hung": true` (its thread is
 * stopped; poker-ts has been seen never to return from a call).
 */
import { createRequire } from "node:module";
import type { PlayerName, Tally } from "../bench-engine-players";
import type { BenchJob } from "../bench-engine-worker";
import { firstAnswer } from "../ts-worker";

/** Beyond the timed seconds: the one-second warm-up, start-up, and slack for a loaded machine. */
const GRACE_MS = 15_000;

function option(args: string[], name: string, fallback: number): number {
  const at = args.indexOf(name);
  const value = at >= 0 ? Number(args[at + 1]) : fallback;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

function pokerTsVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    return (require("poker-ts/package.json") as { version: string }).version;
  } catch {
    return "unknown";
  }
}

type Timed =
  | { hung: false; handsPerS: number; chipErrors: number }
  | { hung: true; limitS: number }
  | { hung: false; error: string };

/** One player, timed in a worker thread that is stopped if it overruns `limitMs`. */
export async function timePlayer(
  player: PlayerName,
  seconds: number,
  seed: number,
  limitMs = seconds * 1000 + GRACE_MS,
): Promise<Timed> {
  const job: BenchJob = { player, seconds, seed };
  const answer = await firstAnswer<Tally>(
    new URL("../bench-engine-worker.ts", import.meta.url),
    job,
    limitMs,
  );
  if (answer.ok) {
    const { hands, chipErrors, seconds: took } = answer.value;
    return { hung: false, handsPerS: Math.round(hands / took), chipErrors };
  }
  if (answer.hung) return { hung: true, limitS: answer.limitMs / 1000 };
  return { hung: false, error: answer.error };
}

const report = (t: Timed) =>
  "error" in t
    ? { error: t.error }
    : t.hung
      ? { hung: true, limit_s: t.limitS }
      : { hands_per_s: t.handsPerS, chip_errors: t.chipErrors };

export async function run(args: string[]): Promise<number> {
  const seconds = option(args, "--seconds", 8);
  const seed = option(args, "--seed", 20240601);
  // One after the other, so the two never share the machine's cores.
  const ours = await timePlayer("ours", seconds, seed);
  const peer = await timePlayer("poker-ts", seconds, seed);
  const ratio =
    !ours.hung && !peer.hung && "handsPerS" in ours && "handsPerS" in peer
      ? { ratio: Math.round((ours.handsPerS / peer.handsPerS) * 100) / 100 }
      : {};
  console.log(
    JSON.stringify({
      ours: report(ours),
      peers: [{ name: "poker-ts", version: pokerTsVersion(), ...report(peer), ...ratio }],
    }),
  );
  // A hung or failing peer is reported, not our failure; our own engine must finish, conserving chips.
  return "chipErrors" in ours && ours.chipErrors === 0 ? 0 : 1;
}
