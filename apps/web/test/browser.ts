import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import en from "../src/i18n/messages/en/table.json";

/** Where screenshots go; CI keeps them as test artifacts. */
export const ARTIFACTS = path.resolve(import.meta.dirname, "../artifacts");

/** Debian's Chromium, with the flags this sandboxed, offline machine needs. */
export function launchChromium(): Promise<Browser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * The platform this test file runs against (servers.ts starts one per worker): vitest runs
 * at most one file per worker at a time, and VITEST_POOL_ID numbers the workers from 1, so
 * no two files share a platform at once (a lobby filter sees only its own file's tables,
 * and one file's hands do not wait on another's).
 */
function platform(): { webUrl: string; apiUrl: string } {
  const platforms = inject("platforms");
  const worker = Number(process.env.VITEST_POOL_ID ?? "1");
  const mine = platforms[worker - 1];
  if (mine) return mine;
  throw new Error(`worker ${worker} has no platform: servers.ts started ${platforms.length}`);
}

/** The web app's origin for this file (platform()). */
export const webUrl = (): string => platform().webUrl;
/** The API's origin for this file (platform()). */
export const apiUrl = (): string => platform().apiUrl;

/** One tRPC call over plain HTTP, as a bot or a script would make it (bearer token, no cookie). */
export async function call<T>(
  procedure: string,
  input: unknown,
  { token, query = false }: { token?: string; query?: boolean } = {},
): Promise<T> {
  const base = `${apiUrl()}/trpc/${procedure}`;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = query
    ? await fetch(`${base}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers })
    : await fetch(base, { method: "POST", headers, body: JSON.stringify(input) });
  const body = (await res.json()) as { result?: { data: T }; error?: { message: string } };
  if (!res.ok || !body.result)
    throw new Error(`${procedure}: ${body.error?.message ?? res.status}`);
  return body.result.data;
}

/**
 * Moves the served platform's clock on to `startsAt` and has the tournament's room set its
 * alarm by it (apps/api/src/test-clock.ts): the start comes now, not after a wait on the wall
 * clock. The clock only moves forward, and it moves for every room.
 */
export async function startTournamentNow(tournament: string, startsAt: number) {
  const res = await fetch(`${apiUrl()}/test-clock/advance`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ to: startsAt, tournament }),
  });
  if (!res.ok) throw new Error(`test-clock/advance: ${res.status} ${await res.text()}`);
}

/**
 * The served platform's time (the rooms' clock). Once a test moved it, it runs ahead of this
 * process's `Date.now()`, for every later file on the same platform: schedule by it.
 */
export async function serverNow(): Promise<number> {
  const res = await fetch(`${apiUrl()}/test-clock/now`);
  if (!res.ok) throw new Error(`test-clock/now: ${res.status}`);
  return ((await res.json()) as { now: number }).now;
}

/** The admin the seed script creates for the browser tests (servers.ts sets the password). */
export const ADMIN = { email: "admin@felt.local", password: "browser-test-only" };

/** A new player, signed up through the page as a person would; lands on the lobby. */
export async function signUp(page: Page, name: string) {
  await page.goto(`${webUrl()}/sign-up`);
  await page.getByLabel("Email").fill(`${name.toLowerCase().replace(/\W/g, "")}@example.test`);
  await page.getByLabel("Display name").fill(name);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Sign up" }).click();
  await page.waitForURL(`${webUrl()}/`);
}

/** Signed in as the seeded admin, on the admin console. */
export async function signInAsAdmin(page: Page) {
  await page.goto(`${webUrl()}/sign-in`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("link", { name: "Admin" }).click();
  await page.waitForURL(/\/admin$/);
}

/**
 * A fresh table of its own on a stake of its own, opened by the admin, so tests
 * never share seats: no-limit hold'em 1/2 unless `stake` says otherwise.
 */
export async function openHoldemTable(
  name: string,
  stake: Record<string, unknown> = {},
): Promise<string> {
  const { token } = await call<{ token: string }>("auth.signIn", { ...ADMIN, session: "token" });
  const created = await call<{ id: string }>(
    "admin.stakes.create",
    { name, game: "holdem", betting: "no-limit", smallBlind: 1, bigBlind: 2, seats: 6, ...stake },
    { token },
  );
  const table = await call<{ id: string }>(
    "admin.tables.open",
    { stakeId: created.id, name },
    { token },
  );
  return table.id;
}

/** Whose turn it is: the page whose action bar is up. */
export async function actor(pages: Page[], words: TableWords = en): Promise<Page | null> {
  for (const page of pages)
    if (await page.getByRole("group", { name: words.actions.label }).isVisible()) return page;
  return null;
}

export async function waitForActor(pages: Page[], ms = 15_000): Promise<Page> {
  let page: Page | null = null;
  await expect
    .poll(
      async () => {
        page = await actor(pages);
        return page !== null;
      },
      {
        timeout: ms,
        message: "nobody's turn",
      },
    )
    .toBe(true);
  return page as unknown as Page;
}

/** The table state's version each page shows (the felt's `data-version`, one per state). */
export function versionsOf(pages: Page[]): Promise<(string | null)[]> {
  return Promise.all(
    pages.map((page) => page.getByTestId("table-state").getAttribute("data-version")),
  );
}

/**
 * Wait until some page shows a newer table state than `before` (from `versionsOf`): after a
 * move, the state it made; after none, whatever the table did next (a turn, a street, a hand).
 */
export async function waitForNewState(pages: Page[], before: (string | null)[], ms = 15_000) {
  await expect
    .poll(async () => (await versionsOf(pages)).some((version, i) => version !== before[i]), {
      timeout: ms,
      message: "the table never moved on",
    })
    .toBe(true);
}

/** The table page's words in one language: its catalogue (`en` unless a test plays in another). */
export type TableWords = typeof en;

/** The literal text of a message before its first placeholder ("Call {amount}" → "Call"). */
const lead = (message: string) => message.split("{")[0]?.trim() ?? message;

/** Take the first free seat with this buy-in (and, with `autoRebuy`, the top-up to it, T-6). */
export async function sitDown(
  page: Page,
  tableId: string,
  buyIn: number,
  words: TableWords = en,
  { autoRebuy = false } = {},
) {
  await page.goto(`${webUrl()}/table/${tableId}`);
  const empty = page.getByRole("button", { name: words.sitHere, exact: true });
  await empty.first().waitFor();
  await empty.first().click();
  await page.getByLabel(lead(words.buyIn.amount)).fill(String(buyIn));
  if (autoRebuy) await page.getByRole("checkbox", { name: lead(words.buyIn.autoRebuy) }).check();
  await page.getByRole("button", { name: words.buyIn.sitDown }).click();
  await page.getByRole("button", { name: words.controls.leave }).waitFor();
}

/**
 * If it is this page's turn, check or call (the showdown plays itself, S-2); returns false
 * otherwise. The buttons come and go as the state changes, so a click that misses is a miss.
 */
export async function checkOrCall(page: Page, words: TableWords = en): Promise<boolean> {
  for (const button of [
    page.getByRole("button", { name: words.actions.check, exact: true }),
    page.getByRole("button", { name: new RegExp(`^${lead(words.actions.call)}`) }),
  ]) {
    if (!(await button.isVisible())) continue;
    try {
      await button.click({ timeout: 1_000 });
      return true;
    } catch {
      return false;
    }
  }
  return false;
}

const axeScript = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/**
 * axe-core's check of the page as it is now: the serious and critical
 * violations, each with the elements it found (an empty list passes).
 */
export async function seriousViolations(
  page: Page,
): Promise<{ id: string; impact: string; targets: string[] }[]> {
  await page.addScriptTag({ path: axeScript });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
    const { violations } = await axe.run(document, { resultTypes: ["violations"] });
    return violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? "",
        targets: v.nodes.map((n) => n.target.join(" ")),
      }));
  });
}
