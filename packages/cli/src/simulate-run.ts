/**
 * Plays a simulation's chunks on this thread or on worker threads. The engine cuts a run into
 * chunks with their own random streams; merging the chunk tallies in chunk order gives the
 * same figures, to the last bit, with any number of threads.
 */
import { availableParallelism } from "node:os";
import type { Worker } from "node:worker_threads";
import { russian } from "@felt/engine";
import { startTsWorker, tsxApi } from "./ts-worker";

/** What a worker needs to rebuild the simulation (a strategy object cannot cross threads). */
export interface WorkerJob {
  hands: number;
  seed: number;
  strategy: russian.StrategyName;
  options: Partial<russian.RussianTableOptions>;
  engine: russian.SimulationEngine;
}

export interface ChunkDone {
  chunk: number;
  tally: russian.Tally;
}

/** Threads worth starting: no more than the cores, nor than the chunks to share. */
export const defaultWorkers = (hands: number): number =>
  Math.max(1, Math.min(availableParallelism(), russian.chunkCount(hands)));

export async function runChunks(job: WorkerJob, workers: number): Promise<russian.Tally> {
  const chunks = russian.chunkCount(job.hands);
  const threads = tsxApi() === null ? 1 : Math.min(workers, chunks);
  const merger = new InOrderMerger();
  if (threads <= 1) {
    const prepared = russian.prepareSimulation(job);
    if (!prepared.ok) throw new Error(prepared.error.message);
    for (let chunk = 0; chunk < chunks; chunk++) {
      merger.add(chunk, russian.simulateChunk(prepared.simulation, job.seed, job.hands, chunk));
    }
  } else {
    await playOnWorkers(job, threads, chunks, merger);
  }
  return merger.total;
}

/**
 * Merges chunk tallies in chunk order as they arrive, holding only those that came early:
 * the floating-point sum of squares is then added in one fixed order, and memory stays small
 * however many chunks a run has.
 */
class InOrderMerger {
  readonly total = russian.emptyTally();
  private next = 0;
  private readonly early = new Map<number, russian.Tally>();

  add(chunk: number, tally: russian.Tally): void {
    this.early.set(chunk, tally);
    let ready = this.early.get(this.next);
    while (ready !== undefined) {
      russian.mergeTally(this.total, ready);
      this.early.delete(this.next);
      this.next += 1;
      ready = this.early.get(this.next);
    }
  }
}

function startWorker(job: WorkerJob): Worker {
  return startTsWorker(new URL("./simulate-worker.ts", import.meta.url), job);
}

/** Hands out chunks one at a time to whichever worker is free: the threads finish together. */
function playOnWorkers(
  job: WorkerJob,
  threads: number,
  chunks: number,
  merger: InOrderMerger,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let nextChunk = 0;
    let running = threads;
    const workers: Worker[] = [];
    const fail = (error: unknown) => {
      for (const worker of workers) void worker.terminate();
      reject(error);
    };
    for (let thread = 0; thread < threads; thread++) {
      const worker = startWorker(job);
      workers.push(worker);
      const handOut = () => {
        const chunk = nextChunk < chunks ? nextChunk++ : null;
        worker.postMessage(chunk);
      };
      worker.on("message", (message: "ready" | ChunkDone) => {
        if (message !== "ready") merger.add(message.chunk, message.tally);
        handOut();
      });
      worker.on("error", fail);
      worker.on("exit", (code) => {
        if (code !== 0) fail(new Error(`a simulation worker exited with code ${code}`));
        else if (--running === 0) resolve();
      });
    }
  });
}
