/** A worker for ts-worker.test.ts: answers `workerData`, or never returns when asked to hang. */
import { parentPort, workerData } from "node:worker_threads";

if (workerData === "hang") for (;;);
parentPort?.postMessage(workerData);
