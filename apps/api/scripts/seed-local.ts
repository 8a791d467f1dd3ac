/**
 * Seeds the local D1 database for `pnpm dev`: the migrations (which also
 * create the ledger's mint and house accounts), the demo tables and
 * tournament (seed/demo.sql) and an admin account. The admin's password
 * comes from FELT_ADMIN_PASSWORD or is generated once and kept in
 * .dev-admin.json (git-ignored), so it is never written in the code.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { nameKey } from "../src/auth/display-name";
import { hashPassword } from "../src/auth/password";

const root = path.resolve(import.meta.dirname, "..");
const credentialsFile = path.join(root, ".dev-admin.json");
const persistTo = process.env.FELT_PERSIST_DIR;

type Credentials = { email: string; password: string };

function credentials(): Credentials {
  const email = process.env.FELT_ADMIN_EMAIL ?? "admin@felt.local";
  if (process.env.FELT_ADMIN_PASSWORD) return { email, password: process.env.FELT_ADMIN_PASSWORD };
  if (existsSync(credentialsFile)) {
    const saved = JSON.parse(readFileSync(credentialsFile, "utf8")) as Credentials;
    if (saved.email === email) return saved;
  }
  const created = { email, password: randomBytes(9).toString("base64url") };
  writeFileSync(credentialsFile, `${JSON.stringify(created, null, 2)}\n`, { mode: 0o600 });
  return created;
}

function wrangler(...args: string[]): void {
  const persist = persistTo ? ["--persist-to", persistTo] : [];
  execFileSync("wrangler", [...args, "--local", ...persist], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
  });
}

const sqlString = (value: string) => `'${value.replaceAll("'", "''")}'`;

const admin = credentials();
wrangler("d1", "migrations", "apply", "DB");
wrangler("d1", "execute", "DB", "--file", "seed/demo.sql");
const hash = await hashPassword(admin.password);
wrangler(
  "d1",
  "execute",
  "DB",
  "--command",
  `INSERT INTO users (id, email, display_name, name_key, password_hash, role)
   VALUES ('admin', ${sqlString(admin.email)}, 'Admin', ${sqlString(nameKey("Admin"))}, ${sqlString(hash)}, 'admin')
   ON CONFLICT(id) DO UPDATE SET email = excluded.email, password_hash = excluded.password_hash, name_key = excluded.name_key, role = 'admin'`,
);
console.log(`\n  Felt admin login: ${admin.email} / ${admin.password}\n`);
