import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ARTIFACTS, launchChromium } from "./browser";

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
    await page.goto(inject("webUrl"));
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

  it("works on a phone-sized screen", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    await page.goto(inject("webUrl"));
    await page.getByTestId("lobby-row").first().waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(ARTIFACTS, "lobby-phone.png"), fullPage: true });
  });
});
