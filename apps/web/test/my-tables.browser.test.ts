/**
 * The "my tables" bar in Chromium: a player at two tables sees both, the
 * "your turn" mark comes on the table whose turn it is, a click switches
 * tables by client navigation (a marker on window survives), the mark goes
 * out when she has played, in English and Russian, at 1366×900 and 390×844, with nothing serious for axe.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import enLobby from "../src/i18n/messages/en/lobby.json";
import en from "../src/i18n/messages/en/table.json";
import ruLobby from "../src/i18n/messages/ru/lobby.json";
import {
  ARTIFACTS,
  call,
  checkOrCall,
  launchChromium,
  openHoldemTable,
  seriousViolations,
  signUp,
  webUrl,
} from "./browser";

const emailOf = (name: string) => `${name.toLowerCase().replace(/\W/g, "")}@example.test`;

/** A bearer token for a player signed up through the page, for the cashier's calls. */
async function tokenOf(name: string): Promise<string> {
  const { token } = await call<{ token: string }>("auth.signIn", {
    email: emailOf(name),
    password: "a long enough password",
    session: "token",
  });
  return token;
}

async function buyIn(token: string, tableId: string, amount: number) {
  await call("cashier.buyIn", { tableId, amount, idempotencyKey: crypto.randomUUID() }, { token });
}

const marker = (page: Page) =>
  page.evaluate(() => (window as unknown as { feltMarker?: string }).feltMarker ?? null);

describe("browser: the bar of my tables", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("two tables in the bar, the turn marked, a click switches without a reload, in Russian too; axe finds nothing serious", async () => {
    const tag = `m${Date.now() % 1e8}`;
    const context = () => browser.newContext({ viewport: { width: 1366, height: 900 } });
    const alice = await (await context()).newPage();
    const bob = await (await context()).newPage();
    const [aliceName, bobName] = [`Alice ${tag}`, `Bob ${tag}`];
    await signUp(alice, aliceName);
    await signUp(bob, bobName);
    const busy = await openHoldemTable(`Busy ${tag}`);
    const quiet = await openHoldemTable(`Quiet ${tag}`, { smallBlind: 5, bigBlind: 10 });
    const [aliceToken, bobToken] = [await tokenOf(aliceName), await tokenOf(bobName)];
    await buyIn(aliceToken, quiet, 500);
    await buyIn(aliceToken, busy, 100);
    await buyIn(bobToken, busy, 100);

    // Bob plays at the busy table; Alice looks at her quiet one, where she sits alone.
    await bob.goto(`${webUrl()}/table/${busy}`);
    await alice.goto(`${webUrl()}/table/${quiet}`);
    await alice.evaluate(() => {
      (window as unknown as { feltMarker: string }).feltMarker = "no reload";
    });
    const bar = alice.getByRole("navigation", { name: enLobby.myTables.label });
    const link = (tableId: string) => bar.locator(`a[data-table="${tableId}"]`);
    await expect.poll(() => bar.getByTestId("my-table").count()).toBe(2);
    await expect(link(quiet).getAttribute("aria-current")).resolves.toBe("page");
    await expect.poll(() => link(quiet).textContent()).toContain(enLobby.myTables.state.waiting);
    expect(await link(quiet).textContent()).toContain(`Quiet ${tag}`);
    expect(await link(quiet).textContent()).toContain("5/10");

    // The hand at the busy table goes on (Bob checks or calls when it is his) until it is hers.
    await expect
      .poll(
        async () => {
          if ((await link(busy).getAttribute("data-turn")) === "true") return true;
          await checkOrCall(bob);
          return false;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(await link(busy).textContent()).toContain(enLobby.myTables.state.yourTurn);
    expect(await link(quiet).getAttribute("data-turn")).toBe("false");
    await alice.screenshot({ path: `${ARTIFACTS}/my-tables-turn.png` });
    // The gold mark and the current table's frame pass axe (contrast included) at 1366×900.
    expect(await seriousViolations(alice)).toEqual([]);

    // A click switches to that table: her actions are there, and the page was not reloaded.
    await link(busy).click();
    await alice.waitForURL(`${webUrl()}/table/${busy}`);
    await alice.getByRole("group", { name: en.actions.label }).waitFor();
    expect(await marker(alice)).toBe("no reload");
    await expect.poll(() => link(busy).getAttribute("aria-current")).toBe("page");
    // The bar opens no socket of its own: neither table page was told another tab replaced it.
    for (const page of [alice, bob])
      expect(await page.getByText(en.connection.replaced).count()).toBe(0);

    // She plays on until it is Bob's turn: her mark goes out, the hand goes on.
    const actions = alice.getByRole("group", { name: en.actions.label });
    await expect
      .poll(
        async () => {
          if (await actions.isVisible()) await checkOrCall(alice);
          return (
            (await link(busy).getAttribute("data-turn")) === "false" && !(await actions.isVisible())
          );
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await expect.poll(() => link(busy).textContent()).toContain(enLobby.myTables.state.playing);

    // In Russian (the language switch renders the page again, without a reload).
    await alice.getByTestId("locale-switch").selectOption("ru");
    const ruBar = alice.getByRole("navigation", { name: ruLobby.myTables.label });
    await ruBar.waitFor();
    await expect
      .poll(() => ruBar.locator(`a[data-table="${busy}"]`).textContent())
      .toContain(ruLobby.myTables.state.playing);
    expect(await ruBar.locator(`a[data-table="${quiet}"]`).textContent()).toContain(
      ruLobby.myTables.state.waiting,
    );

    // On a phone: the bar fits, switches back, and axe finds nothing serious.
    await alice.setViewportSize({ width: 390, height: 844 });
    const fits = await ruBar.evaluate((nav) => nav.getBoundingClientRect().right <= 390);
    expect(fits).toBe(true);
    expect(await seriousViolations(alice)).toEqual([]);
    await alice.screenshot({ path: `${ARTIFACTS}/my-tables-phone-ru.png` });
    await ruBar.locator(`a[data-table="${quiet}"]`).click();
    await alice.waitForURL(`${webUrl()}/table/${quiet}`);
    expect(await marker(alice)).toBe("no reload");
    expect(await seriousViolations(alice)).toEqual([]);
  });
});
