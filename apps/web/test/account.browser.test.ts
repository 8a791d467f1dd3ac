import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  ARTIFACTS,
  apiUrl,
  call,
  launchChromium,
  openHoldemTable,
  seriousViolations,
  signUp,
  webUrl,
} from "./browser";

const first = "a long enough password";
const second = "violet lantern across quiet harbours";
const third = "seven amber kites over the marsh";

describe("browser: an account of one's own", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("at 390×844: rename, choose an avatar, change the password, sign in with it, and reset a forgotten one", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const tag = `a${Date.now() % 1e8}`;
    const email = `amy${tag}@example.test`;
    await signUp(page, `Amy ${tag}`);
    await page.getByRole("link", { name: "My account", exact: true }).click();
    await page.waitForURL(/\/account$/);
    await page.getByRole("heading", { name: "Your account" }).waitFor();

    await page.getByRole("textbox", { name: "Display name" }).fill(`Amelia ${tag}`);
    await page.getByRole("button", { name: "Save name" }).click();
    await expect.poll(() => page.getByTestId("display-name").textContent()).toBe(`Amelia ${tag}`);

    await page.getByRole("radio", { name: "Crown" }).check();
    await page.getByRole("button", { name: "Save avatar" }).click();
    await page.locator('.account svg[data-avatar="crown"]').waitFor();

    // A wrong current password is refused under its field, then the change goes through.
    await page.getByLabel("Current password").fill("not my password");
    await page.getByLabel("New password").fill(second);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect
      .poll(() => page.getByTestId("error-currentPassword").textContent())
      .toBe("Current password is not your password");
    await page.getByLabel("Current password").fill(first);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => page.getByLabel("Current password").inputValue()).toBe("");
    expect(await page.getByTestId("error-currentPassword").count()).toBe(0);

    expect(await seriousViolations(page)).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(ARTIFACTS, "account-390.png"), fullPage: true });

    // Signed out, the new password signs in; then it is "forgotten".
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.goto(`${webUrl()}/sign-in`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(second);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByTestId("display-name").textContent()).toBe(`Amelia ${tag}`);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.goto(`${webUrl()}/sign-in`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL(/\/reset-password$/);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send the link" }).click();
    await page.getByText("If an account has this email, a link is on its way.").waitFor();

    // The mail goes to the API's log here; the admin's link is the same kind of link.
    const { token } = await call<{ token: string }>("auth.signIn", { ...ADMIN, session: "token" });
    const { link } = await call<{ link: string }>(
      "admin.users.issuePasswordReset",
      { email },
      { token },
    );
    expect(link.startsWith(`${webUrl()}/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await page.getByLabel("New password").fill("password1");
    await page.getByRole("button", { name: "Set password" }).click();
    await expect
      .poll(() => page.getByTestId("error-newPassword").textContent())
      .toBe("New password is too easy to guess: use a longer phrase of uncommon words");
    await page.getByLabel("New password").fill(third);
    await page.getByRole("button", { name: "Set password" }).click();
    await page.getByText("Your password is set.").waitFor();
    await page.locator("main").getByRole("link", { name: "Sign in" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(third);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByTestId("display-name").textContent()).toBe(`Amelia ${tag}`);
    await context.close();
  });

  it("in Russian at 1366×900: results by day and game, and a private note on a player's seat", async () => {
    const context = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      locale: "ru-RU",
    });
    const page = await context.newPage();
    const tag = `r${Date.now() % 1e8}`;
    const api = apiUrl();
    // Signed up through the API with the browser's own cookie jar (the page's form is English-labelled in signUp()).
    const signedUp = await page.request.post(`${api}/trpc/auth.signUp`, {
      data: { email: `ivan${tag}@example.test`, password: first, displayName: `Ivan ${tag}` },
    });
    expect(signedUp.status()).toBe(200);
    const tableId = await openHoldemTable(`Neva ${tag}`);
    const olga = await call<{ token: string; user: { id: string } }>("auth.signUp", {
      email: `olga${tag}@example.test`,
      password: first,
      displayName: `Olga ${tag}`,
      session: "token",
    });
    await call(
      "cashier.buyIn",
      { tableId, amount: 100, idempotencyKey: crypto.randomUUID(), seat: 2 },
      { token: olga.token },
    );
    // Ivan buys in with the browser's own cookie.
    const bought = await page.request.post(`${api}/trpc/cashier.buyIn`, {
      data: { tableId, amount: 150, idempotencyKey: crypto.randomUUID(), seat: 1 },
    });
    expect(bought.status()).toBe(200);

    await page.goto(`${webUrl()}/table/${tableId}`);
    const noteButton = page.getByRole("button", { name: `Заметка об игроке Olga ${tag}` });
    await noteButton.click();
    await page
      .getByLabel(`Ваша личная заметка об игроке Olga ${tag}`)
      .fill("ставит олл-ин с любыми двумя");
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(ARTIFACTS, "seat-note-ru.png") });
    await page.getByRole("button", { name: "Сохранить заметку" }).click();
    await expect.poll(() => noteButton.getAttribute("title")).toBe("ставит олл-ин с любыми двумя");
    expect(await page.getByRole("button", { name: /^Заметка об игроке Ivan/ }).count()).toBe(0);
    const notes = await page.request.get(
      `${api}/trpc/account.notes.get?input=${encodeURIComponent(JSON.stringify({ playerIds: [olga.user.id] }))}`,
    );
    expect(((await notes.json()) as { result: { data: unknown } }).result.data).toEqual({
      notes: { [olga.user.id]: "ставит олл-ин с любыми двумя" },
    });
    // Olga never reads it.
    expect(
      await call(
        "account.notes.get",
        { playerIds: [olga.user.id] },
        { token: olga.token, query: true },
      ),
    ).toEqual({ notes: {} });

    await page.goto(`${webUrl()}/account`);
    await page.getByRole("heading", { name: "Ваш аккаунт" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("ru");
    const row = page.getByTestId("results").locator("tbody tr").first();
    await expect.poll(() => row.textContent()).toContain("Холдем");
    expect(await row.locator("td").last().textContent()).toMatch(/^[-−]150$/);
    for (const heading of ["Имя", "Аватар", "Пароль", "Мои результаты"])
      expect(await page.getByRole("heading", { name: heading, exact: true }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(ARTIFACTS, "account-ru-1366.png"), fullPage: true });
    await context.close();
  });
});
