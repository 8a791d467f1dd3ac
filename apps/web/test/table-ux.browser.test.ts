import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ARTIFACTS,
  actor,
  launchChromium,
  openHoldemTable,
  seriousViolations,
  signUp,
  sitDown,
  versionsOf,
  waitForActor,
  waitForNewState,
  webUrl,
} from "./browser";

const logOf = async (page: Page) => (await page.getByTestId("hand-log").textContent()) ?? "";
/**
 * Two frames painted on this page: by then React has run the effects of what is on screen
 * (a pre-action plays in one) and a key's handler has long run, so any move they made is sent.
 */
const framesPainted = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
const walletOf = async (page: Page) =>
  Number((await page.getByTestId("balance").textContent())?.replace(/\D/g, ""));

describe("browser: the table as players expect it (issue 15)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("keyboard, pre-actions, turn alerts, a reload mid-hand, chips at the table; axe finds nothing serious (desktop and phone)", async () => {
    const tag = `u${Date.now().toString(36)}`;
    const tableName = `UX ${tag}`;
    const tableId = await openHoldemTable(tableName);
    const alice = await (
      await browser.newContext({ viewport: { width: 1100, height: 900 } })
    ).newPage();
    const bob = await (
      await browser.newContext({ viewport: { width: 375, height: 667 }, isMobile: true })
    ).newPage();
    await signUp(alice, `Alice ${tag}`);
    await signUp(bob, `Bob ${tag}`);
    // How many moves ("act" messages) each page's table socket has sent: below, proof that a key
    // or a cleared pre-action played nothing.
    const actsSent = new Map<Page, number>();
    for (const page of [alice, bob]) {
      actsSent.set(page, 0);
      page.on("websocket", (socket) =>
        socket.on("framesent", ({ payload }) => {
          if (typeof payload === "string" && JSON.parse(payload).type === "act")
            actsSent.set(page, (actsSent.get(page) ?? 0) + 1);
        }),
      );
    }

    // Bug 13: on a phone the buy-in form opens in view after "Sit here", not below the fold.
    // The seat at the top of the oval: the form used to open below the oval, out of sight.
    await bob.goto(`${webUrl()}/table/${tableId}`);
    const seats = bob.getByRole("button", { name: "Sit here", exact: true });
    await seats.first().waitFor();
    const tops = await seats.evaluateAll((buttons) =>
      buttons.map((b) => b.getBoundingClientRect().top),
    );
    await seats.nth(tops.indexOf(Math.min(...tops))).click();
    const amount = bob.getByLabel(/^Buy-in/);
    await amount.waitFor();
    const box = await amount.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(667);
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
    // Focus stays in the dialog however far one tabs, both ways.
    for (const key of [...Array(8).fill("Tab"), ...Array(8).fill("Shift+Tab")]) {
      await bob.keyboard.press(key);
      expect(await bob.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(
        true,
      );
    }
    await bob.keyboard.press("Escape");
    await bob.getByRole("dialog").waitFor({ state: "detached" });

    await sitDown(alice, tableId, 100);
    // Bob asks for auto-rebuy with his seat (T-6): the chips dialog then says it is on.
    await sitDown(bob, tableId, 100, undefined, { autoRebuy: true });
    await bob.getByRole("button", { name: "Chips", exact: true }).click();
    const bobsChips = bob.getByRole("dialog", { name: "Chips at the table" });
    await expect
      .poll(() => bobsChips.getByTestId("auto-rebuy-now").textContent())
      .toBe("Before each hand your stack is topped up to 100.");
    await bob.keyboard.press("Escape");
    await bobsChips.waitFor({ state: "detached" });
    const pages = [alice, bob];
    for (const page of pages)
      await expect.poll(() => logOf(page), { timeout: 20_000 }).toContain("Hand #1");

    // Turn alerts: the tab's title names the table and says whose turn it is; so does the icon.
    const first = await waitForActor(pages);
    const other = first === alice ? bob : alice;
    await expect.poll(() => first.title()).toBe(`Your turn · ${tableName} · NL Hold'em · Felt`);
    // The other page names the table once its own state arrives: a loaded machine may be later.
    await expect.poll(() => other.title()).toBe(`${tableName} · NL Hold'em · Felt`);
    expect(await first.locator("link#table-icon").getAttribute("data-turn")).toBe("true");
    expect(await other.locator("link#table-icon").getAttribute("data-turn")).toBe("false");
    // "Your turn" is announced (aria-live), and the hand log is a live region too.
    expect(await first.getByTestId("your-turn").textContent()).toBe("Your turn");
    expect(await first.getByTestId("your-turn").getAttribute("aria-live")).toBe("assertive");
    expect(await first.getByTestId("hand-log").getAttribute("aria-live")).toBe("polite");

    // The buttons show their keys. Preflop the small blind faces a call: Fold, Call, Raise.
    const bar = first.getByRole("group", { name: "Your action" });
    expect(await bar.getByRole("button", { name: "Fold" }).getAttribute("aria-keyshortcuts")).toBe(
      "F",
    );
    expect(await bar.locator(".shortcut").allTextContents()).toEqual(
      expect.arrayContaining(["F", "C", "R", "1"]),
    );
    await first.screenshot({ path: path.join(ARTIFACTS, "table-shortcuts.png") });

    // The other player picks a pre-action meanwhile: "Check" (he is the big blind).
    const pre = other.getByRole("group", { name: "Before your turn" });
    await pre.getByRole("checkbox", { name: "Check", exact: true }).check();
    await pre.getByRole("checkbox", { name: "Call any" }).waitFor();
    // C on the keyboard calls; the big blind's "Check" then plays by itself.
    await first.keyboard.press("c");
    const otherName = other === alice ? `Alice ${tag}` : `Bob ${tag}`;
    await expect.poll(() => logOf(first), { timeout: 10_000 }).toContain(`${otherName} checks`);
    // The count below sees moves: the key's call and the pre-action's check were both counted.
    expect(actsSent.get(first)).toBeGreaterThan(0);
    expect(actsSent.get(other)).toBeGreaterThan(0);

    // Postflop: B-1, with checking free there is no Fold button, and F does nothing.
    const flopActor = await waitForActor(pages);
    const flopBar = flopActor.getByRole("group", { name: "Your action" });
    await flopBar.getByRole("button", { name: "Check", exact: true }).waitFor();
    expect(await flopBar.getByRole("button", { name: "Fold" }).count()).toBe(0);
    const lines = (await logOf(flopActor)).length;
    const flopActs = actsSent.get(flopActor);
    await flopActor.keyboard.press("f");
    await framesPainted(flopActor);
    expect(actsSent.get(flopActor)).toBe(flopActs);
    expect((await logOf(flopActor)).length).toBe(lines);

    // A pre-action is cleared when the bet it was picked against changes: the waiting player
    // ticks "Check", the one to act bets (1 is the first preset, R bets it): the tick is gone.
    const waiting = flopActor === alice ? bob : alice;
    const waitingPre = waiting.getByRole("group", { name: "Before your turn" });
    await waitingPre.getByRole("checkbox", { name: "Check", exact: true }).check();
    await waiting.screenshot({ path: path.join(ARTIFACTS, "table-pre-actions.png") });
    const waitingActs = actsSent.get(waiting);
    await flopActor.keyboard.press("r");
    const waitingBar = waiting.getByRole("group", { name: "Your action" });
    const call = waitingBar.getByRole("button", { name: /^Call / });
    await call.waitFor({ timeout: 10_000 });
    // Nothing was played for him: his page had its turn's effects run and sent no move; the turn
    // waits on his own decision.
    await framesPainted(waiting);
    expect(actsSent.get(waiting)).toBe(waitingActs);
    expect(await call.isVisible()).toBe(true);

    // Bug 12: a reload mid-hand keeps the hand log of the hand in progress.
    const before = await logOf(waiting);
    expect(before).toContain("Hand #1");
    await waiting.reload();
    await expect.poll(() => logOf(waiting), { timeout: 10_000 }).toContain("Hand #1");
    expect(await logOf(waiting)).toContain("bets");

    // axe-core: nothing serious on the table, on either screen.
    for (const page of pages) expect(await seriousViolations(page)).toEqual([]);

    // Call down to the end of the hand (C on the keyboard); the showdown plays itself (S-2).
    const deadline = Date.now() + 45_000;
    while (Date.now() < deadline) {
      const before = await versionsOf(pages);
      if (/wins \d/.test(await logOf(alice))) break;
      const page = await actor(pages);
      if (page) await page.keyboard.press("c");
      await waitForNewState(pages, before);
    }
    expect(await logOf(alice)).toMatch(/wins \d/);

    // Chips at the table (bug 3): add chips in a dialog, and the header's wallet follows at once.
    const walletBefore = await walletOf(alice);
    await alice.getByRole("button", { name: "Chips", exact: true }).click();
    const dialog = alice.getByRole("dialog", { name: "Chips at the table" });
    await dialog.waitFor();
    for (let i = 0; i < 12; i++) {
      await alice.keyboard.press("Tab");
      expect(
        await alice.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]"))),
      ).toBe(true);
    }
    await dialog.getByLabel(/^Add \(/).fill("30");
    await dialog.getByRole("button", { name: "Add 30" }).click();
    await dialog.getByTestId("chips-added").waitFor();
    // Within 2 s: the header polls every 10 s, so this is the table's own update.
    await expect.poll(() => walletOf(alice), { timeout: 2_000 }).toBe(walletBefore - 30);
    // Auto top-up to the maximum, before each hand (T-6).
    await dialog.getByRole("radio", { name: /Auto top-up to the maximum/ }).check();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => dialog.getByTestId("auto-rebuy-now").textContent())
      .toMatch(/topped up to 200/);
    expect(await seriousViolations(alice)).toEqual([]);
    await alice.screenshot({ path: path.join(ARTIFACTS, "table-chips.png") });
    await alice.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // Hand 2: the first to act folds (F); the winner may show the hand he won uncalled.
    for (const page of pages)
      await expect.poll(() => logOf(page), { timeout: 20_000 }).toContain("Hand #2");
    const folder = await waitForActor(pages);
    const winner = folder === alice ? bob : alice;
    await folder.keyboard.press("f");
    const show = winner.getByRole("button", { name: "Show your cards" });
    await show.waitFor({ timeout: 10_000 });
    expect(await folder.getByRole("button", { name: "Show your cards" }).count()).toBe(0);
    await show.click();
    await expect
      .poll(() => folder.locator(".seat:not(.is-me) svg[data-card]").count(), { timeout: 10_000 })
      .toBe(2);
    await show.waitFor({ state: "detached" });
  }, 150_000);

  it("bug 13: on a phone a side pot's label stays on one line", async () => {
    const tag = `p${Date.now().toString(36)}`;
    const tableId = await openHoldemTable(`Pots ${tag}`);
    const open = async (name: string, phone: boolean) => {
      const page = await (
        await browser.newContext(
          phone
            ? { viewport: { width: 375, height: 667 }, isMobile: true }
            : { viewport: { width: 1100, height: 900 } },
        )
      ).newPage();
      await signUp(page, `${name} ${tag}`);
      return page;
    };
    const [alice, bob, carol] = [
      await open("Alice", false),
      await open("Bob", true),
      await open("Carol", false),
    ];
    await sitDown(alice, tableId, 200);
    await sitDown(bob, tableId, 200);
    await sitDown(carol, tableId, 40);
    const pages = [alice, bob, carol];
    for (const page of pages)
      await expect.poll(() => logOf(page), { timeout: 20_000 }).toContain("Hand #1");

    // Preflop: Carol is all-in for 40, Alice raises to 100 and Bob calls: a main pot and a side pot.
    let aliceRaised = false;
    const deadline = Date.now() + 40_000;
    const pots = bob.getByTestId("pots").locator(".side-pot");
    while (Date.now() < deadline) {
      const before = await versionsOf(pages);
      if ((await pots.count()) >= 2) break;
      const page = await actor(pages);
      if (!page) {
        await waitForNewState(pages, before);
        continue;
      }
      const bar = page.getByRole("group", { name: "Your action" });
      if (
        page === carol &&
        (await bar.getByRole("button", { name: "All-in", exact: true }).count())
      ) {
        await bar.getByRole("button", { name: "All-in", exact: true }).click();
        await bar.locator(".action-raise").click();
      } else if (page === alice && !aliceRaised) {
        await bar.getByLabel("Raise to amount (chips)").fill("100");
        await bar.locator(".action-raise").click();
        aliceRaised = true;
      } else await page.keyboard.press("c");
      await waitForNewState(pages, before);
    }
    await expect.poll(() => pots.count(), { timeout: 10_000 }).toBe(2);
    // Each label's text takes one line box, however narrow the felt.
    const lines = await pots.evaluateAll((labels) =>
      labels.map((label) => {
        const range = document.createRange();
        range.selectNodeContents(label);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      }),
    );
    expect(lines).toEqual([1, 1]);
    await bob.screenshot({ path: path.join(ARTIFACTS, "table-side-pot-phone.png") });
  }, 120_000);

  it("the lobby: tabs move with the arrow keys; axe finds nothing serious", async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    await page.goto(webUrl());
    await page.getByTestId("lobby-row").first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const cash = page.getByRole("tab", { name: "Cash tables" });
    const tournaments = page.getByRole("tab", { name: "Tournaments" });
    await cash.focus();
    await page.keyboard.press("ArrowRight");
    expect(await tournaments.getAttribute("aria-selected")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("lobby-tab-tournaments");
    await page.waitForURL(/\?tab=tournaments$/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("ArrowRight");
    expect(await cash.getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("End");
    expect(await tournaments.getAttribute("aria-selected")).toBe("true");
    // Only the chosen tab is in the Tab order.
    expect(await cash.getAttribute("tabindex")).toBe("-1");
  });
});
