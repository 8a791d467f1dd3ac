/**
 * A room's D1 binding, counted: every round trip (a statement run alone, or a
 * batch), the statements it carried and the rows D1 says it wrote. The room
 * reaches D1 only through its core's `db`, so these are all of its D1 work
 * (room-metrics.ts's `RoomCosts`). Statements stay D1's own objects, with
 * their methods counted, since `batch` accepts nothing else.
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
  type Method = (...args: unknown[]) => Promise<unknown>;
  const counted = (statement: D1PreparedStatement): D1PreparedStatement => {
    const bind = statement.bind;
    const runs: Record<string, Method> = {};
    // run and all answer with D1's meta (rows written); first and raw with rows only.
    for (const name of ["run", "all", "first", "raw"] as const) {
      const method = statement[name] as unknown as Method;
      runs[name] = async (...args) => {
        const result = await method.apply(statement, args);
        call(1, name === "run" || name === "all" ? [result] : []);
        return result;
      };
    }
    return Object.assign(statement, {
      ...runs,
      bind: (...values: unknown[]) => counted(bind.apply(statement, values)),
    });
  };
  return new Proxy(d1, {
    get(target, property) {
      if (property === "prepare") return (query: string) => counted(target.prepare(query));
      if (property === "batch")
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements);
          call(statements.length, results);
          return results;
        };
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
