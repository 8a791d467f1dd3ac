/**
 * A worker thread of `felt bench engine`: warms one player up, times it, and
 * posts its tally. Run under the bench's watchdog (ts-worker.ts), so a peer
 * that never returns from a call is stopped and reported, not waited on.
 */
import { parentPort, workerData } from "node:worker_threads";
import { PLAYERS, type PlayerName, timed } from "./bench-engine-players";

export type BenchJob = { player: PlayerName; seconds: number; seed: number };

const job = workerData as BenchJob;
if (parentPort === null) throw new Error("bench-engine-worker must run in a worker thread");
const play = PLAYERS[job.player];
// Warm up so the JIT has compiled the hot paths before the clock starts.
timed(1, play(job.seed + 1));
parentPort.postMessage(timed(job.seconds, play(job.seed)));
