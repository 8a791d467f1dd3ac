import { and, eq, ne } from "drizzle-orm";
import { endSession } from "../auth/session";
import type { Database } from "../db/client";
import { sessions } from "../db/schema";
import type { Env } from "../env";

/**
 * End the user's sessions (all, or all but `keep`), each the way signing
 * out does, so the table sockets they opened close too.
 */
export async function endSessionsOf(
  db: Database,
  env: Env,
  userId: string,
  keep?: string,
): Promise<void> {
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), keep ? ne(sessions.tokenHash, keep) : undefined));
  for (const { tokenHash } of rows) await endSession(db, env, tokenHash);
}
