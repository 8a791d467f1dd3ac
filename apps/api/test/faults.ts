/**
 * Fault injection for the workerd tests: a D1 that fails, stalls or hangs on
 * the statements a test picks, put in place of a live Durable Object's
 * database from the test (`runInDurableObject`), in that object's memory only.
 *
 * Nothing here is reachable from production: no production module imports
 * this file, the room has no switch to turn it on, and the swap lives only
 * as long as the object instance it was made in (an abort or restart drops it).
 */
import { runInDurableObject } from "cloudflare:test";
import type { Env } from "../src/env";

export type FaultAction =
  /** The statement fails as D1 fails: an error, nothing written. */
  | { type: "throw" }
  /** The statement waits for `until` before it runs (then runs as usual). */
  | { type: "wait"; until: Promise<unknown> }
  /** The statement runs and is written, then its answer is lost: the caller gets an error. */
  | { type: "lose" }
  /**
   * The statement runs and is written, then its answer never comes: the
   * caller waits until the object is aborted (a crash while D1 answers).
   * `written` is called once it is written.
   */
  | { type: "hang"; written?: () => void };

export type Fault = {
  /**
   * Picks the statements: matched against a query's SQL followed by
   * ` -- ` and its bound values as JSON (a batch: all of its statements).
   */
  match: RegExp;
  action: FaultAction;
  /** How many matching calls it hits (default 1); then it is spent. */
  times?: number;
  /** Calls it has hit so far. */
  hits?: number;
  /** Called when it hits, before the action. */
  onHit?: () => void;
};

/** A D1 binding that behaves like `real` except where a fault says otherwise. */
export function faultyD1(real: D1Database, faults: Fault[]): D1Database {
  const sqlOf = new WeakMap<object, string>();
  const strike = async (sql: string, run: () => Promise<unknown>) => {
    const fault = faults.find((f) => (f.hits ?? 0) < (f.times ?? 1) && f.match.test(sql));
    if (!fault) return run();
    fault.hits = (fault.hits ?? 0) + 1;
    fault.onHit?.();
    switch (fault.action.type) {
      case "throw":
        throw new Error(`D1_ERROR: injected fault (${fault.match})`);
      case "wait":
        await fault.action.until;
        return run();
      case "lose":
        await run();
        throw new Error(`D1_ERROR: injected fault: the answer was lost (${fault.match})`);
      case "hang":
        await run();
        fault.action.written?.();
        return new Promise<never>(() => {});
    }
  };
  const statement = (real: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const wrapped = new Proxy(real, {
      get(target, key) {
        if (key === "bind")
          return (...values: unknown[]) =>
            statement(target.bind(...values), `${sql} -- ${JSON.stringify(values)}`);
        if (key === "first" || key === "all" || key === "run" || key === "raw")
          return (...args: unknown[]) =>
            strike(sql, () => (target[key] as (...a: unknown[]) => Promise<unknown>)(...args));
        const value = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    sqlOf.set(wrapped, sql);
    unwrap.set(wrapped, real);
    return wrapped;
  };
  const unwrap = new WeakMap<object, D1PreparedStatement>();
  return new Proxy(real, {
    get(target, key) {
      if (key === "prepare") return (sql: string) => statement(target.prepare(sql), sql);
      if (key === "batch")
        return (statements: D1PreparedStatement[]) =>
          strike(statements.map((s) => sqlOf.get(s) ?? "").join(";\n"), () =>
            target.batch(statements.map((s) => unwrap.get(s) ?? s)),
          );
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

type HasEnv = { env: Env };
type Room = HasEnv & { pipeline?: HasEnv };
const realEnv = new WeakMap<object, Env>();

/** The objects that read `env.DB`: the room itself and, for a table, its pipeline. */
const holders = (room: Room): HasEnv[] => (room.pipeline ? [room, room.pipeline] : [room]);

/**
 * Give a live room (TableRoom or TournamentRoom) a faulty D1 until the object
 * restarts: its `env` (and its pipeline's) is swapped for one whose DB is faulty.
 */
export function injectD1Faults(stub: DurableObjectStub, faults: Fault[]): Promise<void> {
  return runInDurableObject(stub, (instance: unknown) => {
    for (const holder of holders(instance as Room)) {
      const env = realEnv.get(holder) ?? holder.env;
      realEnv.set(holder, env);
      const faulty = { ...env, DB: faultyD1(env.DB, faults) };
      Object.defineProperty(holder, "env", { value: faulty, configurable: true, writable: true });
    }
  });
}

/** Back to the real D1 without a restart. */
export function clearD1Faults(stub: DurableObjectStub): Promise<void> {
  return runInDurableObject(stub, (instance: unknown) => {
    for (const holder of holders(instance as Room)) {
      const env = realEnv.get(holder);
      if (env)
        Object.defineProperty(holder, "env", { value: env, configurable: true, writable: true });
    }
  });
}
