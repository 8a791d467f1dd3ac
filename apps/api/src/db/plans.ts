import { fillPlaceholders } from "drizzle-orm";
import type { Database } from "./client";

type Query = { toSQL(): { sql: string; params: unknown[] } };

/**
 * One statement of a batch: a drizzle query, or a D1 statement already
 * bound (the ledger's transfers, whose SQL is built once: see `Template`).
 */
export type Statement = D1PreparedStatement | Query;

/**
 * Statements for a D1 batch, and how to read their answers back. Plans let
 * several pieces of work share one batch: one round trip to D1 and one
 * transaction, where each piece used to cost its own. A room's auto-rebuys
 * before a deal, or its outbox after a hand, are one request instead of one
 * per player or per row.
 */
export type Plan<T> = {
  statements: Statement[];
  /** D1's answers to `statements`, in their order. */
  read: (results: D1Result[]) => T;
};

/** Runs the statements in one D1 batch: one transaction, all or nothing. */
export async function runBatch(db: Database, statements: Statement[]): Promise<D1Result[]> {
  if (statements.length === 0) return [];
  const d1 = db.$client;
  return d1.batch(
    statements.map((statement) => {
      if (!("toSQL" in statement)) return statement;
      const query = statement.toSQL();
      return d1.prepare(query.sql).bind(...query.params);
    }),
  );
}

/** A plan with nothing to ask D1: its answer is known already (a cached value, say). */
export const given = <T>(value: T): Plan<T> => ({ statements: [], read: () => value });

/**
 * Runs the plans in one batch and reads each one's answers, in their order
 * (a tuple of plans gives a tuple of answers). D1 runs a batch as one
 * transaction: a statement that throws rolls back every plan in it, so only
 * plans whose refusals are values (not errors) belong together.
 */
export async function runPlans<const T extends readonly unknown[]>(
  db: Database,
  plans: { readonly [K in keyof T]: Plan<T[K]> },
): Promise<T> {
  const results = await runBatch(
    db,
    plans.flatMap((plan) => plan.statements),
  );
  let at = 0;
  return plans.map((plan: Plan<unknown>) => {
    const own = results.slice(at, at + plan.statements.length);
    at += plan.statements.length;
    return plan.read(own);
  }) as unknown as T;
}

/**
 * Statements whose SQL drizzle builds once, with placeholders for their
 * values, and which are then bound for each use: building the SQL costs far
 * more CPU than D1 takes to run it, and a hot statement's text never changes.
 */
export class Template<Name extends string> {
  private built: { sql: string; params: unknown[] }[] | null = null;

  constructor(private readonly queries: (db: Database) => Query[]) {}

  bind(db: Database, values: Record<Name, unknown>): D1PreparedStatement[] {
    this.built ??= this.queries(db).map((query) => query.toSQL());
    const d1 = db.$client;
    // fillPlaceholders throws on a placeholder given no value.
    return this.built.map(({ sql, params }) =>
      d1.prepare(sql).bind(...fillPlaceholders(params, values)),
    );
  }
}
