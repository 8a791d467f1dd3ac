/**
 * Sign-in rate limits, per account and per IP, kept in D1.
 *
 * Why D1 and not a Durable Object: sign-in already reads the user from D1,
 * and D1 has one strongly consistent primary, so the count is exact across
 * every Worker isolate at no extra binding or round trip; sign-ins are far
 * too rare for D1's write rate to matter. An in-memory counter would not do:
 * each isolate would count alone.
 *
 * The attempt is written *before* the password is checked and the count
 * includes it, so concurrent guesses cannot all slip through between a check
 * and a write. A successful sign-in deletes its own attempt and the account's
 * failures; the account's counter thus only counts failures.
 */
import { and, count, eq, gte, inArray, lt, min, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { authAttempts } from "../db/schema";

export const SIGN_IN_LIMITS = {
  account: { attempts: 5, windowMs: 15 * 60_000 },
  ip: { attempts: 30, windowMs: 15 * 60_000 },
} as const;

type Scope = keyof typeof SIGN_IN_LIMITS;

export type AttemptTicket = {
  allowed: boolean;
  /** Which limit refused, and when its oldest counted attempt expires. */
  limitedBy: Scope | null;
  retryAfterMs: number;
  ids: number[];
};

export async function recordSignInAttempt(
  db: Database,
  subjects: Record<Scope, string>,
  now: number,
): Promise<AttemptTicket> {
  const scopes = Object.keys(SIGN_IN_LIMITS) as Scope[];
  const windowStart = (scope: Scope) => new Date(now - SIGN_IN_LIMITS[scope].windowMs);
  const inWindow = (scope: Scope) =>
    and(
      eq(authAttempts.scope, scope),
      eq(authAttempts.subject, subjects[scope]),
      gte(authAttempts.at, windowStart(scope)),
    );
  const [inserted, , accountCount, ipCount] = await db.batch([
    db
      .insert(authAttempts)
      .values(scopes.map((scope) => ({ scope, subject: subjects[scope], at: new Date(now) })))
      .returning({ id: authAttempts.id }),
    // Forget this caller's attempts older than the window, so the table stays small.
    db
      .delete(authAttempts)
      .where(
        or(
          ...scopes.map((scope) =>
            and(
              eq(authAttempts.scope, scope),
              eq(authAttempts.subject, subjects[scope]),
              lt(authAttempts.at, windowStart(scope)),
            ),
          ),
        ),
      ),
    db
      .select({ n: count(), oldest: min(authAttempts.at) })
      .from(authAttempts)
      .where(inWindow("account")),
    db
      .select({ n: count(), oldest: min(authAttempts.at) })
      .from(authAttempts)
      .where(inWindow("ip")),
  ]);
  const ids = inserted.map((row) => row.id);
  const counts = { account: accountCount[0], ip: ipCount[0] };
  for (const scope of scopes) {
    const seen = counts[scope];
    if (seen && seen.n > SIGN_IN_LIMITS[scope].attempts) {
      const oldest = seen.oldest?.getTime() ?? now;
      return {
        allowed: false,
        limitedBy: scope,
        retryAfterMs: Math.max(1000, oldest + SIGN_IN_LIMITS[scope].windowMs - now),
        ids,
      };
    }
  }
  return { allowed: true, limitedBy: null, retryAfterMs: 0, ids };
}

/** After a correct password: this attempt and the account's failures no longer count. */
export async function clearSignInAttempts(
  db: Database,
  account: string,
  ticket: AttemptTicket,
): Promise<void> {
  await db.batch([
    db.delete(authAttempts).where(inArray(authAttempts.id, ticket.ids)),
    db
      .delete(authAttempts)
      .where(and(eq(authAttempts.scope, "account"), eq(authAttempts.subject, account))),
  ]);
}
