import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  ARTIFACTS,
  actor,
  call,
  launchChromium,
  seriousViolations,
  serverNow,
  signInAsAdmin,
  signUp,
  startTournamentNow,
  versionsOf,
  webUrl,
} from "./browser";

/** Click a "try again" button and wait for the server's answer to its tRPC `procedure`; false if the button went away first. */
async function retry(button: Locator, procedure: string): Promise<boolean> {
  const answered = button.page().waitForResponse((r) => r.url().includes(procedure));
  const clicked = await button.click({ timeout: 2_000 }).then(
    () => true,
    () => false,
  );
  if (clicked) await answered;
  else answered.catch(() => {});
  return clicked;
}

describe("browser: a tournament from the lobby to its table", () => {
  let browser: Browser;
  let adminToken: string;
  let payoutTableId: string;
  beforeAll(async () => {
    browser = await launchChromium();
    ({ token: adminToken } = await call<{ token: string }>("auth.signIn", {
      ...ADMIN,
      session: "token",
    }));
    ({ id: payoutTableId } = await call<{ id: string }>(
      "admin.payoutTables.create",
      {
        name: `Browser payouts ${Date.now().toString(36)}`,
        tiers: [
          { minEntrants: 2, maxEntrants: 6, percentages: [100] },
          { minEntrants: 7, maxEntrants: 100_000, percentages: [65, 35] },
        ],
      },
      { token: adminToken },
    ));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a player registers in the lobby, the tournament starts, and he follows it to his seat", async () => {
    const tag = Date.now().toString(36);
    const name = `Tara ${tag}`;
    const title = `Hyper ${tag}`;
    const page = await (
      await browser.newContext({ viewport: { width: 1100, height: 900 } })
    ).newPage();
    await signUp(page, name);

    // Scheduled a minute ahead, longer than the steps before the start take on a loaded
    // machine; the test then moves the platform's clock to it. One other entrant registers
    // over the API.
    const startsAt = (await serverNow()) + 60_000;
    const { id } = await call<{ id: string }>(
      "admin.tournaments.create",
      {
        name: title,
        startsAt,
        buyIn: 100,
        fee: 10,
        startingStack: 10_000,
        seatsPerTable: 9,
        template: "hyper",
        minEntrants: 2,
        payoutTableId,
      },
      { token: adminToken },
    );
    const { token: otherToken } = await call<{ token: string }>("auth.signUp", {
      email: `ole-${tag}@example.test`,
      password: "a long enough password",
      displayName: `Ole ${tag}`,
      session: "token",
    });
    await call("tournaments.register", { id }, { token: otherToken });

    // While it counts down (checked first, well before the start, even on a busy machine),
    // the admin console lists it among the tournaments.
    const admin = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await signInAsAdmin(admin);
    const adminRow = admin.getByTestId("admin-tournament-row").filter({ hasText: title });
    await adminRow.waitFor();
    expect(await adminRow.textContent()).toContain("Registering");
    await admin.screenshot({ path: path.join(ARTIFACTS, "admin-tournaments.png"), fullPage: true });
    await admin.context().close();

    // The lobby's tournaments tab lists it with its buy-in and status; the row opens its page.
    await page.getByRole("tab", { name: "Tournaments" }).click();
    const row = page.getByTestId("tournament-row").filter({ hasText: title });
    await expect.poll(() => row.textContent()).toContain("100 + 10");
    expect(await row.getByTestId("status-badge").textContent()).toBe("Registering");
    await page.screenshot({ path: path.join(ARTIFACTS, "lobby-tournaments.png"), fullPage: true });
    await row.getByRole("link", { name: title }).click();
    await page.waitForURL(new RegExp(`/tournament/${id}$`));

    await page.getByRole("button", { name: "Register", exact: true }).click();
    const players = page.getByTestId("player-row");
    await expect
      .poll(() => players.allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining(name)]));
    await expect
      .poll(() => page.getByTestId("your-standing").textContent())
      .toContain("You are registered.");
    expect(await page.getByTestId("entries").textContent()).toBe("2");
    expect(await page.getByTestId("prize-pool").textContent()).toBe("200");
    expect(await page.getByRole("button", { name: "Unregister" }).count()).toBe(1);
    await page.screenshot({
      path: path.join(ARTIFACTS, "tournament-registered.png"),
      fullPage: true,
    });

    // The start seats both players and takes the one watching the page to his table, so his
    // first clock does not run down on this page (issue 15, bug 11).
    await startTournamentNow(id, startsAt);
    await page.waitForURL(new RegExp(`/table/${id}-t\\d+$`), { timeout: 40_000 });
    // The table's tab names the tournament's table (bug 11: the title shows the table).
    await expect.poll(() => page.title(), { timeout: 20_000 }).toMatch(/Table \d+ · NL Hold'em/);

    // At the table: the tournament's banner and level, your name at your seat, no cash-table controls.
    const banner = page.getByTestId("tournament-banner");
    await expect.poll(() => banner.textContent()).toContain(title);
    await expect.poll(() => banner.textContent()).toContain("Blinds 100/200");
    await expect.poll(() => page.locator(".seat.is-me .seat-name").textContent()).toBe(name);
    expect(await page.getByRole("button", { name: "Sit here" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /Leave table/ }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Sit out next hand" }).count()).toBe(1);
    await page.screenshot({ path: path.join(ARTIFACTS, "tournament-table.png"), fullPage: true });

    // MT-3: the director pauses the clock; the table's banner says so (the page polls every 2 s).
    await call("admin.tournaments.pause", { id }, { token: adminToken });
    await expect.poll(() => banner.textContent(), { timeout: 10_000 }).toContain("Paused");

    // The banner leads back to the tournament page, paused too; resuming clears it.
    await banner.getByRole("link", { name: title }).click();
    await page.waitForURL(new RegExp(`/tournament/${id}$`));
    await expect.poll(() => page.getByTestId("tables").textContent()).toContain("Table 1");
    await page.getByTestId("paused").waitFor();
    await expect.poll(() => page.getByTestId("level-clock").textContent()).toContain("Level 1");
    expect(await page.getByTestId("status-badge").first().textContent()).toBe("Running");
    expect(await page.getByRole("link", { name: "Go to your table" }).count()).toBe(1);
    // The seat draw's seed is shown now, and this browser finds its SHA-256 is the commitment
    // published at registration; the final table's redraw has not been made.
    await expect
      .poll(() => page.getByTestId("draw-seats").getAttribute("data-status"))
      .toBe("verified");
    expect(await page.getByTestId("draw-seats").textContent()).toContain("Verified");
    expect(await page.getByTestId("draw-final-table").textContent()).toContain(
      "The seed is shown once the draw is made.",
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(ARTIFACTS, "tournament-running.png"), fullPage: true });
    await call("admin.tournaments.resume", { id }, { token: adminToken });
    await page.getByTestId("paused").waitFor({ state: "detached", timeout: 10_000 });
  }, 120_000);

  it("a deal: the director compares ICM and a chip chop and proposes one; the players accept at their table and are paid", async () => {
    const tag = Date.now().toString(36);
    const title = `Deal ${tag}`;
    // A minute ahead; the clock is moved to it once both have registered.
    const startsAt = (await serverNow()) + 60_000;
    const { id } = await call<{ id: string }>(
      "admin.tournaments.create",
      {
        name: title,
        startsAt,
        buyIn: 100,
        fee: 10,
        startingStack: 10_000,
        seatsPerTable: 9,
        template: "hyper",
        minEntrants: 2,
        payoutTableId,
      },
      { token: adminToken },
    );
    const names = [`Dana ${tag}`, `Eli ${tag}`];
    const players: Page[] = [];
    for (const name of names) {
      const page = await (
        await browser.newContext({ viewport: { width: 1100, height: 900 } })
      ).newPage();
      await signUp(page, name);
      await page.goto(`${webUrl()}/tournament/${id}`);
      await page.getByRole("button", { name: "Register", exact: true }).click();
      await expect
        .poll(() => page.getByTestId("your-standing").textContent())
        .toContain("You are registered.");
      players.push(page);
    }
    // The start takes both to their table; the director stops the clock at once.
    await startTournamentNow(id, startsAt);
    for (const page of players) await page.waitForURL(/\/table\//, { timeout: 40_000 });
    await call("admin.tournaments.pause", { id }, { token: adminToken });

    const admin = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await signInAsAdmin(admin);
    await admin.goto(`${webUrl()}/tournament/${id}`);
    // MT-4: the final table's seats may be redrawn once, from the seed committed at the opening.
    await admin.getByRole("button", { name: "Redraw the final table's seats" }).click();
    const redrawn = admin.getByTestId("redrawn").or(admin.getByRole("alert")).first();
    for (let i = 0; i < 20 && !(await admin.getByTestId("redrawn").isVisible()); i++) {
      // A hand dealt before the pause is played out first: whoever acts folds, and he tries again.
      await redrawn.waitFor();
      const before = await versionsOf(players);
      const turn = await actor(players);
      if (turn)
        await turn
          .getByRole("button", { name: "Fold", exact: true })
          .click({ timeout: 2_000 })
          .catch(() => {});
      // Only after a refusal: a redraw under way (or made) takes the button away.
      const again = admin.getByRole("button", { name: "Redraw the final table's seats" });
      const retried =
        (await admin.getByRole("alert").isVisible()) && (await retry(again, "redrawFinalTable"));
      // Then wait for what may change the answer: the redraw made, or the hand moved on (or,
      // when he did not try, a refusal to try again after).
      await expect
        .poll(
          async () =>
            (await admin.getByTestId("redrawn").isVisible()) ||
            (await versionsOf(players)).some((v, j) => v !== before[j]) ||
            (!retried && (await admin.getByRole("alert").isVisible())),
          { timeout: 20_000 },
        )
        .toBe(true);
    }
    expect(await admin.getByTestId("redrawn").textContent()).toContain(
      "redrawn from the committed seed",
    );
    // The redraw's seed is shown now (the page polls), and it matches its commitment.
    await expect
      .poll(() => admin.getByTestId("draw-final-table").getAttribute("data-status"))
      .toBe("verified");
    await admin.getByRole("button", { name: "Offer a deal…" }).click();
    const offer = admin.getByTestId("deal-offer");
    // A hand dealt before the pause is played out first (whoever acts folds); until it is
    // over the preview says a hand is in progress, and the director tries again.
    const deadline = Date.now() + 45_000;
    while ((await offer.getByTestId("deal-shares").count()) < 2) {
      if (Date.now() > deadline) throw new Error("the deal was never worked out");
      const before = await versionsOf(players);
      const turn = await actor(players);
      if (turn)
        await turn
          .getByRole("button", { name: "Fold", exact: true })
          .click({ timeout: 2_000 })
          .catch(() => {});
      const again = offer.getByRole("button", { name: "Try again" });
      const retried = (await again.isVisible()) && (await retry(again, "dealPreview"));
      await expect
        .poll(
          async () =>
            (await offer.getByTestId("deal-shares").count()) >= 2 ||
            (await versionsOf(players)).some((v, j) => v !== before[j]) ||
            (!retried && (await again.isVisible())),
          { timeout: 20_000 },
        )
        .toBe(true);
    }
    // Both methods share exactly the 200 in the pool between the two players.
    for (const table of await offer.getByTestId("deal-shares").all()) {
      const rows = await table.locator("tbody tr").allTextContents();
      expect(rows).toHaveLength(2);
      const pays = await table.locator("tbody tr td:nth-child(3)").allTextContents();
      expect(pays.reduce((sum, text) => sum + Number(text.replace(/\D/g, "")), 0)).toBe(200);
    }
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.screenshot({ path: path.join(ARTIFACTS, "deal-director.png"), fullPage: true });
    await offer.getByRole("button", { name: "Propose the ICM deal" }).click();
    await admin.getByRole("button", { name: "Withdraw the deal" }).waitFor();

    // Each player sees the deal above his table and answers it there.
    const [first, second] = players as [(typeof players)[0], (typeof players)[0]];
    const panel = first.getByTestId("deal-panel");
    await panel.waitFor({ timeout: 10_000 });
    expect(await panel.textContent()).toContain("A deal is proposed (ICM)");
    await first.screenshot({ path: path.join(ARTIFACTS, "deal-table.png"), fullPage: true });
    await panel.getByRole("button", { name: "Accept the deal" }).click();
    await expect.poll(() => panel.textContent()).toContain("Accepted");
    expect(await panel.getByRole("button", { name: "Accept the deal" }).count()).toBe(0);
    await second.getByTestId("deal-panel").getByRole("button", { name: "Accept the deal" }).click();

    // Everyone accepted: the tournament is over and each is paid his share.
    for (const page of players)
      await expect
        .poll(() => page.getByTestId("tournament-result").textContent(), { timeout: 15_000 })
        .toMatch(/prize \d+/);
    await admin.reload();
    const standings = admin.getByTestId("final-standings");
    await standings.waitFor();
    const prizes = await standings.locator("tbody tr td:nth-child(3)").allTextContents();
    expect(prizes.reduce((sum, text) => sum + Number(text.replace(/\D/g, "")), 0)).toBe(200);
    for (const context of [first, second, admin]) await context.context().close();
  }, 150_000);

  it("the director's tools: time on the level, a move, a disqualification, and a cancel after the start split equally", async () => {
    const tag = Date.now().toString(36);
    const title = `Director ${tag}`;
    // A minute ahead; the clock is moved to it once the five have registered.
    const startsAt = (await serverNow()) + 60_000;
    const { id } = await call<{ id: string }>(
      "admin.tournaments.create",
      {
        name: title,
        startsAt,
        buyIn: 100,
        fee: 10,
        startingStack: 10_000,
        seatsPerTable: 3,
        template: "hyper",
        // The shortest clock and no bank: an absent player's first turn runs the whole
        // clock before he counts as sitting out (MT-6), and the move below waits for the
        // hand in play to end. Hyper's own 15 s + 30 s made that wait outlast the test.
        actionSeconds: 5,
        timeBankSeconds: 0,
        minEntrants: 2,
        payoutTableId,
      },
      { token: adminToken },
    );
    // Five absent players over the API: tables of 3 and 2.
    for (let i = 0; i < 5; i++) {
      const { token } = await call<{ token: string }>("auth.signUp", {
        email: `dir-${i}-${tag}@example.test`,
        password: "a long enough password",
        displayName: `Dir${i} ${tag}`,
        session: "token",
      });
      await call("tournaments.register", { id }, { token });
    }
    type View = {
      status: string;
      alive: number;
      clock: { remainingMs: number | null } | null;
      players: { playerId: string; name: string; tableNumber: number | null }[];
      tables: { number: number; players: number }[];
    };
    const view = () => call<View>("tournaments.get", { id }, { query: true });
    expect((await view()).status).toBe("registering");
    await startTournamentNow(id, startsAt);
    await expect.poll(async () => (await view()).status, { timeout: 40_000 }).toBe("running");

    const admin = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await signInAsAdmin(admin);
    await admin.goto(`${webUrl()}/tournament/${id}`);
    await admin.getByRole("button", { name: "Pause the clock" }).click();
    await admin.getByRole("button", { name: "Resume the clock" }).waitFor();

    await admin.getByRole("button", { name: "+5 min" }).click();
    await expect
      .poll(async () => (await view()).clock?.remainingMs ?? 0)
      .toBeGreaterThan(5 * 60_000);

    // Between hands (a hand begun before the pause plays on: each absent player's turn times out),
    // a player at the table of three moves to the table of two.
    const tools = admin.getByRole("group", { name: "A player" });
    const seated = await view();
    const [long, short] = [...seated.tables].sort((a, b) => b.players - a.players) as [
      View["tables"][0],
      View["tables"][0],
    ];
    expect([long.players, short.players]).toEqual([3, 2]);
    const mover = seated.players.find((p) => p.tableNumber === long.number) as View["players"][0];
    await tools.getByLabel("Player", { exact: true }).selectOption(mover.playerId);
    await tools.getByLabel("Move to").selectOption(String(short.number));
    const moved = tools.getByText(`${mover.name} was moved.`);
    // Refused while a hand is still under way (it leaves an error): the director tries again,
    // for as long as a loaded machine may take to finish that hand.
    let refusal = "";
    const alert = tools.getByRole("alert");
    // One try per poll; the poll ends when the move is made, and after 45 s it lets the
    // assertion below say why not.
    const tryToMove = async () => {
      // Wait for this click's own answer: the last click's refusal may still be on screen,
      // and a success takes its place.
      const answered = admin.waitForResponse((r) =>
        r.url().includes("admin.tournaments.movePlayer"),
      );
      await tools.getByRole("button", { name: "Move", exact: true }).click();
      await answered;
      await expect
        .poll(async () => (await moved.isVisible()) || (await alert.isVisible()))
        .toBe(true);
      if (await moved.isVisible()) return true;
      refusal = (await alert.textContent({ timeout: 1_000 }).catch(() => null)) ?? refusal;
      if (refusal.startsWith("In hand-for-hand")) {
        // MT-5: the tables stand at different points of a round; as a director would, let the
        // round finish (hands start only while the clock runs), then pause again.
        // The clock has to run for the round's hands to be played: at least three seconds of it.
        const left = (await view()).clock?.remainingMs ?? 0;
        await admin.getByRole("button", { name: "Resume the clock" }).click();
        await expect
          .poll(async () => (await view()).clock?.remainingMs ?? left, { timeout: 20_000 })
          .toBeLessThanOrEqual(left - 3_000);
        await admin.getByRole("button", { name: "Pause the clock" }).click();
        await admin.getByRole("button", { name: "Resume the clock" }).waitFor();
      }
      return moved.isVisible();
    };
    await expect
      .poll(tryToMove, { timeout: 45_000, interval: 1_000 })
      .toBe(true)
      .catch(() => {});
    expect(await moved.isVisible(), `the move was refused: ${refusal}`).toBe(true);
    expect((await view()).players.find((p) => p.playerId === mover.playerId)?.tableNumber).toBe(
      short.number,
    );

    // A disqualification needs a reason.
    const cheat = (await view()).players.find(
      (p) => p.playerId !== mover.playerId,
    ) as View["players"][0];
    await tools.getByLabel("Player", { exact: true }).selectOption(cheat.playerId);
    const dq = tools.getByRole("button", { name: "Disqualify" });
    expect(await dq.isDisabled()).toBe(true);
    await tools.getByLabel("Reason").fill("chip dumping");
    await dq.click();
    await tools.getByText(`${cheat.name} was disqualified; his chips left play.`).waitFor();
    expect((await view()).alive).toBe(4);
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.screenshot({ path: path.join(ARTIFACTS, "director-tools.png"), fullPage: true });

    // Cancel after the start: both splits are shown first; the equal split of the 500 pool.
    await admin.getByRole("button", { name: "Cancel the tournament…" }).click();
    const offer = admin.getByTestId("cancel-offer");
    await expect.poll(() => offer.getByTestId("deal-shares").count()).toBe(2);
    await offer.getByRole("button", { name: "Cancel and split equally" }).click();
    await admin.getByTestId("cancelled-reason").waitFor();
    expect(await admin.getByTestId("cancelled-reason").textContent()).toContain("after its start");
    const prizes = await admin
      .getByTestId("final-standings")
      .locator("tbody tr td:nth-child(3)")
      .allTextContents();
    const paid = prizes.map((text) => Number(text.replace(/\D/g, "")) || 0);
    expect(paid.reduce((a, b) => a + b, 0)).toBe(500);
    expect(paid.filter((n) => n === 125)).toHaveLength(4);
    await admin.context().close();
  }, 150_000);

  it("an admin schedules a tournament with the form, sees the API's field errors, and cancels it", async () => {
    const tag = Date.now().toString(36);
    const title = `Form Freezeout ${tag}`;
    const page = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await signInAsAdmin(page);

    // The defaults fill the form; a missing name and a table of 11 come back as field errors.
    await expect.poll(() => page.getByLabel("Structure").inputValue()).toBe("regular");
    expect(await page.getByText("200 big blinds deep").count()).toBe(1);
    await page.getByLabel("Players per table").fill("11");
    await page.getByRole("button", { name: "Schedule tournament" }).click();
    await expect
      .poll(() => page.getByTestId("error-tournament-name").textContent())
      .toBe("Tournament name must be at least 2 characters");
    expect(await page.getByTestId("error-tournament-seatsPerTable").textContent()).toBe(
      "Players per table must be at most 10",
    );

    await page.getByLabel("Tournament name").fill(title);
    await page.getByLabel("Players per table").fill("6");
    await page.getByLabel("Structure").selectOption("turbo");
    await page.getByLabel("Rebuys").check();
    await page.getByLabel("Payout table", { exact: true }).selectOption(payoutTableId);
    await page.getByRole("button", { name: "Schedule tournament" }).click();
    await page.getByText(`Scheduled “${title}”.`).waitFor();
    const row = page.getByTestId("admin-tournament-row").filter({ hasText: title });
    await row.waitFor();
    await page.screenshot({
      path: path.join(ARTIFACTS, "admin-tournament-form.png"),
      fullPage: true,
    });

    // Cancelling asks once more, then refunds and marks it cancelled.
    await row.getByRole("button", { name: `Cancel ${title}` }).click();
    await row.getByRole("button", { name: /Cancel and refund 0 entries/ }).click();
    await expect.poll(() => row.getByTestId("status-badge").textContent()).toBe("Cancelled");

    // Its page says so, with the reason.
    await row.getByRole("link", { name: title }).click();
    await expect
      .poll(() => page.getByTestId("cancelled-reason").textContent())
      .toContain("Cancelled by the organiser");
    expect(await page.getByText("10,000 chips for 100 + 10, through level 6").count()).toBe(1);
    // Everyone was refunded: no prizes are shown for it (issue 15, bug 11).
    expect(await page.getByRole("heading", { name: "Payouts" }).count()).toBe(0);
    expect(await page.getByTestId("payouts").count()).toBe(0);
  });

  it("an admin schedules a pot-limit Omaha tournament with its own clock and a Russian name; the Russian lobby shows them", async () => {
    const tag = Date.now().toString(36);
    const title = `PLO Deep ${tag}`;
    const titleRu = `Омаха ${tag}`;
    const admin = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await signInAsAdmin(admin);

    // The stake form on the same page has its own clock boxes: these are found by id.
    const form = admin.locator("form.tournament-form");
    const game = form.locator("#tournament-game");
    const actionSeconds = form.locator("#tournament-actionSeconds");
    await game.waitFor({ timeout: 20_000 });
    await form.getByLabel("Tournament name").fill(title);
    await game.selectOption("omaha-pl");
    await actionSeconds.fill("4");
    await form.locator("#tournament-timeBankSeconds").fill("90");
    await form.locator("#tournament-nameRu").fill(titleRu);
    await form.locator("#tournament-descriptionRu").fill("Глубокие стеки, пот-лимит.");
    await form.getByLabel("Payout table", { exact: true }).selectOption(payoutTableId);
    await form.getByRole("button", { name: "Schedule tournament" }).click();
    // Too short a clock comes back under its box, and nothing is scheduled.
    await expect
      .poll(() => admin.getByTestId("error-tournament-actionSeconds").textContent(), {
        timeout: 20_000,
      })
      .toBe("Time to act (s) must be at least 5");
    await actionSeconds.fill("45");
    await form.getByRole("button", { name: "Schedule tournament" }).click();
    await admin.getByText(`Scheduled “${title}”.`).waitFor({ timeout: 20_000 });
    await admin.context().close();

    // Stored as asked: the game, the clock, the Russian texts.
    const listed = (
      await call<
        {
          id: string;
          name: string;
          game: string;
          actionSeconds: number;
          timeBankSeconds: number;
          nameRu: string | null;
        }[]
      >("lobby.tournaments", null, { query: true })
    ).find((t) => t.name === title);
    expect(listed).toMatchObject({
      game: "omaha-pl",
      actionSeconds: 45,
      timeBankSeconds: 90,
      nameRu: titleRu,
    });

    // A Russian visitor's lobby lists it by its Russian name, with its game.
    const page = await (
      await browser.newContext({ viewport: { width: 1100, height: 900 }, locale: "ru-RU" })
    ).newPage();
    await page.goto(`${webUrl()}/`);
    await page.getByRole("tab", { name: "Турниры" }).click();
    const row = page.getByTestId("tournament-row").filter({ hasText: titleRu });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.getByTestId("tournament-game").textContent()).toBe("Омаха пот-лимит");
    expect(await row.textContent()).not.toContain(title);
    await page.screenshot({
      path: path.join(ARTIFACTS, "lobby-tournaments-ru.png"),
      fullPage: true,
    });

    // Its page: the Russian name and description, the game and the clock.
    await row.getByRole("link", { name: titleRu }).click();
    await page.waitForURL(new RegExp(`/tournament/${listed?.id}$`), { timeout: 20_000 });
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent(), { timeout: 20_000 })
      .toBe(titleRu);
    expect(await page.getByText("Глубокие стеки, пот-лимит.").count()).toBe(1);
    expect(await page.getByTestId("tournament-game").textContent()).toBe("Омаха пот-лимит");
    expect(await page.getByTestId("tournament-clock").textContent()).toBe(
      "45 с на ход, тайм-банк 90 с",
    );
    await page.screenshot({ path: path.join(ARTIFACTS, "tournament-ru.png"), fullPage: true });
    await page.context().close();
    await call("admin.tournaments.cancel", { id: listed?.id }, { token: adminToken });
  }, 120_000);
});
