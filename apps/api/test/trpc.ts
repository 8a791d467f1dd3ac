import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { hashPassword } from "../src/auth/password";
import { database } from "../src/db/client";
import { app } from "../src/index";
import { reconcile } from "../src/ledger/reconcile";
import { appRouter } from "../src/trpc/router";

export type TrpcError = {
  message: string;
  code: string;
  httpStatus: number;
  fieldErrors?: Record<string, string>;
  /** The stable reason a client words, and the numbers it needs. */
  reason: string;
  params: Record<string, string | number>;
  fieldCodes?: Record<string, { code: string } & Record<string, string | number>>;
};

export type Reply<T> = {
  status: number;
  data: T;
  error: TrpcError | null;
  headers: Headers;
  /** The raw body, to check nothing private (stack traces, SQL) leaks. */
  text: string;
};

type CallOptions = {
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
  /** Send this exact body instead of JSON-encoding `input` (malformed JSON, NaN …). */
  rawBody?: string;
  /** Run the Worker with these variables in place of the test configuration's (abuse limits). */
  vars?: Partial<
    Record<
      "SIGN_UPS_PER_IP_PER_HOUR" | "SIGN_UPS_PER_HOUR" | "SIGN_UP_ANSWER_MS" | "TRUSTED_PROXIES",
      string
    >
  >;
  /**
   * The socket's peer, "ip:port", as workerd reports it when it owns the
   * socket (`npm start`, auth/client-address.ts). Without it the request is
   * as Cloudflare's edge passes it on: no peer, CF-Connecting-IP believed.
   */
  peer?: string;
};

const procedures = appRouter._def.procedures as unknown as Record<
  string,
  { _def: { type: string } }
>;

/** Call a procedure through the Worker over HTTP, exactly as a browser or a bot would. */
// biome-ignore lint/suspicious/noExplicitAny: tests read whatever shape the procedure returns.
export async function call<T = any>(
  path: string,
  input?: unknown,
  options: CallOptions = {},
): Promise<Reply<T>> {
  const type = procedures[path]?._def.type ?? "query";
  const headers = new Headers(options.headers);
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  if (options.cookie) headers.set("Cookie", options.cookie);
  let url = `http://api.test/trpc/${path}`;
  const cf = options.peer ? { cf: { clientIp: options.peer } } : {};
  let init: RequestInit = { headers, ...cf };
  if (type === "mutation") {
    headers.set("Content-Type", "application/json");
    init = {
      method: "POST",
      headers,
      body: options.rawBody ?? (input === undefined ? undefined : JSON.stringify(input)),
      ...cf,
    };
  } else if (input !== undefined || options.rawBody !== undefined) {
    url += `?input=${encodeURIComponent(options.rawBody ?? JSON.stringify(input))}`;
  }
  const res = options.vars
    ? await app.fetch(new Request(url, init), { ...env, ...options.vars }, createExecutionContext())
    : await exports.default.fetch(url, init);
  const text = await res.text();
  const body = JSON.parse(text) as {
    result?: { data: T };
    error?: {
      message: string;
      data: { code: string; httpStatus: number } & Pick<
        TrpcError,
        "fieldErrors" | "reason" | "params" | "fieldCodes"
      >;
    };
  };
  return {
    status: res.status,
    data: body.result?.data as T,
    error: body.error
      ? {
          message: body.error.message,
          code: body.error.data.code,
          httpStatus: body.error.data.httpStatus,
          ...(body.error.data.fieldErrors ? { fieldErrors: body.error.data.fieldErrors } : {}),
          reason: body.error.data.reason,
          params: body.error.data.params,
          ...(body.error.data.fieldCodes ? { fieldCodes: body.error.data.fieldCodes } : {}),
        }
      : null,
    headers: res.headers,
    text,
  };
}

let serial = 0;
/** A unique suffix: storage is shared by the tests of one file. */
export const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`;

export type Player = { id: string; token: string; email: string; displayName: string };

export async function newPlayer(): Promise<Player> {
  const tag = unique();
  const email = `p${tag}@example.test`;
  const displayName = `p${tag}`;
  const reply = await call("auth.signUp", {
    email,
    password: "correct horse battery",
    displayName,
    session: "token",
  });
  expect(reply.error).toBeNull();
  return { id: reply.data.user.id, token: reply.data.token, email, displayName };
}

/** An admin, created the way the seed script does (straight into D1), then signed in. */
export async function newAdmin(): Promise<Player> {
  const tag = unique();
  const id = `admin-${tag}`;
  const email = `a${tag}@example.test`;
  const password = "admin password for tests";
  await env.DB.prepare(
    "INSERT INTO users (id, email, display_name, password_hash, role) VALUES (?, ?, ?, ?, 'admin')",
  )
    .bind(id, email, `Admin ${tag}`, await hashPassword(password))
    .run();
  const reply = await call("auth.signIn", { email, password, session: "token" });
  expect(reply.error).toBeNull();
  return { id, token: reply.data.token, email, displayName: `Admin ${tag}` };
}

const TABLES = [
  "users",
  "sessions",
  "stakes",
  "tables",
  "tournaments",
  "accounts",
  "transfers",
  "ledger_entries",
  "payout_tables",
  "admin_audit",
] as const;

/** Row counts and total balances: equal before and after means nothing was written. */
export async function snapshot(): Promise<Record<string, number>> {
  const rows = await env.DB.batch([
    ...TABLES.map((t) => env.DB.prepare(`SELECT count(*) AS n FROM ${t}`)),
    env.DB.prepare("SELECT COALESCE(SUM(ABS(balance)), 0) AS n FROM accounts"),
    env.DB.prepare("SELECT COALESCE(SUM(players_seated), 0) AS n FROM tables"),
  ]);
  const names = [...TABLES, "balances", "seated"];
  return Object.fromEntries(rows.map((r, i) => [names[i], (r.results[0] as { n: number }).n]));
}

/** docs/architecture.md#money: run after every scenario. */
export async function expectLedgerReconciles(): Promise<void> {
  const report = await reconcile(database(env.DB));
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
  expect(report.wallets + report.tables + report.tournaments + report.house).toBe(report.created);
}
