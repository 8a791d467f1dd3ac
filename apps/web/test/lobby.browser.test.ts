import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../src/i18n/messages/en/lobby.json";
import ru from "../src/i18n/messages/ru/lobby.json";
import { ARTIFACTS, launchChromium, webUrl } from "./browser";

/** The cells of a lobby row, by the column headers' names. */
async function rowOf(page: Page, table: string): Promise<Record<string, string>> {
  const headers = await page.locator("#lobby-panel-cash thead th").allTextContents();
  const row = page.getByTestId("lobby-row").filter({
    has: page.getByRole("link", { name: table, exact: true }),
  });
  const cells = await row.locator("td").allTextContents();
  return Object.fromEntries(headers.map((h, i) => [h, cells[i] ?? ""]));
}

describe("browser: lobby to a live table", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("lists the seeded tables, follows a link and sees the live table", async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    await page.goto(webUrl());
    const rows = page.getByTestId("lobby-row");
    await rows.first().waitFor();
    // The seeded six (other browser tests may open more).
    for (const name of ["Aurora", "Borealis", "Caspian", "Danube", "Elbe", "Fjord"]) {
      expect(await page.getByRole("link", { name, exact: true }).count()).toBe(1);
    }
    await expect.poll(() => page.getByText("Sunday Major").count()).toBe(1);
    await page.screenshot({ path: path.join(ARTIFACTS, "lobby.png"), fullPage: true });

    await page.getByRole("link", { name: "Aurora" }).click();
    await page.waitForURL(/\/table\/aurora$/);
    // A spectator sees the live table (its version comes over the socket) and may pick a seat.
    await expect
      .poll(() => page.getByTestId("table-state").getAttribute("data-version"))
      .toMatch(/^\d+$/);
    expect(await page.getByRole("button", { name: "Sit here" }).count()).toBe(6);
    await page.screenshot({ path: path.join(ARTIFACTS, "table-empty.png"), fullPage: true });
  });

  it("issue 48, bug 16: the Stakes column shows a limit table's bet sizes and Russian poker's ANTE range, in English and Russian", async () => {
    for (const [locale, words] of [
      ["en-US", en],
      ["ru-RU", ru],
    ] as const) {
      const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale });
      const page = await context.newPage();
      await page.goto(webUrl());
      await page.getByTestId("lobby-row").first().waitFor();
      // Elbe: fixed-limit hold'em at blinds of 1/2 bets 2/4.
      expect((await rowOf(page, "Elbe"))[words.columns.stakes]).toBe("2/4");
      expect((await rowOf(page, "Aurora"))[words.columns.stakes]).toBe("1/2");
      expect((await rowOf(page, "Volga"))[words.columns.stakes]).toBe(
        words.anteRange.replace("{small}", "5").replace("{big}", "50"),
      );
      await context.close();
    }
  });

  it("issue 48, bug 13: on a phone a table's name never breaks mid-word, and the buy-in column is there (English and Russian)", async () => {
    for (const [locale, words] of [
      ["en-US", en],
      ["ru-RU", ru],
    ] as const) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        locale,
      });
      const page = await context.newPage();
      await page.goto(webUrl());
      await page.getByTestId("lobby-row").first().waitFor();
      // Each seeded name on one line ("Ladoga", never "Ladog" + "a").
      const broken = await page.evaluate(() =>
        [
          ...document.querySelectorAll<HTMLAnchorElement>(
            "[data-testid=lobby-row] td:first-child a",
          ),
        ]
          .filter((a) =>
            /^(Aurora|Borealis|Caspian|Danube|Elbe|Fjord|Ladoga|Onega|Ilmen|Volga)$/.test(
              a.textContent ?? "",
            ),
          )
          .filter((a) => {
            const range = document.createRange();
            range.selectNodeContents(a);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
          })
          .map((a) => a.textContent),
      );
      expect.soft(broken).toEqual([]);
      const buyIn = page
        .locator("#lobby-panel-cash thead th")
        .filter({ hasText: words.columns.buyIn });
      expect.soft(await buyIn.isVisible()).toBe(true);
      // On the screen, not scrolled off its right edge.
      const box = await buyIn.boundingBox();
      expect.soft((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
      expect((await rowOf(page, "Ladoga"))[words.columns.buyIn]).toMatch(/\d+–\d+/);
      await page.screenshot({
        path: path.join(ARTIFACTS, `lobby-phone-names-${locale}.png`),
        fullPage: true,
      });
      await context.close();
    }
  });

  it("works on a phone-sized screen", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    await page.goto(webUrl());
    await page.getByTestId("lobby-row").first().waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(ARTIFACTS, "lobby-phone.png"), fullPage: true });
    // The tournaments' tab too: its status badges stayed past the screen's edge (2026-12-08).
    await page.goto(`${webUrl()}/?tab=tournaments`);
    await page.getByTestId("tournament-row").first().waitFor();
    const tournamentsOverflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(tournamentsOverflow).toBeLessThanOrEqual(0);
  });
});
