/**
 * Worker threads running this package's TypeScript: tsx's loader is not
 * inherited by worker threads, so each worker registers it before importing
 * its module. And a watchdog: a worker that does not answer in time is
 * stopped and reported as hung (a peer library that never returns).
 */
import { Worker } from "node:worker_threads";

/** tsx's API module, or null where it cannot be found (then callers stay on one thread). */
export function tsxApi(): string | null {
  try {
    return import.meta.resolve("tsx/esm/api");
  } catch {
    return null;
  }
}

export function startTsWorker(module: URL, workerData: unknown): Worker {
  const tsx = tsxApi();
  if (tsx === null) throw new Error("worker threads need tsx, which cannot be found");
  const bootstrap = `import(${JSON.stringify(tsx)})
    .then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}

export type Watched<T> =
  | { ok: true; value: T }
  | { ok: false; hung: true; limitMs: number }
  | { ok: false; hung: false; error: string };

/**
 * The worker's first message, or `hung` when none came within `limitMs`: the
 * thread is then terminated, which stops even a synchronous loop that never
 * yields. A worker that throws or exits without answering is an error.
 */
export function firstAnswer<T>(
  module: URL,
  workerData: unknown,
  limitMs: number,
): Promise<Watched<T>> {
  const worker = startTsWorker(module, workerData);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: Watched<T>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => settle({ ok: false, hung: true, limitMs }), limitMs);
    worker.once("message", (value: T) => settle({ ok: true, value }));
    worker.once("error", (error) => settle({ ok: false, hung: false, error: String(error) }));
    worker.once("exit", (code) =>
      settle({ ok: false, hung: false, error: `worker exited (${code}) without an answer` }),
    );
  });
}
