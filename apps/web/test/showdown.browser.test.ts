import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../src/i18n/messages/en/table.json";
import { ARTIFACTS, launchChromium, openHoldemTable, signUp, sitDown } from "./browser";

/** Check or call on whichever page may, until one page is asked to show or muck; that page. */
async function playToShowdown(pages: Page[]): Promise<Page> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    for (const page of pages) {
      if (await page.getByRole("button", { name: en.muck, exact: true }).isVisible()) return page;
      for (const button of [
        page.getByRole("button", { name: en.actions.check, exact: true }),
        page.getByRole("button", { name: /^Call \d/ }),
      ]) {
        if (!(await button.isVisible())) continue;
        await button.click({ timeout: 1_000 }).catch(() => {});
        break;
      }
    }
    await pages[0]?.waitForTimeout(100);
  }
  throw new Error("no showdown within 45 s");
}

describe("browser: showdown", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("S-2 bug 6: mucking a hand that may win asks first; only 'Muck anyway' mucks it", async () => {
    const tag = `m${Date.now().toString(36)}`;
    const context = () => browser.newContext({ viewport: { width: 1100, height: 900 } });
    const alice = await (await context()).newPage();
    const bob = await (await context()).newPage();
    await signUp(alice, `Alice ${tag}`);
    await signUp(bob, `Bob ${tag}`);
    const tableId = await openHoldemTable(`Muck ${tag}`);
    await sitDown(alice, tableId, 100);
    await sitDown(bob, tableId, 100);

    // The first hand to show: nobody has shown yet, so it may win.
    const first = await playToShowdown([alice, bob]);
    await first.getByRole("button", { name: en.muck, exact: true }).click();
    const dialog = first.getByRole("alertdialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(en.muckConfirm.text);
    // The safe choice has the focus; nothing was sent yet: the hand waits on this player.
    expect(
      await dialog
        .getByRole("button", { name: en.show, exact: true })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);
    await first.screenshot({
      path: path.join(ARTIFACTS, "table-muck-confirm.png"),
      fullPage: true,
    });
    const log = () => first.getByTestId("hand-log").textContent();
    expect(await log()).not.toMatch(/ mucks/);
    // Escape keeps the hand; the choice is offered again.
    await first.keyboard.press("Escape");
    await first.getByRole("button", { name: en.muck, exact: true }).click();
    await dialog.getByRole("button", { name: en.muckConfirm.muckAnyway }).click();
    await expect.poll(log, { timeout: 20_000 }).toMatch(/ mucks/);
    await expect.poll(log, { timeout: 20_000 }).toMatch(/wins \d/);
  });
});
