/**
 * T-12 in Chromium, against the platform as `npm start` runs it: "A waiting
 * list hands a freed seat to the first in line". Two players fill a
 * two-seat table; Carol (English, on a phone, with the keyboard) joins its
 * list from the lobby, Dave (Russian, at the table's page) joins after her.
 * A seat frees: Carol is offered it, on the lobby, with a live clock; Dave
 * may not take it; Carol takes it and sits down, Dave becomes first in
 * line. The ledger reconciles after; axe finds nothing serious.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import enTable from "../src/i18n/messages/en/table.json";
import en from "../src/i18n/messages/en/waitlist.json";
import ruTable from "../src/i18n/messages/ru/table.json";
import ru from "../src/i18n/messages/ru/waitlist.json";
import {
  ADMIN,
  ARTIFACTS,
  call,
  launchChromium,
  openHoldemTable,
  seriousViolations,
  signUp,
  webUrl,
} from "./browser";

/** A message with its placeholders filled. */
const fill = (message: string, values: Record<string, string | number>) =>
  message.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]));

/** A player made through the API, for the seats Carol and Dave wait for. */
async function apiPlayer(name: string): Promise<string> {
  const made = await call<{ token: string }>("auth.signUp", {
    email: `${name.toLowerCase().replace(/\W/g, "")}@example.test`,
    password: "a long enough password",
    displayName: name,
    session: "token",
  });
  return made.token;
}

const buyIn = (token: string, tableId: string, amount: number) =>
  call("cashier.buyIn", { tableId, amount, idempotencyKey: crypto.randomUUID() }, { token });

/** Seconds on the offer's clock ("0:27" → 27). */
async function clockSeconds(page: Page): Promise<number> {
  const text = (await page.getByTestId("offer-clock").first().textContent()) ?? "";
  const [m, s] = (text.match(/(\d+):(\d\d)/)?.slice(1) ?? ["99", "99"]).map(Number);
  return (m ?? 99) * 60 + (s ?? 99);
}

describe("browser: waiting lists (T-12)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("A waiting list hands a freed seat to the first in line", { timeout: 120_000 }, async () => {
    const web = webUrl();
    const tag = `w${Date.now() % 1e8}`;
    const tableName = `Queue ${tag}`;
    // A short clock: a player who leaves during a hand goes when it ends, and nobody here acts.
    const tableId = await openHoldemTable(tableName, {
      seats: 2,
      actionSeconds: 5,
      timeBankSeconds: 0,
    });
    const [alice, bob] = [await apiPlayer(`Alice ${tag}`), await apiPlayer(`Bob ${tag}`)];
    await buyIn(alice, tableId, 100);
    await buyIn(bob, tableId, 100);

    const carol = await (
      await browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage();
    const dave = await (
      await browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage();
    await signUp(carol, `Carol ${tag}`);
    await signUp(dave, `Dave ${tag}`);

    // Carol, in the lobby: the table is full, nobody waits; she joins with the keyboard.
    const row = carol.getByTestId("lobby-row").filter({ hasText: tableName });
    await expect
      .poll(() => row.getByTestId("lobby-waiting").textContent())
      .toBe(fill(en.full, { count: 0 }));
    const join = row.getByRole("button", { name: fill(en.joinLabel, { table: tableName }) });
    await join.focus();
    await carol.keyboard.press("Enter");
    await row.getByRole("button", { name: fill(en.leaveLabel, { table: tableName }) }).waitFor();
    await expect
      .poll(() => row.getByTestId("lobby-waiting").textContent())
      .toBe(fill(en.full, { count: 1 }));
    expect(await seriousViolations(carol)).toEqual([]);

    // Dave, at the table's page in Russian: full, one waiting; he joins, second in line.
    await dave.goto(`${web}/table/${tableId}`);
    await dave.getByTestId("locale-switch").selectOption("ru");
    const panel = dave.getByTestId("table-waitlist");
    await expect.poll(() => panel.textContent()).toContain(fill(ru.tableFull, { count: 1 }));
    await panel.getByRole("button", { name: fill(ru.joinLabel, { table: tableName }) }).click();
    await expect
      .poll(() => panel.textContent())
      .toContain(fill(ru.position, { position: 2, count: 2 }));
    expect(await seriousViolations(dave)).toEqual([]);

    // Bob leaves (at the end of the hand, if one is being played): the seat is offered to Carol where she is, the lobby, with a clock running down.
    await call("cashier.cashOut", { tableId, idempotencyKey: crypto.randomUUID() }, { token: bob });
    const offer = carol.getByTestId("seat-offer");
    await offer.waitFor({ timeout: 30_000 });
    expect(await offer.getAttribute("data-table")).toBe(tableId);
    expect(await offer.getByRole("alert").textContent()).toBe(fill(en.offer, { table: tableName }));
    const first = await clockSeconds(carol);
    expect(first).toBeLessThanOrEqual(30);
    expect(first).toBeGreaterThan(15);
    await expect.poll(() => clockSeconds(carol)).toBeLessThan(first);
    await carol.screenshot({ path: `${ARTIFACTS}/waitlist-offer-lobby-phone.png` });
    expect(await seriousViolations(carol)).toEqual([]);

    // The seat is held for her: Dave, second in line, is offered nothing and not asked to sit
    // (the seat shows empty, with no "Sit here"); a buy-in of his is refused (seat_held, API tests).
    expect(await dave.getByTestId("seat-offer").count()).toBe(0);
    await expect.poll(() => dave.locator(".seat-empty").count()).toBeGreaterThan(0);
    expect(await dave.getByRole("button", { name: ruTable.sitHere, exact: true }).count()).toBe(0);
    expect(await panel.textContent()).toContain(fill(ru.position, { position: 2, count: 2 }));

    // Carol takes it: to the table, where the offer is still hers, and she buys in with the keyboard.
    await offer.getByRole("link", { name: fill(en.takeLabel, { table: tableName }) }).click();
    await carol.waitForURL(`${web}/table/${tableId}`);
    const take = carol.getByRole("button", { name: fill(en.takeLabel, { table: tableName }) });
    await take.focus();
    await carol.keyboard.press("Enter");
    const amount = carol.getByLabel(enTable.buyIn.amount.split("{")[0]?.trim() ?? "");
    await amount.fill("100");
    await carol.keyboard.press("Enter");
    await carol.getByRole("button", { name: enTable.controls.leave }).waitFor();
    await expect.poll(() => carol.getByTestId("seat-offer").count()).toBe(0);

    // Dave is first in line now, the table full again; nobody is offered anything.
    await expect
      .poll(() => panel.textContent(), { timeout: 10_000 })
      .toContain(fill(ru.position, { position: 1, count: 1 }));
    expect(await dave.getByTestId("seat-offer").count()).toBe(0);
    await dave.screenshot({ path: `${ARTIFACTS}/waitlist-table-phone-ru.png` });

    // The ledger reconciles: every chip bought in is on the table or back in a wallet.
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
  });
});
