import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALE_COOKIE } from "../src/i18n/locales";
import {
  ARTIFACTS,
  launchChromium,
  seriousViolations,
  signInAsAdmin,
  signUp,
  webUrl,
} from "./browser";

const figure = async (page: Page, testId: string) => {
  const text = (await page.getByTestId(testId).textContent()) ?? "";
  return Number(text.replace(/\D/g, ""));
};

/** Nothing runs off the side of a phone's screen. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("browser: the admin's health page", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows the platform's figures on a phone, in English and Russian, with no serious axe violations", async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.getByRole("link", { name: "Platform health" }).click();
    await page.waitForURL(/\/admin\/health$/);
    await page.getByRole("heading", { name: "Platform health", level: 1 }).waitFor();
    // The seed opens tables: the lobby rows the rooms keep are counted.
    await expect.poll(() => figure(page, "health-open-tables")).toBeGreaterThan(0);
    for (const section of ["Now", "The last hour", "Errors by code, the last hour"])
      await page.getByRole("heading", { name: section, level: 2, exact: true }).waitFor();
    expect(await page.getByTestId("health-rake").textContent()).toMatch(/^\d[\d,]*$/);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(ARTIFACTS, "admin-health-phone.png"), fullPage: true });
    // The same page in Russian, as the language switch leaves it (its cookie).
    await context.addCookies([{ name: LOCALE_COOKIE, value: "ru", url: webUrl() }]);
    await page.reload();
    await page.getByRole("heading", { name: "Состояние платформы", level: 1 }).waitFor();
    await page.getByText("Открытые столы").waitFor();
    await page.getByRole("heading", { name: "За последний час", level: 2, exact: true }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("ru");
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("a player is told the page is for admins, and sees none of its figures", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signUp(page, `Hp ${Date.now().toString(36)}`);
    await page.goto(`${webUrl()}/admin/health`);
    await page.getByRole("alert").getByText("This page is for admins.").waitFor();
    expect(await page.getByTestId("health-open-tables").count()).toBe(0);
    await context.close();
  });
});
