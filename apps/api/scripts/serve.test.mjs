/**
 * `npm start`'s server (serve.mjs) as a client meets it: the Worker's bundle on
 * workerd's own socket. The workerd tests (src/auth/client-address.test.ts)
 * hand the Worker a peer address themselves; this checks that the socket
 * really reports one, and that nothing a client sends replaces it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWorker, serveWorker } from "./serve.mjs";

const root = path.resolve(import.meta.dirname, "..");
let state;
let mf;
let url;

/** The D1 migrations, applied as `wrangler d1 migrations apply` would. */
async function migrate(db) {
  const dir = path.join(root, "migrations");
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    const statements = readFileSync(path.join(dir, file), "utf8").split("--> statement-breakpoint");
    for (const sql of statements.map((s) => s.trim()).filter(Boolean)) await db.prepare(sql).run();
  }
}

beforeAll(async () => {
  state = mkdtempSync(path.join(tmpdir(), "felt-serve-test-"));
  const script = buildWorker(path.join(state, "bundle"));
  const vars = { SIGN_UPS_PER_IP_PER_HOUR: "1", SIGN_UP_ANSWER_MS: "0" };
  mf = await serveWorker({ script, port: 0, persistTo: state, vars });
  url = await mf.unsafeGetDirectURL();
  await migrate(await mf.getD1Database("DB"));
}, 120_000);

afterAll(async () => {
  await mf?.dispose();
  if (state) rmSync(state, { recursive: true, force: true });
});

let serial = 0;
function signUp(headers) {
  const tag = `${Date.now().toString(36)}${serial++}`;
  return fetch(new URL("/trpc/auth.signUp", url), {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({
      email: `s${tag}@example.test`,
      password: "correct horse battery",
      displayName: `s${tag}`,
    }),
  });
}

describe("npm start's socket", () => {
  it("counts sign-ups by the peer's address, not by a header or a cf blob the client sends", async () => {
    expect((await signUp({ "CF-Connecting-IP": "192.0.2.1" })).status).toBe(200);
    for (const headers of [
      { "CF-Connecting-IP": "192.0.2.2" },
      { "X-Forwarded-For": "192.0.2.3" },
      // Miniflare's sockets read request.cf from this header unless told not to.
      { "MF-CF-Blob": JSON.stringify({ clientIp: "192.0.2.4:1234" }) },
      { "MF-CF-Blob": "{}", "CF-Connecting-IP": "192.0.2.5" },
    ]) {
      const refused = await signUp(headers);
      expect(refused.status, JSON.stringify(headers)).toBe(429);
      const body = await refused.json();
      expect(body.error.data.reason).toBe("sign_up_limit_network");
    }
  });
});
