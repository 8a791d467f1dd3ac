import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../src/i18n/messages/en/table.json";
import {
  ADMIN,
  ARTIFACTS,
  call,
  launchChromium,
  seriousViolations,
  signUp,
  sitDown,
  webUrl,
} from "./browser";

type ChatMode = "off" | "players" | "everyone";

/** A hold'em stake with this chat setting and a table of it, by the admin API; `setChat` changes the stake's. */
async function openChatTable(name: string, chat: ChatMode) {
  const { token } = await call<{ token: string }>("auth.signIn", { ...ADMIN, session: "token" });
  const input = {
    name,
    game: "holdem",
    betting: "no-limit",
    smallBlind: 1,
    bigBlind: 2,
    seats: 6,
    chat,
  };
  const stake = await call<{ id: string; chat: ChatMode }>("admin.stakes.create", input, {
    token,
  });
  expect(stake.chat).toBe(chat);
  const table = await call<{ id: string }>(
    "admin.tables.open",
    { stakeId: stake.id, name },
    { token },
  );
  const setChat = (mode: ChatMode) =>
    call("admin.stakes.update", { id: stake.id, stake: { ...input, chat: mode } }, { token });
  return { tableId: table.id, setChat };
}

const HTML = "<b>hi</b><img src=x onerror=alert(1)>";

const log = (page: Page) => page.getByTestId("chat-log");
/** The text of each chat line shown, oldest first. */
const texts = (page: Page) => log(page).locator(".chat-text").allTextContents();
const names = (page: Page) => log(page).locator(".chat-name").allTextContents();
const input = (page: Page) => page.getByLabel(en.chat.inputLabel);

async function say(page: Page, text: string) {
  await input(page).fill(text);
  await input(page).press("Enter");
}

describe("browser: table chat", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("players chat as plain text, a spectator reads, a mute hides and lasts, a flood is refused, a reload keeps the lines; on a phone too", async () => {
    const tag = `c${Date.now().toString(36)}`;
    const { tableId, setChat } = await openChatTable(`Chat ${tag}`, "players");
    const desktop = { viewport: { width: 1100, height: 900 } };
    const phone = { viewport: { width: 375, height: 667 }, isMobile: true };
    const alice = await (await browser.newContext(desktop)).newPage();
    const bob = await (await browser.newContext(phone)).newPage();
    const carol = await (await browser.newContext(desktop)).newPage();
    const pages = [alice, bob, carol];
    // Nothing a line says may run: any alert() would open a dialog.
    const dialogs: string[] = [];
    for (const page of pages) page.on("dialog", (d) => void dialogs.push(d.message()));
    await signUp(alice, `Alice ${tag}`);
    await signUp(bob, `Bob ${tag}`);
    await signUp(carol, `Carol ${tag}`);
    await sitDown(alice, tableId, 100);
    await sitDown(bob, tableId, 100);
    await carol.goto(`${webUrl()}/table/${tableId}`);

    // Carol watches: at a players-only table she reads but has no input, and is told why.
    await log(carol).waitFor({ state: "attached" });
    expect(await input(carol).count()).toBe(0);
    expect(await carol.getByTestId("chat-why-not").textContent()).toBe(en.chat.playersOnly);
    expect(await log(carol).getAttribute("aria-live")).toBe("polite");

    // Alice and Bob talk; everyone sees the lines, with the writer's name and seat.
    await input(alice).waitFor();
    expect(await alice.getByTestId("chat-counter").textContent()).toBe("0/200");
    await input(alice).fill("hello bob");
    expect(await alice.getByTestId("chat-counter").textContent()).toBe("9/200");
    await input(alice).press("Enter");
    for (const page of pages) await expect.poll(() => texts(page)).toEqual(["hello bob"]);
    expect(await input(alice).inputValue()).toBe("");
    expect(await log(carol).locator(".chat-line").first().textContent()).toMatch(
      new RegExp(`^Alice ${tag} \\(seat \\d\\): hello bob`),
    );
    // The input holds at most 200 characters.
    expect(await input(alice).getAttribute("maxlength")).toBe("200");
    await input(alice).fill("x".repeat(250));
    expect((await input(alice).inputValue()).length).toBe(200);
    await input(alice).fill("");

    // HTML is shown as the text it is: no element is made, nothing runs.
    await say(alice, HTML);
    for (const page of pages) await expect.poll(() => texts(page)).toEqual(["hello bob", HTML]);
    for (const page of pages) expect(await log(page).locator("b, img").count()).toBe(0);
    expect(dialogs).toEqual([]);

    // A flood: Bob (on his phone) sends 6 lines at once; 5 go through, the 6th is refused in
    // the chat, worded from the catalogue, and comes back to his input.
    for (let i = 1; i <= 6; i++) await say(bob, `flood ${i}`);
    const refusal = bob.getByTestId("chat-error");
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(
      /^Slow down: you can write again in \d+ seconds?\.$/,
    );
    await expect.poll(() => input(bob).inputValue()).toBe("flood 6");
    const floods = ["flood 1", "flood 2", "flood 3", "flood 4", "flood 5"];
    for (const page of pages)
      await expect.poll(() => texts(page)).toEqual(["hello bob", HTML, ...floods]);
    // The table's own error line stays for the table: the refusal is only in the chat.
    expect(await bob.locator(".table-page > p[role=alert]").count()).toBe(0);

    // On a phone the chat fits the screen: nothing wider than 375 px, the input in view.
    await input(bob).scrollIntoViewIfNeeded();
    expect(await bob.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const box = await input(bob).boundingBox();
    expect(box).not.toBeNull();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    await bob.getByTestId("table-chat").scrollIntoViewIfNeeded();
    await bob.screenshot({ path: path.join(ARTIFACTS, "table-chat-phone.png") });
    // Collapsible: the heading folds the panel away and back.
    const toggle = bob.getByRole("button", { name: en.chat.title, exact: true });
    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await log(bob).isVisible()).toBe(false);
    await toggle.click();
    expect(await log(bob).isVisible()).toBe(true);

    // Alice mutes Bob: his lines are gone from her chat (and only hers), also after a reload.
    await alice
      .getByRole("button", { name: `Mute Bob ${tag}` })
      .first()
      .click();
    await expect.poll(() => texts(alice)).toEqual(["hello bob", HTML]);
    expect(await alice.getByTestId("chat-hidden").textContent()).toBe(
      "5 lines from muted players are hidden",
    );
    expect(await texts(carol)).toEqual(["hello bob", HTML, ...floods]);
    await alice.reload();
    await log(alice).waitFor({ state: "attached" });
    await expect.poll(() => texts(alice)).toEqual(["hello bob", HTML]);
    expect(await names(alice)).toEqual([`Alice ${tag}`, `Alice ${tag}`]);
    await expect.poll(() => alice.getByTestId("chat-hidden").textContent()).toMatch(/^5 lines/);
    // Her own lines have no mute button.
    expect(await alice.getByRole("button", { name: `Mute Alice ${tag}` }).count()).toBe(0);

    // A reload brings the last lines back, in order.
    await carol.reload();
    await log(carol).waitFor({ state: "attached" });
    await expect.poll(() => texts(carol)).toEqual(["hello bob", HTML, ...floods]);
    expect(await log(carol).locator("b, img").count()).toBe(0);
    await carol.getByTestId("table-chat").scrollIntoViewIfNeeded();
    await carol.screenshot({ path: path.join(ARTIFACTS, "table-chat.png") });

    // axe-core: nothing serious with the chat on the page (desktop, phone, spectator).
    for (const page of pages) expect(await seriousViolations(page)).toEqual([]);

    // Unmuting, from the muted list, brings his lines back.
    await alice.getByTestId("chat-muted").locator("summary").click();
    await alice.getByRole("button", { name: `Unmute Bob ${tag}` }).click();
    await expect.poll(() => texts(alice)).toEqual(["hello bob", HTML, ...floods]);
    expect(await alice.getByTestId("chat-muted").count()).toBe(0);

    // The admin lets spectators write: at once, signed-in Carol has an input; a signed-out
    // visitor is asked to sign in.
    await setChat("everyone");
    await input(carol).waitFor({ timeout: 10_000 });
    await say(carol, "watching closely");
    await expect.poll(() => texts(alice)).toContain("watching closely");
    // A spectator's line has no seat.
    expect(await log(alice).locator(".chat-line").last().textContent()).toMatch(
      new RegExp(`^Carol ${tag}: watching closely`),
    );
    const visitor = await (await browser.newContext(desktop)).newPage();
    await visitor.goto(`${webUrl()}/table/${tableId}`);
    await log(visitor).waitFor({ state: "attached" });
    expect(await visitor.getByTestId("chat-why-not").textContent()).toBe(en.chat.signIn);
    await expect.poll(() => texts(visitor)).toContain("watching closely");

    // Chat off: nobody reads or writes, and the panel says so.
    await setChat("off");
    await expect
      .poll(() => alice.getByTestId("chat-why-not").textContent(), { timeout: 10_000 })
      .toBe(en.chat.off);
    expect(await log(alice).count()).toBe(0);
    expect(await input(alice).count()).toBe(0);
    expect(dialogs).toEqual([]);
  }, 150_000);
});
