/**
 * What every `felt bots` mode does first: its options read (or why not), the
 * admin signed in (his session checks the ledger), and bot accounts signed up.
 */
import { call, type Reconciliation } from "./bots-api";

/** The parsed options, or null once it has printed why not (the caller exits with 2). */
export function optionsOrNull<T extends object>(mode: string, parse: () => T | string): T | null {
  let parsed: T | string;
  try {
    parsed = parse();
  } catch (error) {
    parsed = error instanceof Error ? error.message : String(error);
  }
  if (typeof parsed !== "string") return parsed;
  console.error(`felt bots ${mode}: ${parsed}`);
  return null;
}

export type AdminSession = { token: string; reconcile: () => Promise<Reconciliation> };

export async function signInAdmin(o: {
  url: string;
  adminEmail: string;
  adminPassword: string;
}): Promise<AdminSession> {
  const { token } = await call<{ token: string }>(o.url, "auth.signIn", {
    email: o.adminEmail,
    password: o.adminPassword,
    session: "token",
  });
  const reconcile = () => call<Reconciliation>(o.url, "admin.reconcile", undefined, token, "query");
  return { token, reconcile };
}

/** A bot's account, signed up with the admin's session: the per-address sign-up limit does not apply to it. */
export async function signUpBot(
  url: string,
  admin: AdminSession,
  name: string,
): Promise<{ id: string; token: string }> {
  const signed = await call<{ user: { id: string }; token: string }>(
    url,
    "auth.signUp",
    {
      email: `${name}@bots.felt.local`,
      password: "bots-play-for-fun",
      displayName: name,
      session: "token",
    },
    admin.token,
  );
  return { id: signed.user.id, token: signed.token };
}

/** Bots' accounts for `names`, signed up `limit` at a time (in the order they finish). */
export async function signUpBots(
  url: string,
  admin: AdminSession,
  names: string[],
  limit: number,
): Promise<{ id: string; token: string }[]> {
  const accounts: { id: string; token: string }[] = [];
  await inParallel(names, limit, async (name) => {
    accounts.push(await signUpBot(url, admin, name));
  });
  return accounts;
}

/** Runs `work` over `items`, `limit` at a time. */
export async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}
