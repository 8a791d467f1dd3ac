/**
 * The web app as Cloudflare runs it: `npm run preview`'s server
 * (scripts/preview.mjs: the OpenNext build on workerd with Workers assets, the
 * API Worker behind its Service Binding), started here on its own port and
 * seeded state. The rest of the suite runs against `next start`.
 */
import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./browser";
import { freePort, quiet, seededState, start, stopServer, waitFor } from "./servers";

const webRoot = path.resolve(import.meta.dirname, "..");

describe("browser: the OpenNext build in workerd (npm run preview)", () => {
  let browser: Browser;
  let preview: ChildProcess;
  let persist: string;
  let url: string;
  beforeAll(async () => {
    persist = seededState();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    preview = start("preview", process.execPath, ["scripts/preview.mjs"], webRoot, {
      ...quiet,
      FELT_WEB_PORT: String(port),
      FELT_PERSIST_DIR: persist,
    });
    await waitFor(`${url}/trpc/health`, preview, "preview", 180_000);
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    if (preview) stopServer(preview);
    if (persist) rmSync(persist, { recursive: true, force: true });
  });

  it("serves the lobby, which lists the tables it reads through the binding on its own origin", async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    const apiOrigins = new Set<string>();
    page.on("request", (request) => {
      const { origin, pathname } = new URL(request.url());
      if (pathname.startsWith("/trpc/")) apiOrigins.add(origin);
    });
    const sockets: string[] = [];
    page.on("websocket", (socket) => sockets.push(socket.url()));
    await page.goto(url);
    await page.getByTestId("lobby-row").first().waitFor();
    for (const name of ["Aurora", "Borealis", "Caspian", "Danube", "Elbe", "Fjord"]) {
      expect(await page.getByRole("link", { name, exact: true }).count()).toBe(1);
    }
    // The page's scripts and styles came from Workers assets.
    const styles = await page.evaluate(() => document.styleSheets.length);
    expect(styles).toBeGreaterThan(0);

    // A live table: its state arrives over the table socket, through the binding too.
    await page.getByRole("link", { name: "Aurora" }).click();
    await page.waitForURL(/\/table\/aurora$/);
    await expect
      .poll(() => page.getByTestId("table-state").getAttribute("data-version"))
      .toMatch(/^\d+$/);
    // tRPC and the socket went to the page's own origin, none to a separate API address.
    expect([...apiOrigins]).toEqual([url]);
    expect(sockets).toEqual([`${url.replace(/^http/, "ws")}/ws/table/aurora`]);
    // The rules page renders from the bundle: the Worker has no repository on disk to read.
    const rules = await fetch(`${url}/rules`);
    expect(rules.status).toBe(200);
    expect(await rules.text()).toContain('id="texas-holdem"');
  });
});
