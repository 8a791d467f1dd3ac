import path from "node:path";
import { parsePhh } from "@felt/engine";
import { verifyHistory } from "@felt/fairness";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../src/i18n/messages/en/table.json";
import {
  ARTIFACTS,
  checkOrCall,
  launchChromium,
  signUp,
  sitDown,
  versionsOf,
  waitForNewState,
} from "./browser";

describe("browser: two players play a hand", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("two players sign up, sit at one table and play a hand to showdown", async () => {
    const tag = Date.now().toString(36);
    // Two browser contexts: two separate players with their own cookies.
    const alice = await (
      await browser.newContext({ viewport: { width: 1100, height: 900 } })
    ).newPage();
    const bob = await (
      await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })
    ).newPage();
    await signUp(alice, `Alice ${tag}`);
    await signUp(bob, `Bob ${tag}`);
    await sitDown(alice, "borealis", 100);
    await sitDown(bob, "borealis", 100);

    // The room deals by itself once two players sit in.
    for (const page of [alice, bob]) {
      await expect
        .poll(() => page.getByTestId("hand-log").textContent(), { timeout: 20_000 })
        .toContain("Hand #1");
    }
    await alice.screenshot({ path: path.join(ARTIFACTS, "table-hand-alice.png"), fullPage: true });
    await bob.screenshot({
      path: path.join(ARTIFACTS, "table-hand-bob-phone.png"),
      fullPage: true,
    });

    // Both see their own two cards face up and the other's two face down.
    for (const page of [alice, bob]) {
      expect(await page.locator(".seat.is-me svg[data-card]").count()).toBe(2);
      expect(await page.locator('.seat:not(.is-me) svg[aria-label="face-down card"]').count()).toBe(
        2,
      );
    }

    // Check or call down to the showdown.
    const deadline = Date.now() + 45_000;
    while (Date.now() < deadline) {
      const before = await versionsOf([alice, bob]);
      const log = (await alice.getByTestId("hand-log").textContent()) ?? "";
      if (/wins \d/.test(log)) break;
      (await checkOrCall(alice)) || (await checkOrCall(bob));
      await waitForNewState([alice, bob], before);
    }
    for (const page of [alice, bob]) {
      await expect.poll(() => page.getByTestId("hand-log").textContent()).toMatch(/wins \d/);
      // A showdown: both hands were shown, five board cards out, winning cards highlighted.
      expect(await page.getByTestId("board").locator("svg[data-card]").count()).toBe(5);
      await expect
        .poll(() => page.locator(".playing-card.is-highlighted").count())
        .toBeGreaterThanOrEqual(5);
    }
    // The deal's proof, asked for: the board and both shown hands, nine cards, each leaf leading
    // to the root published with the deal (no seed).
    expect(await alice.getByTestId("fairness-check").count()).toBe(0);
    await alice.getByRole("button", { name: en.fairness.check }).click();
    await expect
      .poll(() => alice.getByTestId("fairness-check").getAttribute("data-status"))
      .toBe("verified");
    expect(await alice.getByTestId("fairness").textContent()).toContain(
      "9 cards seen, with their proofs",
    );
    await alice.screenshot({
      path: path.join(ARTIFACTS, "table-showdown-alice.png"),
      fullPage: true,
    });
    await bob.screenshot({
      path: path.join(ARTIFACTS, "table-showdown-bob-phone.png"),
      fullPage: true,
    });

    // Chips are conserved: stacks plus any blinds of the next hand still add up to the buy-ins.
    const amount = async (testId: string) => {
      const element = alice.getByTestId(testId);
      return (await element.count())
        ? Number((await element.textContent())?.replace(/\D/g, ""))
        : 0;
    };
    let total = 0;
    for (const seat of [1, 2])
      total += (await amount(`stack-${seat}`)) + (await amount(`bet-${seat}`));
    expect(total).toBe(200);

    // The finished hand is in Alice's history and downloads as PHH.
    await alice.getByRole("link", { name: "My hands" }).click();
    await alice.getByTestId("hand-row").first().waitFor();
    const [download] = await Promise.all([
      alice.waitForEvent("download"),
      alice.getByRole("button", { name: "Download" }).first().click(),
    ]);
    const file = await download.path();
    const { readFileSync } = await import("node:fs");
    const phh = readFileSync(file, "utf8");
    expect(phh).toContain("variant = ");
    // The download carries the deal's proof and no seed; it verifies as `felt verify` checks it.
    expect(phh).toMatch(/_felt_root = ["'][0-9a-f]{64}["']/);
    expect(phh).not.toMatch(/_felt_server_seed|_seed =/);
    const parsed = parsePhh(phh);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(await verifyHistory(parsed.history)).toMatchObject({ status: "verified", proven: 9 });
    await alice.screenshot({ path: path.join(ARTIFACTS, "hands-alice.png"), fullPage: true });
  });

  it("five-card draw: a player picks cards to discard and draws; everyone sees the draw counts", async () => {
    const tag = `d${Date.now().toString(36)}`;
    const alice = await (
      await browser.newContext({ viewport: { width: 1100, height: 900 } })
    ).newPage();
    const bob = await (
      await browser.newContext({ viewport: { width: 1100, height: 900 } })
    ).newPage();
    await signUp(alice, `Alice ${tag}`);
    await signUp(bob, `Bob ${tag}`);
    await sitDown(alice, "fjord", 100);
    await sitDown(bob, "fjord", 100);
    for (const page of [alice, bob]) {
      await expect
        .poll(() => page.getByTestId("hand-log").textContent(), { timeout: 20_000 })
        .toContain("Hand #1");
      // Five cards each: his own face up, the other's face down.
      expect(await page.locator(".seat.is-me svg[data-card]").count()).toBe(5);
    }

    /** In the draw: Alice discards her first two cards, Bob stands pat. */
    const drawIfAsked = async (page: Page, discard: number): Promise<boolean> => {
      const standPat = page.getByRole("button", { name: "Stand pat" });
      if (!(await standPat.isVisible())) return false;
      try {
        for (let i = 0; i < discard; i++)
          await page.getByTestId(`pick-${i}`).click({ timeout: 1_000 });
        const raised = page.locator(".seat-card-pick.is-selected");
        expect(await raised.count()).toBe(discard);
        const button = page.getByRole("button", {
          name: discard === 0 ? "Stand pat" : `Draw ${discard}`,
        });
        if (discard > 0) await alice.screenshot({ path: path.join(ARTIFACTS, "draw-picking.png") });
        await button.click({ timeout: 1_000 });
        return true;
      } catch {
        return false;
      }
    };

    const deadline = Date.now() + 45_000;
    while (Date.now() < deadline) {
      const before = await versionsOf([alice, bob]);
      const log = (await alice.getByTestId("hand-log").textContent()) ?? "";
      if (/wins \d/.test(log)) break;
      (await drawIfAsked(alice, 2)) ||
        (await drawIfAsked(bob, 0)) ||
        (await checkOrCall(alice)) ||
        (await checkOrCall(bob));
      await waitForNewState([alice, bob], before);
    }
    for (const page of [alice, bob]) {
      await expect.poll(() => page.getByTestId("hand-log").textContent()).toMatch(/wins \d/);
      const log = (await page.getByTestId("hand-log").textContent()) ?? "";
      expect(log).toContain(`Alice ${tag} draws 2`);
      expect(log).toContain(`Bob ${tag} stands pat`);
      // S-3: the counts are shown beside both seats, to both players.
      const labels = await page.locator(".seat-drew").allTextContents();
      expect(labels.sort()).toEqual(["drew 2", "stood pat"]);
    }
    await alice.screenshot({
      path: path.join(ARTIFACTS, "draw-showdown-alice.png"),
      fullPage: true,
    });
  });

  it("dealer's choice (Ilmen): the player on the button chooses 7–A draw and the hand is dealt as it", async () => {
    const tag = `c${Date.now().toString(36)}`;
    const pages: Page[] = [];
    for (const name of [`Alice ${tag}`, `Bob ${tag}`]) {
      const page = await (
        await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })
      ).newPage();
      await signUp(page, name);
      await sitDown(page, "ilmen", 100);
      pages.push(page);
    }
    // Before the first hand the button chooses: one page offers the games, the other says who chooses.
    let chooser: Page | undefined;
    await expect
      .poll(
        async () => {
          for (const page of pages)
            if (await page.getByTestId("game-chooser").isVisible()) chooser = page;
          return chooser !== undefined;
        },
        { timeout: 20_000, message: "nobody was offered the choice of game" },
      )
      .toBe(true);
    if (!chooser) throw new Error("nobody was offered the choice of game");
    const other = pages.find((p) => p !== chooser) as Page;
    expect(await other.getByTestId("game-choice").textContent()).toMatch(
      /chooses this orbit's game$/,
    );
    expect(await other.getByTestId("game-chooser").count()).toBe(0);
    await chooser.screenshot({ path: path.join(ARTIFACTS, "dealers-choice-chooser-phone.png") });
    // No hand has been dealt at a new table: the header numbers none (it said "Hand #0").
    for (const page of pages)
      expect(await page.getByText("Hand #0", { exact: true }).count()).toBe(0);
    await chooser.getByTestId("game-chooser").getByRole("button", { name: "Draw 7–A" }).click();
    // The hand is five-card draw from the 32-card deck: five cards each, the header names the deck.
    for (const page of pages) {
      await expect
        .poll(() => page.getByTestId("hand-log").textContent(), { timeout: 20_000 })
        .toContain("Hand #1");
      await expect.poll(() => page.locator(".seat.is-me svg[data-card]").count()).toBe(5);
      expect(await page.locator(".table-header").textContent()).toContain("7–A deck");
      expect(await page.getByTestId("hand-log").textContent()).toMatch(/picks Draw 7–A— Hand #1 —/);
    }
    // In Russian the log names the game in Russian, by its id (table.games), not the catalogue's English.
    await other.locator(".locale-switch select").selectOption("ru");
    await expect
      .poll(() => other.getByTestId("hand-log").textContent(), { timeout: 30_000 })
      .toContain("выбирает Дро 7–A");
  });
});
