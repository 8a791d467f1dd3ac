import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  ARTIFACTS,
  apiUrl,
  call,
  launchChromium,
  serverNow,
  signInAsAdmin,
  startTournamentNow,
  webUrl,
} from "./browser";

/**
 * The seeded tables the lobby lists. Other browser files open tables of their own while
 * this one runs (in an order vitest picks); theirs have two-word names, the seeded ones one.
 */
const rowNames = async (page: Page) =>
  (await page.getByTestId("lobby-row").locator("td:first-child").allTextContents()).filter((name) =>
    /^\p{Lu}\p{Ll}+$/u.test(name),
  );

describe("browser: accounts, lobby filters, admin stakes", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a new user signs up, sees a balance, browses the lobby with filters, and signs out", async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    await page.goto(webUrl());
    await page.getByRole("link", { name: "Sign up" }).click();
    await page.waitForURL(/\/sign-up$/);

    // A mistake first: the API's messages show under the fields.
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Display name").fill("Ann");
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect
      .poll(() => page.getByTestId("error-email").textContent())
      .toBe("Email must be an email address");
    expect(await page.getByTestId("error-password").textContent()).toBe(
      "Password must be at least 8 characters",
    );

    const tag = Date.now().toString(36);
    await page.getByLabel("Email").fill(`ann-${tag}@example.test`);
    await page.getByLabel("Display name").fill(`Ann ${tag}`);
    await page.getByLabel("Password").fill("a long enough password");
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.waitForURL(`${webUrl()}/`);
    await expect.poll(() => page.getByTestId("balance").textContent()).toBe("10,000");
    expect(await page.getByTestId("display-name").textContent()).toBe(`Ann ${tag}`);
    // The session is an HttpOnly cookie: page scripts cannot read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain("felt_session");

    await page.getByTestId("lobby-row").first().waitFor();
    await page.getByLabel("Game").selectOption("omaha");
    await expect.poll(() => rowNames(page)).toEqual(["Danube"]);
    await page.getByLabel("Game").selectOption("");
    await page.getByLabel("Betting").selectOption("fixed-limit");
    await expect
      .poll(async () => (await rowNames(page)).sort())
      .toEqual(["Elbe", "Fjord", "Kama", "Ladoga", "Neva", "Onega"]); // Kama and Neva: stud, fixed limit
    await page.getByLabel("Betting").selectOption("");
    await page.getByLabel("Stakes").selectOption("low");
    const low = ["Caspian", "Danube", "Kama", "Neva"];
    await expect.poll(async () => (await rowNames(page)).sort()).toEqual(low);
    await page.getByLabel("Has a free seat").check();
    await expect.poll(async () => (await rowNames(page)).sort()).toEqual(low);
    await page.screenshot({ path: path.join(ARTIFACTS, "lobby-filters.png"), fullPage: true });

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("link", { name: "Sign in" }).waitFor();
    expect(await page.getByTestId("balance").count()).toBe(0);
  });

  it("an admin signs in and creates a stake that opens a table visible in the lobby", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${webUrl()}/sign-in`);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Wrong email or password. Check both and try again.").waitFor();
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("link", { name: "Admin" }).click();
    await page.waitForURL(/\/admin$/);

    await page.getByLabel("Name", { exact: true }).fill("NL Hold'em 50/100 deep");
    await page.getByLabel("Small blind").fill("50");
    await page.getByLabel("Seats", { exact: true }).fill("11");
    await page.getByRole("button", { name: "Create stake" }).click();
    await expect
      .poll(() => page.getByTestId("error-seats").textContent())
      .toBe("Seats must be at most 10");
    expect(await page.getByTestId("error-bigBlind").textContent()).toBe("Big blind is required");
    await page.screenshot({ path: path.join(ARTIFACTS, "admin-validation.png"), fullPage: true });

    await page.getByLabel("Big blind", { exact: true }).fill("100");
    await page.getByLabel("Seats", { exact: true }).fill("6");
    await page.getByLabel("Min buy-in (BB)").fill("50");
    await page.getByLabel("Max buy-in (BB)").fill("200");
    await page.getByLabel("Rake %").fill("2.5");
    await page.getByLabel("Rake cap").fill("300");
    // Table chat: players only unless the admin lets signed-in spectators write too.
    expect(await page.getByLabel("Table chat").inputValue()).toBe("players");
    await page.getByLabel("Table chat").selectOption("everyone");
    await page.getByRole("button", { name: "Create stake" }).click();
    await page.getByText("Saved “NL Hold'em 50/100 deep”.").waitFor();

    const stake = page.getByTestId("stake-row").filter({ hasText: "NL Hold'em 50/100 deep" });
    await expect.poll(() => stake.textContent()).toContain("buy-in 5,000–20,000");
    expect(await stake.textContent()).toContain("chat everyone");
    // Editing reads the setting back.
    await stake.getByRole("button", { name: "Edit" }).click();
    await expect.poll(() => page.getByLabel("Table chat").inputValue()).toBe("everyone");
    await page.getByRole("button", { name: "Cancel", exact: true }).click();

    await stake.getByLabel("New table name").fill("Zambezi");
    await stake.getByRole("button", { name: "Open table" }).click();
    await stake.getByRole("button", { name: "Close Zambezi" }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, "admin.png"), fullPage: true });

    await page.getByRole("link", { name: "Felt" }).click();
    const row = page.getByTestId("lobby-row").filter({ hasText: "Zambezi" });
    await row.waitFor();
    expect(await row.textContent()).toContain("50/100");
    expect(await row.textContent()).toContain("0/6");
  });

  it("a broke player reloads from the header, but not while his chips sit on a table or in a tournament he can leave", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const tag = Date.now().toString(36);
    await page.goto(`${webUrl()}/sign-up`);
    await page.getByLabel("Email").fill(`bo-${tag}@example.test`);
    await page.getByLabel("Display name").fill(`Bo ${tag}`);
    await page.getByLabel("Password").fill("a long enough password");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect.poll(() => page.getByTestId("balance").textContent()).toBe("10,000");

    // 9,950 to the admin's deep table, through the API with the browser's own cookie.
    const api = apiUrl();
    const tables = (await (await page.request.get(`${api}/trpc/lobby.tables`)).json()) as {
      result: { data: Array<{ id: string; name: string }> };
    };
    const zambezi = tables.result.data.find((t) => t.name === "Zambezi");
    const buyIn = await page.request.post(`${api}/trpc/cashier.buyIn`, {
      data: { tableId: zambezi?.id, amount: 9_950, idempotencyKey: crypto.randomUUID() },
    });
    expect(buyIn.status()).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByTestId("balance").textContent()).toBe("50");
    // Not broke: the chips on the table are his.
    expect(await page.getByRole("button", { name: /^Reload/ }).count()).toBe(0);
    const cashOut = await page.request.post(`${api}/trpc/cashier.cashOut`, {
      data: { tableId: zambezi?.id, idempotencyKey: crypto.randomUUID() },
    });
    expect(cashOut.status()).toBe(200);

    // The wallet goes on a tournament's buy-in and fee: not broke while he can unregister
    // (the entry is his until the start), broke once the tournament has started.
    const { token } = await call<{ token: string }>("auth.signIn", { ...ADMIN, session: "token" });
    const payouts = await call<{ id: string }>(
      "admin.payoutTables.create",
      {
        name: `Bo ${tag}`,
        tiers: [{ minEntrants: 2, maxEntrants: 1000, percentages: [100] }],
      },
      { token },
    );
    // Two entrants register well within the registration time, even on a loaded machine;
    // then the test moves the platform's clock to the start instead of waiting for it.
    const startsAt = (await serverNow()) + 60_000;
    const tournament = await call<{ id: string }>(
      "admin.tournaments.create",
      {
        name: `Bo ${tag}`,
        startsAt,
        buyIn: 9_900,
        fee: 50,
        startingStack: 1500,
        template: "hyper",
        payoutTableId: payouts.id,
      },
      { token },
    );
    const register = await page.request.post(`${api}/trpc/tournaments.register`, {
      data: { id: tournament.id },
    });
    expect(register.status()).toBe(200);
    // The second entrant, signed up with the admin's session (no per-address limit applies).
    const rival = await call<{ token: string }>(
      "auth.signUp",
      {
        email: `bo-rival-${tag}@example.test`,
        password: "a long enough password",
        displayName: `Bo rival ${tag}`,
        session: "token",
      },
      { token },
    );
    await call("tournaments.register", { id: tournament.id }, { token: rival.token });
    expect(Date.now()).toBeLessThan(startsAt);
    await page.reload();
    await expect.poll(() => page.getByTestId("balance").textContent()).toBe("50");
    expect(await page.getByRole("button", { name: /^Reload/ }).count()).toBe(0);
    await startTournamentNow(tournament.id, startsAt);
    // The start spends the entry: the header offers the reload (each look a fresh page).
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId("balance").waitFor();
          return page.getByRole("button", { name: "Reload 5,000" }).count();
        },
        { timeout: 45_000, interval: 1_000 },
      )
      .toBe(1);
    await page.getByRole("button", { name: "Reload 5,000" }).click();
    await expect.poll(() => page.getByTestId("balance").textContent()).toBe("5,050");
    expect(await page.getByRole("button", { name: /^Reload/ }).count()).toBe(0);
    await context.close();
  }, 120_000);
  it("an admin creates a dealer's choice stake: the games the button picks from, one is not enough", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsAdmin(page);
    await page.getByLabel("Name", { exact: true }).fill("Dealer's choice 5/10");
    await page
      .locator("form.stake-form")
      .getByLabel("Game", { exact: true })
      .selectOption("dealers-choice");
    await page.getByLabel("Small blind").fill("5");
    await page.getByLabel("Big blind", { exact: true }).fill("10");
    await page.getByLabel("Seats", { exact: true }).fill("6");
    await page.getByLabel("Five-card draw, 7–A deck").check();
    const create = page.getByRole("button", { name: "Create stake" });
    await create.click();
    const error = page.getByTestId("error-games");
    await error.waitFor({ timeout: 20_000 });
    expect(await error.textContent()).toContain("2 to 8");
    await page.getByLabel("Omaha, pot limit").check();
    await create.click();
    await page.getByText("Saved “Dealer's choice 5/10”.").waitFor({ timeout: 20_000 });
    const dealers = page.getByTestId("stake-row").filter({ hasText: "Dealer's choice 5/10" });
    await expect.poll(() => dealers.count(), { timeout: 10_000 }).toBe(1);
    expect(await dealers.textContent()).toContain("2 games to choose from");
    // Editing reads the games back.
    await dealers.getByRole("button", { name: "Edit" }).click();
    await expect
      .poll(() => page.getByLabel("Omaha, pot limit").isChecked(), { timeout: 10_000 })
      .toBe(true);
    expect(await page.getByLabel("Five-card draw, 7–A deck").isChecked()).toBe(true);
    expect(await page.getByLabel("Hold'em, no limit").isChecked()).toBe(false);
    await page.close();
  }, 120_000);

  it("RP-5 an admin creates a Russian poker stake: a pay table the engine refuses is a field error, then it is saved and its RTP shown", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1200 } });
    await signInAsAdmin(page);
    const name = `Russian ${Date.now().toString(36)}`;
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page
      .locator("form.stake-form")
      .getByLabel("Game", { exact: true })
      .selectOption("russian");
    await page.getByLabel("Least ANTE", { exact: true }).fill("5");
    await page.getByLabel("Largest ANTE", { exact: true }).fill("50");
    await page.getByLabel("Seats", { exact: true }).fill("6");
    const flush = page.locator('[id="russian.payTable.flush"]');
    await flush.fill("-1");
    const create = page.getByRole("button", { name: "Create stake" });
    await create.click();
    const error = page.getByTestId("error-russian.payTable.flush");
    await error.waitFor({ timeout: 20_000 });
    expect(await error.textContent()).toContain("must be a whole multiplier from 0 to 100,000");

    await flush.fill("6");
    await page.getByLabel("Bonus at most").selectOption("half-ante");
    await page.getByRole("button", { name: "Compute RTP" }).click();
    const rtp = page.getByTestId("russian-rtp");
    await rtp.waitFor({ timeout: 30_000 });
    expect(await rtp.textContent()).toMatch(/^RTP \d+\.\d\d%.*the house keeps \d+\.\d\d%/);
    expect(await rtp.textContent()).toContain("200,000 simulated rounds");

    await create.click();
    await page.getByText(`Saved “${name}”.`).waitFor({ timeout: 20_000 });
    const row = page.getByTestId("stake-row").filter({ hasText: name });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    // Editing reads the pay table and the options back.
    await row.getByRole("button", { name: "Edit" }).click();
    await expect.poll(() => flush.inputValue(), { timeout: 10_000 }).toBe("6");
    expect(await page.getByLabel("Bonus at most").inputValue()).toBe("half-ante");
    expect(await page.locator('[id="russian.payTable.royalFlush"]').inputValue()).toBe("100");
    await page.close();
  }, 120_000);
});
