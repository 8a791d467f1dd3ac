/**
 * H-7: a 6-seat sit-and-go, filled by five bots over the API and one player
 * in a phone-sized browser, starts on its last registration, is played to
 * its payouts (the bots shove, the player calls or goes all in), and the
 * ledger reconciles. Its refill opens at once in the lobby, in English and
 * in Russian. Every wait is on a condition.
 */
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ru from "../src/i18n/messages/ru/tournament.json";
import { Bot } from "./bot";
import {
  ADMIN,
  ARTIFACTS,
  call,
  checkOrCall,
  launchChromium,
  seriousViolations,
  signInAsAdmin,
  signUp,
  webUrl,
} from "./browser";

const PHONE = { width: 390, height: 844 };
const SEATS = 6;
const BUY_IN = 50;
const FEE = 5;

type Page6 = {
  status: string;
  prizePool: number;
  payouts: number[];
  players: { playerId: string; prize: number | null; place: { from: number } | null }[];
  you: { tableId: string | null } | null;
};

/** The player's turn: all in when he may, else check or call (a shove to call is all of it). */
async function playTurn(page: Page): Promise<boolean> {
  const allIn = page.getByRole("button", { name: /^All-in/ });
  if (await allIn.isVisible()) {
    try {
      await allIn.click({ timeout: 1_000 });
      return true;
    } catch {
      return false;
    }
  }
  return checkOrCall(page);
}

describe("browser: a sit-and-go (H-7)", () => {
  let browser: Browser;
  let adminToken: string;
  beforeAll(async () => {
    browser = await launchChromium();
    ({ token: adminToken } = await call<{ token: string }>("auth.signIn", {
      ...ADMIN,
      session: "token",
    }));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("H-7 MT-2 a 6-seat sit-and-go fills with bots and one browser player and plays to its payouts", async () => {
    const tag = Date.now().toString(36);
    const title = `SNG ${tag}`;
    const { id: payoutTableId } = await call<{ id: string }>(
      "admin.payoutTables.create",
      {
        name: `SNG payouts ${tag}`,
        tiers: [{ minEntrants: 2, maxEntrants: 100_000, percentages: [70, 30] }],
      },
      { token: adminToken },
    );
    // A fast structure: small stacks, short levels, the shortest clock.
    const { id } = await call<{ id: string }>(
      "admin.tournaments.create",
      {
        name: title,
        buyIn: BUY_IN,
        fee: FEE,
        startingStack: 600,
        seatsPerTable: SEATS,
        template: "hyper",
        levelSeconds: 30,
        actionSeconds: 10,
        timeBankSeconds: 0,
        payoutTableId,
        sitAndGo: { seats: SEATS, refill: true },
      },
      { token: adminToken },
    );

    const page = await (await browser.newContext({ viewport: PHONE })).newPage();
    await signUp(page, `Sid ${tag}`);
    // The lobby's Sit & go section lists it with its seats taken, then its page registers him.
    await page.getByRole("tab", { name: "Tournaments" }).click();
    const row = page.getByTestId("sng-row").filter({ hasText: title });
    await expect.poll(() => row.getByTestId("sng-seats-taken").textContent()).toBe(`0/${SEATS}`);
    expect(await row.getByTestId("status-badge").textContent()).toBe("Registering");
    // On a phone the seats taken stay in view.
    expect(await row.getByTestId("sng-seats-taken").isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(ARTIFACTS, "sng-lobby.png"), fullPage: true });
    // By keyboard from the row: register, and (MT-1) leave before it fills at no cost.
    const seatsTaken = () => row.getByTestId("sng-seats-taken").textContent();
    const balance = () => page.getByTestId("balance").textContent();
    const before = await balance();
    await row.getByRole("button", { name: `Register: ${title}` }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(seatsTaken).toBe(`1/${SEATS}`);
    await expect.poll(balance).not.toBe(before);
    await row.getByRole("button", { name: `Unregister: ${title}` }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(seatsTaken).toBe(`0/${SEATS}`);
    await expect.poll(balance).toBe(before);
    // Then for good, and on to its page by the row's link.
    await row.getByRole("button", { name: `Register: ${title}` }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(seatsTaken).toBe(`1/${SEATS}`);
    await row.getByRole("link", { name: title }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`/tournament/${id}$`));
    await expect.poll(() => page.getByTestId("sng-seats").textContent()).toContain(`1/${SEATS}`);
    expect(await page.getByRole("button", { name: "Unregister" }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(ARTIFACTS, "sng-registered.png"), fullPage: true });

    // Five bots take the other seats; the fifth starts it and the page takes him to his table.
    const tokens: string[] = [];
    for (let i = 0; i < SEATS - 1; i++) {
      const { token } = await call<{ token: string }>("auth.signUp", {
        email: `sng-${tag}-${i}@example.test`,
        password: "a long enough password",
        displayName: `Bot ${i} ${tag}`,
        session: "token",
      });
      await call("tournaments.register", { id }, { token });
      tokens.push(token);
    }
    await page.waitForURL(new RegExp(`/table/${id}-t1$`), { timeout: 30_000 });
    const bots: Bot[] = [];
    for (const token of tokens) {
      const view = await call<Page6>("tournaments.get", { id }, { token, query: true });
      expect(view.you?.tableId).toBe(`${id}-t1`);
      bots.push(await Bot.open(`${id}-t1`, token));
    }

    // Play: bots shove on their turns, the player calls or shoves on his, until it is over.
    const state = async () =>
      [
        (await call<Page6>("tournaments.get", { id }, { query: true })).status,
        await page.getByTestId("table-state").getAttribute("data-version"),
        ...bots.map((b) => b.latest?.view.version ?? null),
      ].join("|");
    const deadline = Date.now() + 150_000;
    let view = await call<Page6>("tournaments.get", { id }, { query: true });
    while (view.status !== "finished") {
      if (Date.now() > deadline) throw new Error("the sit-and-go did not finish");
      const before = await state();
      for (const bot of bots) bot.shove();
      await playTurn(page);
      await expect.poll(state, { timeout: 30_000 }).not.toBe(before);
      view = await call<Page6>("tournaments.get", { id }, { query: true });
    }
    for (const bot of bots) bot.close();

    // MT-2: 6 × 50 in the pool, paid 70/30, every player placed.
    expect(view.prizePool).toBe(SEATS * BUY_IN);
    expect(view.payouts).toEqual([210, 90]);
    expect(view.players.every((p) => p.place !== null)).toBe(true);
    expect(view.players.reduce((sum, p) => sum + (p.prize ?? 0), 0)).toBe(SEATS * BUY_IN);
    await page.goto(`${webUrl()}/tournament/${id}`);
    const standings = page.getByTestId("final-standings");
    await standings.waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, "sng-finished.png"), fullPage: true });
    const ledger = await call<{ ok: boolean; problems: string[] }>("admin.reconcile", undefined, {
      token: adminToken,
      query: true,
    });
    expect(ledger.problems).toEqual([]);
    expect(ledger.ok).toBe(true);

    // The refill opened when it started: the lobby shows the next, empty, in Russian too.
    await page.goto(`${webUrl()}/?tab=tournaments`);
    const next = page
      .getByTestId("sng-row")
      .filter({ has: page.locator(`a[href="/tournament/${id}-n1"]`) });
    await expect.poll(() => next.getByTestId("sng-seats-taken").textContent()).toBe(`0/${SEATS}`);
    const russian = await (
      await browser.newContext({ viewport: PHONE, locale: "ru-RU" })
    ).newPage();
    await russian.goto(`${webUrl()}/?tab=tournaments`);
    await expect
      .poll(() => russian.getByTestId("sng-list").getByRole("heading").textContent())
      .toBe(ru.sitAndGo.heading);
    const nextRu = russian
      .getByTestId("sng-row")
      .filter({ has: russian.locator(`a[href="/tournament/${id}-n1"]`) });
    expect(await nextRu.getByTestId("sng-seats-taken").getAttribute("aria-label")).toBe(
      `Занято мест: 0 из ${SEATS}`,
    );
    expect(await seriousViolations(russian)).toEqual([]);
    await russian.screenshot({ path: path.join(ARTIFACTS, "sng-lobby-ru.png"), fullPage: true });
    await russian.context().close();
    await page.context().close();
  }, 240_000);

  it("H-7 a home game's host opens a private sit-and-go on his phone; only the link opens it", async () => {
    const tag = Date.now().toString(36);
    const hostName = `Hal ${tag}`;
    const host = await (await browser.newContext({ viewport: PHONE })).newPage();
    await signUp(host, hostName);
    const { token } = await call<{ token: string }>("auth.signIn", {
      email: `${hostName.toLowerCase().replace(/\W/g, "")}@example.test`,
      password: "a long enough password",
      session: "token",
    });
    const { tableId } = await call<{ tableId: string }>(
      "home.create",
      {
        name: `Friday ${tag}`,
        game: "holdem",
        betting: "no-limit",
        smallBlind: 1,
        bigBlind: 2,
        minBuyInBb: 10,
        maxBuyInBb: 50,
        seats: 6,
      },
      { token },
    );
    await host.goto(`${webUrl()}/home/${tableId}`);
    const form = host.getByTestId("private-sng");
    await form.waitFor();
    // By keyboard: the fields in order, then Enter submits.
    await form.getByLabel("Name").fill(`Friends ${tag}`);
    await form.getByLabel("Seats").fill("2");
    await form.getByLabel("Buy-in").fill("20");
    await form.getByLabel("Buy-in").press("Enter");
    const link = await form.getByTestId("private-sng-link").inputValue();
    // The token rides in the fragment, which browsers never send: no server's log sees it.
    expect(link).toMatch(/\/tournament\/[a-z0-9-]+#invite=[A-Za-z0-9_-]{43}$/);
    expect(await seriousViolations(host)).toEqual([]);
    await host.screenshot({ path: path.join(ARTIFACTS, "sng-private-host.png"), fullPage: true });
    const id = new URL(link).pathname.split("/").pop() as string;

    // Out of the lobby; without the link, no page.
    const lobby = await call<{ id: string }[]>("lobby.tournaments", undefined, { query: true });
    expect(lobby.map((t) => t.id)).not.toContain(id);
    const guest = await (await browser.newContext({ viewport: PHONE })).newPage();
    await signUp(guest, `Gus ${tag}`);
    await guest.goto(`${webUrl()}/tournament/${id}`);
    await expect
      .poll(() => guest.getByRole("alert").first().textContent())
      .toContain(`There is no tournament "${id}".`);
    // With it: the page says it is private, and he registers.
    await guest.goto(link);
    await expect.poll(() => guest.getByTestId("private-sng").textContent()).toContain("Private");
    await guest.getByRole("button", { name: "Register", exact: true }).click();
    await expect.poll(() => guest.getByTestId("sng-seats").textContent()).toContain("1/2");
    // In Russian, signed out, from the link: the page says the same and passes axe.
    const russian = await (
      await browser.newContext({ viewport: PHONE, locale: "ru-RU" })
    ).newPage();
    await russian.goto(link);
    await expect
      .poll(() => russian.getByTestId("private-sng").textContent())
      .toBe(ru.header.private);
    expect(await russian.getByTestId("sng-seats").textContent()).toContain("занято 1/2");
    expect(await seriousViolations(russian)).toEqual([]);
    await russian.screenshot({ path: path.join(ARTIFACTS, "sng-private-ru.png"), fullPage: true });
    await russian.context().close();
    // The host takes the second seat from his own page: it starts, both go to their table.
    await host.goto(`${webUrl()}/tournament/${id}`);
    await host.getByRole("button", { name: "Register", exact: true }).click();
    for (const page of [host, guest]) await page.waitForURL(new RegExp(`/table/${id}-t1$`));
    await host.context().close();
    await guest.context().close();
  }, 120_000);

  it("H-7 the admin opens a refilling sit-and-go with the tournament form, on a phone, by keyboard", async () => {
    const tag = Date.now().toString(36);
    const title = `Form SNG ${tag}`;
    const page = await (await browser.newContext({ viewport: PHONE })).newPage();
    await signInAsAdmin(page);
    const toggle = page.getByLabel("Sit-and-go: start when the seats are full");
    await toggle.focus();
    await page.keyboard.press("Space");
    // A sit-and-go has no start time or rhythm: those fields go.
    await expect.poll(() => page.locator("#tournament-startsAt").count()).toBe(0);
    await page.getByLabel("Seats to fill").fill("4");
    expect(await page.getByLabel("Refill: open the next one when it starts").isChecked()).toBe(
      true,
    );
    await page.getByLabel("Tournament name").fill(title);
    await page.getByLabel("Structure").selectOption("turbo");
    await page.getByLabel("Tournament name").press("Enter");
    await page.getByText(`Scheduled “${title}”.`).waitFor();
    const row = page.getByTestId("admin-tournament-row").filter({ hasText: title });
    await expect
      .poll(() => row.getByTestId("admin-sng").textContent())
      .toBe("Sit & go, 4 seats · refills");
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(ARTIFACTS, "sng-admin-form.png"), fullPage: true });
    const lobby = await call<{ name: string; kind: string; seats: number; entries: number }[]>(
      "lobby.tournaments",
      undefined,
      { query: true },
    );
    expect(lobby.find((t) => t.name === title)).toMatchObject({
      kind: "sit-and-go",
      seats: 4,
      entries: 0,
    });
    await page.context().close();
  }, 60_000);
});
