/**
 * The few tRPC calls the bot tool makes, as plain HTTP (tRPC v11, no
 * transformer: the body is the input, the answer `{ result: { data } }`).
 */
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
  const request = () =>
    fetch(url, {
      method: kind === "query" ? "GET" : "POST",
      headers,
      ...(kind === "mutation" ? { body: JSON.stringify(input ?? {}) } : {}),
    });
  // A kept-alive connection the server closed just as it was reused fails at the socket
  // ("fetch failed"). A query is asked again; a mutation is not (it may have been done).
  const response = await request().catch((error: unknown) => {
    if (kind === "query" && error instanceof TypeError) return request();
    throw error;
  });
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
