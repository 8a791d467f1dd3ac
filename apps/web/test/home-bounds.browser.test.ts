import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import enAdmin from "../src/i18n/messages/en/admin.json";
import enErrors from "../src/i18n/messages/en/errors.json";
import home from "../src/i18n/messages/en/home.json";
import ruAdmin from "../src/i18n/messages/ru/admin.json";
import {
  ADMIN,
  ARTIFACTS,
  apiUrl,
  call,
  launchChromium,
  seriousViolations,
  signInAsAdmin,
  signUp,
  webUrl,
} from "./browser";

const b = enAdmin.homeBounds;

describe("browser: home games' bounds and invite links (H-1)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("H-1: the admin narrows the bounds from his console; a host's deeper buy-in is then refused on the host's form; the defaults come back", {
    timeout: 90_000,
  }, async () => {
    const web = webUrl();
    const admin = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await signInAsAdmin(admin);
    const form = admin.locator("#home-bounds");
    await form.getByRole("heading", { name: b.title }).waitFor();
    const maxBuyIn = form.getByLabel(b.fields.maxBuyInBb_max, { exact: true });
    await expect.poll(() => maxBuyIn.inputValue()).toBe("1000");

    // A lower bound above its upper bound: the API's code, worded under the field at fault.
    await form.getByLabel(b.fields.actionSeconds_min, { exact: true }).fill("60");
    await form.getByLabel(b.fields.actionSeconds_max, { exact: true }).fill("30");
    await form.getByRole("button", { name: b.save }).click();
    await expect
      .poll(() => form.getByText(enErrors.field.bound_below_min.replace("{min}", "60")).count())
      .toBe(1);
    await form.getByLabel(b.fields.actionSeconds_min, { exact: true }).fill("10");
    await form.getByLabel(b.fields.actionSeconds_max, { exact: true }).fill("120");
    await maxBuyIn.fill("200");
    await form.getByRole("button", { name: b.save }).click();
    await expect.poll(() => form.getByTestId("home-bounds-saved").textContent()).toBe(b.saved);
    await form.screenshot({ path: path.join(ARTIFACTS, "admin-home-bounds.png") });

    // A host asks for 300 big blinds: refused, with the admin's bound in the words.
    const host = await (
      await browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage();
    await signUp(host, `Deep ${Date.now().toString(36)}`);
    await host.goto(`${web}/home/new`);
    await host.getByLabel(home.host.name).fill("Deep stacks");
    await host.getByLabel(home.host.maxBuyInBb, { exact: true }).fill("300");
    await host.getByRole("button", { name: home.host.submit }).click();
    await expect
      .poll(() => host.getByText(enErrors.field.too_big.replace("{maximum}", "200")).count())
      .toBe(1);
    expect(host.url()).toBe(`${web}/home/new`);

    // Back to the defaults, with the keyboard.
    await form.getByRole("button", { name: b.defaults }).focus();
    await admin.keyboard.press("Enter");
    await expect.poll(() => maxBuyIn.inputValue()).toBe("1000");
    await form.getByRole("button", { name: b.save }).focus();
    await admin.keyboard.press("Enter");
    await expect.poll(() => form.getByTestId("home-bounds-saved").textContent()).toBe(b.saved);
    const adminToken = (
      await call<{ token: string }>("auth.signIn", { ...ADMIN, session: "token" })
    ).token;
    // A query without input (browser.ts's `call` always sends one).
    const reply = await fetch(`${apiUrl()}/trpc/home.bounds`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const bounds = ((await reply.json()) as { result: { data: { maxBuyInBb: { max: number } } } })
      .result.data;
    expect(bounds.maxBuyInBb.max).toBe(1000);
  });

  it("H-1: the admin's section reads in Russian on a phone and passes axe", async () => {
    const phone = { viewport: { width: 390, height: 844 }, isMobile: true, locale: "ru-RU" };
    // Signed in in English (signInAsAdmin's labels), then the same session on a Russian phone.
    const english = await browser.newContext();
    await signInAsAdmin(await english.newPage());
    const storageState = await english.storageState();
    await english.close();
    const page = await (await browser.newContext({ ...phone, storageState })).newPage();
    await page.goto(`${webUrl()}/admin#home-bounds`);
    const form = page.locator("#home-bounds");
    await form.getByRole("heading", { name: ruAdmin.homeBounds.title }).waitFor();
    await form.getByLabel(ruAdmin.homeBounds.fields.bigBlind_max, { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The section fits the phone (the console's stake list is wider: not this section's).
    const box = await form.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await form.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // The console's sections, this one's link among them, wrap on a phone.
    const nav = page.locator(".admin-nav a");
    for (const right of await nav.evaluateAll((links) =>
      links.map((a) => a.getBoundingClientRect().right),
    ))
      expect(right).toBeLessThanOrEqual(390);
    await form.screenshot({ path: path.join(ARTIFACTS, "admin-home-bounds-ru-phone.png") });
  });

  it("H-1: a signed-out guest follows a link, signs in, and is back on the invite; the token never leaves the fragment", async () => {
    const web = webUrl();
    const tag = Date.now().toString(36);
    const hostToken = (
      await call<{ token: string }>("auth.signUp", {
        email: `hostlink${tag}@example.test`,
        password: "a long enough password",
        displayName: `Linker ${tag}`,
        session: "token",
      })
    ).token;
    const game = await call<{ token: string; path: string }>(
      "home.create",
      {
        name: `Link ${tag}`,
        game: "holdem",
        betting: "no-limit",
        smallBlind: 1,
        bigBlind: 2,
        seats: 6,
      },
      { token: hostToken },
    );
    expect(game.path).toBe(`/home/join#${game.token}`);
    await call("auth.signUp", {
      email: `guestlink${tag}@example.test`,
      password: "a long enough password",
      displayName: `Follower ${tag}`,
      session: "token",
    });

    const page = await (
      await browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage();
    const requested: string[] = [];
    page.on("request", (r) => requested.push(r.url()));
    await page.goto(`${web}${game.path}`);
    await page.getByRole("link", { name: home.join.signIn }).click();
    await page.waitForURL(/\/sign-in/);
    await page.getByLabel("Email").fill(`guestlink${tag}@example.test`);
    await page.getByLabel("Password").fill("a long enough password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${web}${game.path}`);
    await page.getByRole("button", { name: home.join.request }).waitFor();
    // No address the browser asked for carried the token (the API gets it in a query's input).
    const api = apiUrl();
    expect(requested.filter((u) => !u.startsWith(api) && u.includes(game.token))).toEqual([]);
  });
});
