/**
 * A room's D1 binding, counted: every round trip (a statement run alone, or a
 * batch), the statements it carried and the rows D1 says it wrote. The room
 * reaches D1 only through its core's `db`, so these are all of its D1 work
 * (room-metrics.ts's `RoomCosts`). `batch` is handed D1's own statements
 * back, as it accepts nothing else.
 */
import type { RoomCosts } from "../room-metrics";

type D1Costs = Pick<RoomCosts, "d1Calls" | "d1Statements" | "d1RowsWritten">;

const written = (result: unknown): number => {
  const meta = (result as { meta?: { rows_written?: unknown } } | null)?.meta;
  return typeof meta?.rows_written === "number" ? meta.rows_written : 0;
};

export function meteredD1(d1: D1Database, costs: D1Costs): D1Database {
  const call = (statements: number, results: readonly unknown[]) => {
    costs.d1Calls += 1;
    costs.d1Statements += statements;
    for (const result of results) costs.d1RowsWritten += written(result);
  };
  // What each counted statement stands for, for `batch`, which takes D1's own only.
  const real = new WeakMap<object, D1PreparedStatement>();
  const counted = (statement: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = new Proxy(statement, {
      get(target, key) {
        if (key === "bind") return (...values: unknown[]) => counted(target.bind(...values));
        if (key === "run" || key === "all" || key === "first" || key === "raw")
          return async (...args: unknown[]) => {
            const result = await (target[key] as (...a: unknown[]) => Promise<unknown>)(...args);
            // run and all answer with D1's meta (rows written); first and raw with rows only.
            call(1, key === "run" || key === "all" ? [result] : []);
            return result;
          };
        const value = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    real.set(wrapped, statement);
    return wrapped;
  };
  return new Proxy(d1, {
    get(target, property) {
      if (property === "prepare") return (query: string) => counted(target.prepare(query));
      if (property === "batch")
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements.map((s) => real.get(s) ?? s));
          call(statements.length, results);
          return results;
        };
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
