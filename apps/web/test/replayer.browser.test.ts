import path from "node:path";
import { parsePhh } from "@felt/engine";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Bot } from "./bot";
import { ARTIFACTS, call, launchChromium, openHoldemTable, webUrl } from "./browser";

describe("browser: the hand replayer", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("replays a three-way all-in with a side pot to the hand's finishing stacks", async () => {
    const tag = `r${Date.now().toString(36)}`;
    const tableId = await openHoldemTable(`Replay ${tag}`);

    // Three players with different stacks (40, 100, 200): everyone all-in makes a side pot.
    const players = [];
    for (const [name, stack] of [
      ["Ann", 40],
      ["Ben", 100],
      ["Cy", 200],
    ] as const) {
      const email = `${name.toLowerCase()}-${tag}@example.test`;
      const { token } = await call<{ token: string }>("auth.signUp", {
        email,
        password: "a long enough password",
        displayName: `${name} ${tag}`,
        session: "token",
      });
      players.push({ name, email, token, stack });
    }
    const bots: Bot[] = [];
    for (const p of players) {
      await call(
        "cashier.buyIn",
        { tableId: tableId, amount: p.stack, idempotencyKey: crypto.randomUUID() },
        { token: p.token },
      );
      bots.push(await Bot.open(tableId, p.token));
    }

    // Shove until the first hand is in Ann's history.
    type Hands = { hands: { handId: string; handNumber: number }[] };
    let handId: string | null = null;
    const deadline = Date.now() + 40_000;
    while (Date.now() < deadline && handId === null) {
      for (const bot of bots) bot.shove();
      await new Promise((r) => setTimeout(r, 300));
      const mine = await call<Hands>(
        "history.list",
        { limit: 5 },
        {
          token: players[0]?.token as string,
          query: true,
        },
      );
      handId = mine.hands.find((h) => h.handNumber === 1)?.handId ?? null;
    }
    for (const bot of bots) bot.close();
    if (handId === null)
      throw new Error(
        `no hand played: ${JSON.stringify(bots.map((b) => [b.errors, b.latest?.view.hand ?? null]))}`,
      );

    const got = await call<{ phh: string }>(
      "history.get",
      { handId },
      {
        token: players[0]?.token as string,
        query: true,
      },
    );
    const parsed = parsePhh(got.phh);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const finishing = parsed.history.finishingStacks as number[];
    expect(finishing.reduce((a, b) => a + b, 0)).toBe(340);
    // Different stacks all-in: a side pot (a 40 main pot level, then more above it).
    expect(parsed.history.startingStacks.slice().sort((a, b) => a - b)).toEqual([40, 100, 200]);

    // Ann signs in on a phone and opens the hand from "My hands".
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
    });
    const page = await context.newPage();
    await page.goto(`${webUrl()}/sign-in`);
    await page.getByLabel("Email").fill(players[0]?.email as string);
    await page.getByLabel("Password").fill("a long enough password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${webUrl()}/`);
    await page.goto(`${webUrl()}/hands`);
    await page.getByRole("link", { name: "#1", exact: true }).click();
    await page.waitForURL(/\/hands\/.+/);
    await page.getByTestId("step-counter").waitFor();
    await page.screenshot({
      path: path.join(ARTIFACTS, "replayer-start-phone.png"),
      fullPage: true,
    });

    // Step through with the keyboard and the buttons to the end.
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => page.getByTestId("step-counter").textContent()).toMatch(/^Step 2 of/);
    const next = page.getByRole("button", { name: "Next step" });
    while (await next.isEnabled()) await next.click();
    await page.getByTestId("replay-result").waitFor();

    // Side pot: the result names a side pot, and the stacks shown are the hand's finishing stacks.
    expect(await page.getByTestId("replay-result").textContent()).toMatch(/side pot 1/);
    for (const [i, stack] of finishing.entries()) {
      const shown = await page.getByTestId(`replay-stack-${i}`).textContent();
      expect(Number(shown?.replace(/\D/g, ""))).toBe(stack);
      const final = await page.getByTestId(`final-stack-${i}`).textContent();
      expect(Number(final?.replace(/\D/g, ""))).toBe(stack);
    }
    // All in preflop: the board was run out, five cards.
    expect(await page.getByTestId("replay-board").locator("svg[data-card]").count()).toBe(5);
    // The fairness check: every card of the hand is proven under the root published with the deal.
    await expect
      .poll(() => page.getByTestId("fairness-status").getAttribute("data-status"))
      .toBe("verified");
    // Nothing overflows a phone-sized screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(ARTIFACTS, "replayer-end-phone.png"), fullPage: true });
    await context.close();
  });
});
