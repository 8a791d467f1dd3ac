/**
 * Abuse limits (sign-in and sign-up), kept in D1.
 *
 * Why D1 and not a Durable Object: these requests already read and write D1,
 * and D1 has one strongly consistent primary, so a count is exact across
 * every Worker isolate at no extra binding or round trip; sign-ins and
 * sign-ups are far too rare for D1's write rate to matter. An in-memory
 * counter would not do: each isolate would count alone.
 *
 * One batch (a transaction) counts the earlier attempts and writes this one,
 * so concurrent attempts cannot all slip through between a check and a write.
 * An attempt that a limit refused is taken back: it did nothing, and a person
 * retrying during a lockout should not lengthen it.
 */
import { and, count, eq, gte, inArray, lt, max, min, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { type AttemptScope, authAttempts } from "../db/schema";

/**
 * A limit on one subject (an address, an account at an address, everyone):
 * at most `attempts` in `windowMs`. With `backoffMs`, the limit is a lockout
 * instead: after `attempts` failures the subject waits `backoffMs` after its
 * latest one, twice as long after each further failure, never more than
 * `windowMs`; failures older than `windowMs` are forgotten.
 */
export type Limit = {
  scope: AttemptScope;
  subject: string;
  attempts: number;
  windowMs: number;
  backoffMs?: number;
};

export type AttemptTicket =
  | { allowed: true; ids: number[] }
  | { allowed: false; limitedBy: AttemptScope; retryAfterMs: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Sign-in, after OWASP's authentication cheat sheet. A client the account
 * has not seen is held by a lockout per account *and* address (a stranger
 * guessing from his own address), by a lockout per account over every
 * address (guesses from many addresses), and by a cap per address across
 * accounts (one client guessing many). The owner's known device
 * (known-device.ts) is held by its own lockout only, so no stranger's
 * guesses lock the owner out of it.
 */
export const SIGN_IN_LIMITS = {
  accountAtAddress: { attempts: 5, windowMs: 24 * HOUR, backoffMs: MINUTE },
  account: { attempts: 10, windowMs: 24 * HOUR, backoffMs: MINUTE },
  address: { attempts: 30, windowMs: 15 * MINUTE },
  knownDevice: { attempts: 5, windowMs: 24 * HOUR, backoffMs: MINUTE },
} as const;

const accountAtAddress = (email: string, ip: string) => `${ip} ${email}`;

/** `device` is the nonce of the account's device cookie the request carries, if any. */
export function signInLimits(email: string, ip: string, device: string | null): Limit[] {
  if (device !== null) return [{ scope: "device", subject: device, ...SIGN_IN_LIMITS.knownDevice }];
  return [
    {
      scope: "account_ip",
      subject: accountAtAddress(email, ip),
      ...SIGN_IN_LIMITS.accountAtAddress,
    },
    { scope: "account", subject: email, ...SIGN_IN_LIMITS.account },
    { scope: "ip", subject: ip, ...SIGN_IN_LIMITS.address },
  ];
}

/** Sign-up, per hour: each new account is free chips, so both one address and everyone are capped. */
export const SIGN_UP_DEFAULTS = { perAddress: 3, overall: 100 } as const;

export function signUpLimits(ip: string, perHour: { perAddress: number; overall: number }) {
  return [
    { scope: "sign_up_ip", subject: ip, attempts: perHour.perAddress, windowMs: HOUR },
    { scope: "sign_up", subject: "all", attempts: perHour.overall, windowMs: HOUR },
  ] satisfies Limit[];
}

/**
 * Password reset requests, per hour: each one may send a mail, so one
 * address may not mail-bomb an inbox (per email, counted whether or not an
 * account has it, so the limit tells nothing either) nor walk many emails.
 */
export const PASSWORD_RESET_LIMITS = {
  email: { attempts: 3, windowMs: HOUR },
  address: { attempts: 10, windowMs: HOUR },
} as const;

export function passwordResetLimits(email: string, ip: string): Limit[] {
  return [
    { scope: "reset_email", subject: email, ...PASSWORD_RESET_LIMITS.email },
    { scope: "reset_ip", subject: ip, ...PASSWORD_RESET_LIMITS.address },
  ];
}

const wait = (limit: Limit, seen: { n: number; oldest: Date | null; latest: Date | null }) => {
  if (limit.backoffMs === undefined) {
    return (seen.oldest?.getTime() ?? 0) + limit.windowMs;
  }
  const lockMs = Math.min(limit.windowMs, limit.backoffMs * 2 ** (seen.n - limit.attempts));
  return (seen.latest?.getTime() ?? 0) + lockMs;
};

/** Count this attempt against every limit; refused when any is used up. */
export async function takeAttempt(
  db: Database,
  limits: readonly Limit[],
  now: number,
): Promise<AttemptTicket> {
  const mine = (limit: Limit) =>
    and(eq(authAttempts.scope, limit.scope), eq(authAttempts.subject, limit.subject));
  const since = (limit: Limit) => new Date(now - limit.windowMs);
  const [, ...rest] = await db.batch([
    // Forget attempts older than their window, so the table stays small.
    db
      .delete(authAttempts)
      .where(or(...limits.map((limit) => and(mine(limit), lt(authAttempts.at, since(limit)))))),
    ...limits.map((limit) =>
      db
        .select({ n: count(), oldest: min(authAttempts.at), latest: max(authAttempts.at) })
        .from(authAttempts)
        .where(and(mine(limit), gte(authAttempts.at, since(limit)))),
    ),
    db
      .insert(authAttempts)
      .values(
        limits.map((limit) => ({ scope: limit.scope, subject: limit.subject, at: new Date(now) })),
      )
      .returning({ id: authAttempts.id }),
  ]);
  const inserted = rest.pop() as { id: number }[];
  const ids = inserted.map((row) => row.id);
  const counts = rest as { n: number; oldest: Date | null; latest: Date | null }[][];
  for (const [i, limit] of limits.entries()) {
    const seen = counts[i]?.[0];
    if (!seen || seen.n < limit.attempts) continue;
    const until = wait(limit, seen);
    if (until <= now) continue;
    await db.delete(authAttempts).where(inArray(authAttempts.id, ids));
    return { allowed: false, limitedBy: limit.scope, retryAfterMs: Math.max(1000, until - now) };
  }
  return { allowed: true, ids };
}

/**
 * After a correct password: this attempt, and the failures of this account
 * at this address or on this device, no longer count. The account's own
 * count stays: the owner's success must not give a stranger guessing from
 * elsewhere a fresh start.
 */
export async function clearSignInAttempts(
  db: Database,
  email: string,
  ip: string,
  device: string | null,
  ticket: Extract<AttemptTicket, { allowed: true }>,
): Promise<void> {
  const mine = (scope: AttemptScope, subject: string) =>
    and(eq(authAttempts.scope, scope), eq(authAttempts.subject, subject));
  await db.batch([
    db.delete(authAttempts).where(inArray(authAttempts.id, ticket.ids)),
    db
      .delete(authAttempts)
      .where(
        device === null ? mine("account_ip", accountAtAddress(email, ip)) : mine("device", device),
      ),
  ]);
}
