import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { unique } from "../../test/trpc";
import { database } from "./client";
import { runBatch, Template } from "./plans";
import { authAttempts } from "./schema";

const db = database(env.DB);

// The rows are sign-in attempts of made-up subjects: each test has its own,
// and no money moves (every test's ledger must still reconcile after it).
// A placeholder takes its column's own type (a Date for `at`); D1 gives back
// the stored value (milliseconds).
const attempt = new Template<"id" | "subject" | "at">((db) => [
  db.insert(authAttempts).values({
    id: sql.placeholder("id"),
    scope: "ip",
    subject: sql.placeholder("subject"),
    at: sql.placeholder("at"),
  }),
]);
const attemptsOf = new Template<"subject">((db) => [
  db
    .select({ id: authAttempts.id, at: authAttempts.at })
    .from(authAttempts)
    .where(eq(authAttempts.subject, sql.placeholder("subject")))
    .orderBy(authAttempts.id),
]);
const read = async (subject: string) =>
  (await runBatch(db, attemptsOf.bind(db, { subject })))[0]?.results as
    | { id: number; at: number }[]
    | undefined;
/** An id no other test uses: the table's own ids count up from 1. */
const freshId = () => 1_000_000_000 + Math.floor(Math.random() * 1_000_000_000);

describe("batches and templates (db/plans.ts)", () => {
  it("builds a template's SQL once and binds each use to its own values", async () => {
    const [a, b] = [`subject-${unique()}`, `subject-${unique()}`];
    let builds = 0;
    const insert = new Template<"subject" | "at">((db) => {
      builds++;
      return [
        db
          .insert(authAttempts)
          .values({ scope: "ip", subject: sql.placeholder("subject"), at: sql.placeholder("at") }),
      ];
    });
    await runBatch(db, [
      ...insert.bind(db, { subject: a, at: new Date(5) }),
      ...insert.bind(db, { subject: b, at: new Date(7) }),
      ...insert.bind(db, { subject: a, at: new Date(9) }),
    ]);
    expect(builds).toBe(1);
    expect((await read(a))?.map((row) => row.at)).toEqual([5, 9]);
    expect((await read(b))?.map((row) => row.at)).toEqual([7]);
  });

  it("refuses to bind a template without one of its values", () => {
    expect(() => attemptsOf.bind(db, {} as { subject: string })).toThrow(/placeholder "subject"/);
  });

  it("runs drizzle queries and bound statements as one transaction: one failing undoes them all", async () => {
    const [a, b] = [`subject-${unique()}`, `subject-${unique()}`];
    const id = freshId();
    const batch = runBatch(db, [
      db.insert(authAttempts).values({ scope: "ip", subject: a, at: new Date(1) }),
      ...attempt.bind(db, { id, subject: b, at: new Date(2) }),
      // The same id again breaks the primary key.
      ...attempt.bind(db, { id, subject: b, at: new Date(3) }),
    ]);
    await expect(batch).rejects.toThrow(/UNIQUE|PRIMARY/);
    expect(await read(a)).toEqual([]);
    expect(await read(b)).toEqual([]);
  });
});
