/**
 * A worker thread of `felt simulate`: plays the chunks the main thread hands it, one at a
 * time, and sends back each chunk's tally. Chunks, not hands, are the unit so that the result
 * does not depend on how many threads played them (see simulate.ts in the engine).
 */
import { parentPort, workerData } from "node:worker_threads";
import { russian } from "@felt/engine";
import type { ChunkDone, WorkerJob } from "./simulate-run";

const job = workerData as WorkerJob;
const prepared = russian.prepareSimulation(job);
const port = parentPort;
if (port === null) throw new Error("simulate-worker must run in a worker thread");
if (!prepared.ok) throw new Error(prepared.error.message); // the main thread checked it first

port.on("message", (chunk: number | null) => {
  if (chunk === null) {
    port.close();
    return;
  }
  const tally = russian.simulateChunk(prepared.simulation, job.seed, job.hands, chunk);
  port.postMessage({ chunk, tally } satisfies ChunkDone);
});
port.postMessage("ready");
