import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../src/i18n/messages/en/table.json";
import {
  ARTIFACTS,
  checkOrCall,
  launchChromium,
  openHoldemTable,
  signUp,
  sitDown,
  versionsOf,
  waitForNewState,
} from "./browser";

const logOf = (page: Page) => page.getByTestId("hand-log").textContent();

describe("browser: showdown", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("S-2 the showdown plays itself: no Show or Muck to click; 'Show my hand' shows the chooser's hand", async () => {
    const tag = `m${Date.now().toString(36)}`;
    const context = () => browser.newContext({ viewport: { width: 1100, height: 900 } });
    const alice = await (await context()).newPage();
    const bob = await (await context()).newPage();
    await signUp(alice, `Alice ${tag}`);
    await signUp(bob, `Bob ${tag}`);
    const tableId = await openHoldemTable(`Showdown ${tag}`);
    await sitDown(alice, tableId, 100);
    await sitDown(bob, tableId, 100);

    // Alice asks for her hand to be shown, win or lose; the table keeps it for her seat (the box
    // shows the table's answer, so it is clicked and then read).
    const option = alice.getByRole("checkbox", { name: en.options.showMyHand });
    await option.click();
    await expect.poll(() => option.isChecked(), { timeout: 10_000 }).toBe(true);
    expect(await bob.getByRole("checkbox", { name: en.options.showMyHand }).isChecked()).toBe(
      false,
    );

    // Check and call down: nobody is ever asked to show or muck, and the hand ends by itself.
    // Each round waits for the table's next state (the versions are read before the log, so a
    // state that lands in between is not missed).
    const deadline = Date.now() + 45_000;
    while (Date.now() < deadline) {
      const before = await versionsOf([alice, bob]);
      if (/wins \d/.test((await logOf(alice)) ?? "")) break;
      for (const page of [alice, bob]) {
        expect(await page.getByRole("button", { name: "Muck", exact: true }).count()).toBe(0);
        await checkOrCall(page);
      }
      await waitForNewState([alice, bob], before);
    }
    expect(await logOf(alice)).toMatch(/wins \d/);
    // Alice's hand was shown, whatever it was: Bob sees her two cards.
    await expect
      .poll(() => bob.locator(".seat:not(.is-me) svg[data-card]").count(), { timeout: 10_000 })
      .toBe(2);
    await bob.screenshot({ path: path.join(ARTIFACTS, "table-showdown.png"), fullPage: true });
  }, 120_000);
});
