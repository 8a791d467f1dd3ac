import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import home from "../src/i18n/messages/en/home.json";
import en from "../src/i18n/messages/en/table.json";
import ru from "../src/i18n/messages/ru/home.json";
import {
  ADMIN,
  ARTIFACTS,
  call,
  checkOrCall,
  launchChromium,
  seriousViolations,
  signUp,
  sitDown,
  versionsOf,
  waitForNewState,
  webUrl,
} from "./browser";

type SheetTotals = {
  buyIns: number;
  topUps: number;
  freeSets: number;
  cashOuts: number;
  onTable: number;
  net: number;
};
type Sheet = { rows: { name: string }[]; totals: SheetTotals; escrow: number; rake: number };

const emailOf = (name: string) => `${name.toLowerCase().replace(/\W/g, "")}@example.test`;

/** A token for a player the browser signed up (signUp's password), to read the API as him. */
async function tokenOf(name: string): Promise<string> {
  const signedIn = await call<{ token: string }>("auth.signIn", {
    email: emailOf(name),
    password: "a long enough password",
    session: "token",
  });
  return signedIn.token;
}

/** Check or call until the hand is won, as two players would. */
async function playHand(pages: Page[]) {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    const before = await versionsOf(pages);
    const log = (await pages[0]?.getByTestId("hand-log").textContent()) ?? "";
    if (/wins \d/.test(log)) return;
    let acted = false;
    for (const page of pages) if (!acted) acted = await checkOrCall(page);
    try {
      await waitForNewState(pages, before);
    } catch (error) {
      await Promise.all(
        pages.map((page, i) =>
          page.screenshot({
            path: path.join(ARTIFACTS, `home-hand-stuck-${i}.png`),
            fullPage: true,
          }),
        ),
      );
      throw error;
    }
  }
  await Promise.all(
    pages.map((page, i) =>
      page.screenshot({ path: path.join(ARTIFACTS, `home-hand-stuck-${i}.png`), fullPage: true }),
    ),
  );
  throw new Error("the hand did not end in 45 s");
}

describe("browser: a home game from an invite link (H-1, H-2, H-6)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // A long scenario of real hands: on a loaded 2-core machine it outlives the 60 s default.
  it("H-1 H-2 H-6: a host opens a game; of two guests one is admitted and one refused; they play a hand; the host pauses, changes the stakes and closes; the banker's sheet equals the ledger", {
    timeout: 150_000,
  }, async () => {
    const web = webUrl();
    const tag = Date.now().toString(36);
    const names = { host: `Host ${tag}`, guest: `Guest ${tag}`, refused: `Late ${tag}` };
    const desktop = { viewport: { width: 1100, height: 900 } };
    const hostContext = await browser.newContext(desktop);
    const host = await hostContext.newPage();
    const guest = await (await browser.newContext(desktop)).newPage();
    const refused = await (
      await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })
    ).newPage();
    await signUp(host, names.host);
    await signUp(guest, names.guest);
    await signUp(refused, names.refused);

    // The host opens a game from the form.
    await host.goto(`${web}/home/new`);
    await host.getByLabel(home.host.name).fill(`Friday ${tag}`);
    await host.getByRole("button", { name: home.host.submit }).click();
    await host.waitForURL(/\/home\/[a-z0-9-]+#invite=/);
    const tableId = new URL(host.url()).pathname.split("/").pop() as string;
    const link = await host.getByTestId("invite-link").inputValue();
    // The token rides in the fragment, which the browser never sends to the web server.
    expect(link).toMatch(new RegExp(`^${web}/home/join#[A-Za-z0-9_-]{43}$`));
    const token = new URL(link).hash.slice(1);
    // Not in the public lobby.
    const lobby = await call<{ id: string }[]>("lobby.tables", {}, { query: true });
    expect(lobby.map((t) => t.id)).not.toContain(tableId);

    // Two guests follow the link and ask for a seat; one has an older link, the token in its
    // path, and is sent on to the fragment form.
    for (const page of [guest, refused]) {
      if (page === refused) {
        await page.goto(`${web}/home/join/${token}`);
        await page.waitForURL(link);
      } else await page.goto(link);
      await page.getByRole("button", { name: home.join.request }).click();
      await expect
        .poll(() => page.getByTestId("join-status").textContent())
        .toBe(home.join.status.requested);
    }
    // The host admits one and refuses the other; each sees the answer.
    const admit = home.panel.admit.replace("{name}", names.guest);
    const refuse = home.panel.refuse.replace("{name}", names.refused);
    await host.getByRole("button", { name: admit }).click();
    await host.getByRole("button", { name: refuse }).click();
    await expect
      .poll(() => guest.getByTestId("join-status").textContent(), { timeout: 15_000 })
      .toBe(home.join.status.admitted);
    await expect
      .poll(() => refused.getByTestId("join-status").textContent(), { timeout: 15_000 })
      .toBe(home.join.status.refused);
    await host.screenshot({ path: path.join(ARTIFACTS, "home-host-panel.png"), fullPage: true });

    // The refused guest's table page gets no state at all: no seats to take, no hand log.
    const frames: string[] = [];
    refused.on("websocket", (ws) => ws.on("framereceived", (f) => frames.push(String(f.payload))));
    await refused.goto(`${web}/table/${tableId}`);

    // The host and the admitted guest sit down and play a hand.
    await sitDown(host, tableId, 100);
    await sitDown(guest, tableId, 100);
    expect(await refused.getByRole("button", { name: en.sitHere, exact: true }).count()).toBe(0);
    expect(frames.some((f) => f.includes('"type":"state"') || f.includes('"type":"chat"'))).toBe(
      false,
    );
    for (const page of [host, guest])
      await expect
        .poll(() => page.getByTestId("hand-log").textContent(), { timeout: 20_000 })
        .toContain("Hand #1");

    // The host pauses from his panel (another tab) while the hand is played: no hand after it.
    // In a browser of its own: a background tab would be throttled.
    const panel = await (await browser.newContext(desktop)).newPage();
    await panel.goto(`${web}/sign-in`);
    await panel.getByLabel("Email").fill(emailOf(names.host));
    await panel.getByLabel("Password").fill("a long enough password");
    await panel.getByRole("button", { name: "Sign in" }).click();
    await panel.waitForURL(`${web}/`);
    await panel.goto(`${web}/home/${tableId}`);
    await panel.getByRole("button", { name: home.panel.pause }).click();
    await expect
      .poll(() => panel.getByTestId("home-state").textContent())
      .toBe(home.panel.status.paused);
    // The players at the table see it too, pushed over the table's socket (the bar no longer
    // polls: the old poll came every 5 s, so this short wait holds only for a pushed change).
    await guest
      .locator('[data-testid="home-bar"][data-state="paused"]')
      .waitFor({ timeout: 4_000 });
    await playHand([host, guest]);
    await expect
      .poll(() => panel.getByText(home.panel.handInProgress).count(), { timeout: 15_000 })
      .toBe(0);

    // New stakes between hands.
    await panel.getByLabel(home.host.smallBlind, { exact: true }).fill("2");
    await panel.getByLabel(home.host.bigBlind, { exact: true }).fill("4");
    await panel.getByRole("button", { name: home.panel.saveStakes }).click();
    await expect
      .poll(() => panel.getByTestId("stakes-saved").textContent())
      .toBe(home.panel.stakesSaved);
    const hostToken = await tokenOf(names.host);
    const game = await call<{ stake: { smallBlind: number; bigBlind: number } }>(
      "home.get",
      { tableId },
      { token: hostToken, query: true },
    );
    expect(game.stake).toMatchObject({ smallBlind: 2, bigBlind: 4 });

    // Close: everyone cashed out.
    panel.once("dialog", (dialog) => void dialog.accept());
    await panel.getByRole("button", { name: home.panel.close }).click();
    await expect
      .poll(() => panel.getByTestId("home-state").textContent(), { timeout: 15_000 })
      .toBe(home.panel.status.closed);
    for (const page of [host, guest])
      await page
        .locator('[data-testid="home-bar"][data-state="closed"]')
        .waitFor({ timeout: 4_000 });

    // The banker's sheet, on the page and from the API, equals the ledger.
    const sheet = await call<Sheet>("home.sheet", { tableId }, { token: hostToken, query: true });
    expect(sheet.rows.map((r) => r.name).sort()).toEqual([names.guest, names.host].sort());
    expect(sheet.totals.buyIns).toBe(200);
    expect(sheet.totals.cashOuts).toBe(200);
    expect(sheet.totals.net).toBe(0);
    expect(sheet.escrow).toBe(0);
    expect(
      sheet.totals.buyIns + sheet.totals.topUps + sheet.totals.freeSets - sheet.totals.cashOuts,
    ).toBe(sheet.escrow + sheet.rake);
    const total = panel.getByTestId(`sheet-${home.panel.total}`);
    await expect
      .poll(() => total.locator("td").allTextContents())
      .toEqual(["200", "0", "0", "200", "0", "0"]);
    const { token: adminToken } = await call<{ token: string }>("auth.signIn", {
      ...ADMIN,
      session: "token",
    });
    const ledger = await call<{ ok: boolean; problems: string[] }>("admin.reconcile", undefined, {
      token: adminToken,
      query: true,
    });
    expect(ledger.problems).toEqual([]);
    expect(ledger.ok).toBe(true);
    await panel.screenshot({ path: path.join(ARTIFACTS, "home-closed-sheet.png"), fullPage: true });
  });

  it("H-1 in Russian on a phone, with the keyboard: the host's form, the invite page and the game's page read in Russian and pass axe", async () => {
    const web = webUrl();
    const tag = Date.now().toString(36);
    const phone = { viewport: { width: 390, height: 844 }, isMobile: true, locale: "ru-RU" };
    // Signed up in English (signUp's labels), then the same sessions in a Russian phone.
    const russianPhone = async (name: string) => {
      const english = await browser.newContext();
      await signUp(await english.newPage(), name);
      const storageState = await english.storageState();
      await english.close();
      return (await browser.newContext({ ...phone, storageState })).newPage();
    };
    const host = await russianPhone(`Hozyain ${tag}`);
    const guest = await russianPhone(`Gost ${tag}`);

    await host.goto(`${web}/home/new`);
    await expect
      .poll(() => host.getByRole("heading", { level: 1 }).textContent())
      .toBe(ru.host.title);
    expect(await seriousViolations(host)).toEqual([]);
    // The keyboard alone: the name, then Enter submits the form.
    await host.getByLabel(ru.host.name).focus();
    await host.keyboard.type(`Pyatnica ${tag}`);
    await host.keyboard.press("Enter");
    await host.waitForURL(/\/home\/[a-z0-9-]+#invite=/);
    const link = await host.getByTestId("invite-link").inputValue();
    expect(await host.getByRole("heading", { level: 1 }).textContent()).toBe(
      ru.panel.title.replace("{name}", `Pyatnica ${tag}`),
    );
    expect(await seriousViolations(host)).toEqual([]);
    // Nothing wider than the phone.
    expect(await host.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    await guest.goto(link);
    const ask = guest.getByRole("button", { name: ru.join.request });
    await ask.focus();
    await guest.keyboard.press("Enter");
    await expect
      .poll(() => guest.getByTestId("join-status").textContent())
      .toBe(ru.join.status.requested);
    expect(await seriousViolations(guest)).toEqual([]);
    await guest.screenshot({
      path: path.join(ARTIFACTS, "home-join-ru-phone.png"),
      fullPage: true,
    });
    await host.screenshot({
      path: path.join(ARTIFACTS, "home-panel-ru-phone.png"),
      fullPage: true,
    });
  });
});
