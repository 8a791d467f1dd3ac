import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "./client";

/**
 * Statements for a D1 batch, and how to read their answers back. Plans let
 * several pieces of work share one batch: one round trip to D1 and one
 * transaction, where each piece used to cost its own. A room's auto-rebuys
 * before a deal, or its outbox after a hand, are one request instead of one
 * per player or per row.
 */
export type Plan<T> = {
  statements: BatchItem<"sqlite">[];
  /** The answers to `statements`, in their order. */
  read: (results: unknown[]) => T;
};

/**
 * Runs the plans in one batch and reads each one's answers. D1 runs a batch
 * as one transaction: a statement that throws rolls back every plan in it,
 * so only plans whose refusals are values (not errors) belong together.
 */
export async function runPlans<T>(db: Database, plans: Plan<T>[]): Promise<T[]> {
  const statements = plans.flatMap((plan) => plan.statements);
  const [first, ...rest] = statements;
  const results: unknown[] = first ? await db.batch([first, ...rest]) : [];
  let at = 0;
  return plans.map((plan) => {
    const own = results.slice(at, at + plan.statements.length);
    at += plan.statements.length;
    return plan.read(own);
  });
}
