/**
 * The few tRPC calls the bot tool makes, as plain HTTP (tRPC v11, no
 * transformer: the body is the input, the answer `{ result: { data } }`).
 */
import { request as httpRequest } from "node:http";

export class ApiError extends Error {
  constructor(
    readonly procedure: string,
    readonly status: number,
    message: string,
  ) {
    super(`${procedure}: ${message}`);
  }
}

export async function call<T>(
  base: string,
  procedure: string,
  input: unknown,
  token?: string,
  kind: "query" | "mutation" = "mutation",
): Promise<T> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const url =
    kind === "query"
      ? `${base}/trpc/${procedure}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`
      : `${base}/trpc/${procedure}`;
  // A kept-alive connection the server closed just as it was reused fails at the socket
  // ("fetch failed"), and on a loaded machine the client notices its idle sockets late. A
  // query is simply asked again; a mutation goes on a connection of its own, as it could
  // not be retried safely (it may have been done).
  const response =
    kind === "query"
      ? await fetch(url, { headers }).catch(() => fetch(url, { headers }))
      : await postOnce(url, headers, JSON.stringify(input ?? {}));
  const body = (await response.json().catch(() => null)) as {
    result?: { data: T };
    error?: { message?: string };
  } | null;
  if (!response.ok || !body?.result) {
    throw new ApiError(
      procedure,
      response.status,
      body?.error?.message ?? `HTTP ${response.status}`,
    );
  }
  return body.result.data;
}

/** A POST on a fresh connection (no keep-alive; plain http: the bots test a local API), as a Response. */
function postOnce(url: string, headers: Record<string, string>, body: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method: "POST", headers, agent: false }, (reply) => {
      const chunks: Buffer[] = [];
      reply.on("data", (chunk: Buffer) => chunks.push(chunk));
      reply.on("end", () =>
        resolve(new Response(Buffer.concat(chunks), { status: reply.statusCode ?? 500 })),
      );
      reply.on("error", reject);
    });
    sent.on("error", reject);
    sent.end(body);
  });
}

export type Reconciliation = {
  wallets: number;
  tables: number;
  tournaments: number;
  house: number;
  created: number;
  ok: boolean;
  problems: string[];
};

/** Every chip the ledger knows: wallets + table escrow + tournament pools + the house. */
export const chipsInPlay = (r: Reconciliation) => r.wallets + r.tables + r.tournaments + r.house;

/**
 * Chips that appeared or went missing between two readings: the change in
 * chips in play beyond what the ledger created meanwhile (a broke bot's
 * reload is new money, not drift). 0 when every chip is accounted for.
 */
export const driftBetween = (before: Reconciliation, after: Reconciliation) =>
  chipsInPlay(after) - after.created - (chipsInPlay(before) - before.created);
