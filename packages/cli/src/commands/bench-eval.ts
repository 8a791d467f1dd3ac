/**
 * `felt bench eval [--hands N] [--seed N]`: evaluations per second of our
 * `evaluate7` and of the npm peers on the same pre-generated random 7-card
 * hands, in one process. Each library gets the hands already converted to
 * its own format, a warm-up pass, then the best of a few timed passes.
 * Before timing, each peer's ordering of hand pairs is checked against ours;
 * disagreements go to stderr. Prints one JSON line:
 * {"ours":{"evals_per_s":…},"peers":[{"name":"phe","version":"0.6.0","evals_per_s":…,"ratio":…},…]}
 * where ratio = ours / peer.
 */
import { evaluate7 } from "@felt/engine";
import { randomHands } from "../eval-hands";
import { PEERS, type Peer } from "../eval-peers";

const USAGE = "usage: felt bench eval [--hands N] [--seed N]";
const PASSES = 3;
/** Pairs of hands whose order each peer must agree with. */
const CHECKED_PAIRS = 5_000;

interface Options {
  hands: number;
  seed: number;
}

function parseOptions(args: string[]): Options | string {
  const options: Options = { hands: 1_000_000, seed: 20240601 };
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    const value = args[i + 1];
    if (flag !== "--hands" && flag !== "--seed") return `unknown argument ${JSON.stringify(flag)}`;
    if (value === undefined || !/^\d+$/.test(value)) return `${flag} needs a whole number`;
    const n = Number(value);
    if (flag === "--hands") {
      if (n < 1000 || n > 20_000_000) return "--hands must be between 1000 and 20000000";
      options.hands = n;
    } else {
      options.seed = n;
    }
    i++;
  }
  return options;
}

/** Our evaluator through its public hot path, on packed hands. */
function ours(hands: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < hands.length; i += 7) {
    sum += evaluate7(
      hands[i] as number,
      hands[i + 1] as number,
      hands[i + 2] as number,
      hands[i + 3] as number,
      hands[i + 4] as number,
      hands[i + 5] as number,
      hands[i + 6] as number,
    );
  }
  return sum;
}

/** Evaluations per second: one warm-up pass, then the best of PASSES (the machine may be shared). */
function measure(count: number, pass: () => number): number {
  let sink = pass();
  let best = Number.POSITIVE_INFINITY;
  for (let p = 0; p < PASSES; p++) {
    const started = performance.now();
    sink += pass();
    best = Math.min(best, performance.now() - started);
  }
  if (Number.isNaN(sink)) throw new Error("benchmark produced NaN");
  return Math.round((count * 1000) / Math.max(best, 1e-3));
}

const oursAt = (hands: Uint8Array, h: number): number => {
  const i = h * 7;
  return evaluate7(
    hands[i] as number,
    hands[i + 1] as number,
    hands[i + 2] as number,
    hands[i + 3] as number,
    hands[i + 4] as number,
    hands[i + 5] as number,
    hands[i + 6] as number,
  );
};

/** Compares consecutive hands; reports disagreements on stderr. Returns how many. */
function checkOrdering(peer: Peer, hands: Uint8Array, prepared: unknown, count: number): number {
  let disagreements = 0;
  for (let h = 0; h + 1 < Math.min(count, CHECKED_PAIRS + 1); h++) {
    const mine = Math.sign(oursAt(hands, h) - oursAt(hands, h + 1));
    const theirs = peer.compare(prepared, h, h + 1);
    if (mine === theirs) continue;
    if (disagreements < 5) {
      const show = (k: number) => Array.from(hands.subarray(k * 7, k * 7 + 7)).join(",");
      console.error(
        `felt bench eval: ${peer.name} disagrees on [${show(h)}] vs [${show(h + 1)}]: ours ${mine}, theirs ${theirs}`,
      );
    }
    disagreements++;
  }
  if (disagreements > 0)
    console.error(`felt bench eval: ${peer.name} disagrees with us on ${disagreements} pairs`);
  return disagreements;
}

export async function run(args: string[]): Promise<number> {
  const options = parseOptions(args);
  if (typeof options === "string") {
    console.error(`felt bench eval: ${options}\n${USAGE}`);
    return 2;
  }
  const hands = randomHands(options.hands, options.seed);
  const oursPerSecond = measure(options.hands, () => ours(hands));

  const peers = [];
  for (const makePeer of PEERS) {
    const peer = makePeer();
    const count = Math.min(options.hands, peer.maxHands);
    const prepared = peer.prepare(hands, count);
    checkOrdering(peer, hands, prepared, count);
    const perSecond = measure(count, () => peer.time(prepared));
    peers.push({
      name: peer.name,
      version: peer.version,
      hands: count,
      evals_per_s: perSecond,
      ratio: Math.round((oursPerSecond / perSecond) * 100) / 100,
    });
  }
  console.log(
    JSON.stringify({ ours: { evals_per_s: oursPerSecond, hands: options.hands }, peers }),
  );
  return 0;
}
