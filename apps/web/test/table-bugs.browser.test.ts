/**
 * Issue 15's table bugs as a player sees them, one test each: the fixes have
 * unit tests; these check the page in a real browser, and each fails on the
 * old behaviour.
 */
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import common from "../src/i18n/messages/en/common.json";
import en from "../src/i18n/messages/en/table.json";
import commonRu from "../src/i18n/messages/ru/common.json";
import ru from "../src/i18n/messages/ru/table.json";
import { Bot } from "./bot";
import {
  ARTIFACTS,
  actor,
  call,
  launchChromium,
  openHoldemTable,
  signUp,
  sitDown,
  versionsOf,
  waitForActor,
  waitForNewState,
  webUrl,
} from "./browser";

/** A catalogue message with its placeholders filled ("Raise to {amount}" → "Raise to 4"). */
const fill = (message: string, values: Record<string, string | number>) =>
  message.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));

/** A log line's text before its ICU select ("{name} raises to {amount}{allIn, select, …}"). */
const upTo = (message: string, placeholder: string) =>
  message.split(`{${placeholder}`)[0] ?? message;

const barOf = (page: Page) => page.getByRole("group", { name: en.actions.label });

const logOf = async (page: Page) => (await page.getByTestId("hand-log").textContent()) ?? "";
const logLines = (page: Page) => page.getByTestId("hand-log").locator("li").allTextContents();
const walletOf = async (page: Page) =>
  Number((await page.getByTestId("balance").textContent())?.replace(/\D/g, ""));
const handStarted = (n: number) => fill(en.log.handStarted, { n });

describe("browser: issue 15's table bugs, as a player sees them", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const player = async (name: string) => {
    const page = await (
      await browser.newContext({ viewport: { width: 1100, height: 900 } })
    ).newPage();
    await signUp(page, name);
    return page;
  };

  it("bug 1: a hand log line keeps the name of who sat there then, after another takes the seat", async () => {
    const tag = `n${Date.now().toString(36)}`;
    const [aliceName, bobName, carolName] = [`Alice ${tag}`, `Bob ${tag}`, `Carol ${tag}`];
    const tableId = await openHoldemTable(`Names ${tag}`);
    const alice = await player(aliceName);
    const bob = await player(bobName);
    // Alice takes seat 1 (the first free one), Bob seat 2.
    await sitDown(alice, tableId, 100);
    await sitDown(bob, tableId, 100);
    const pages = [alice, bob];
    for (const page of pages)
      await expect.poll(() => logOf(page), { timeout: 20_000 }).toContain(handStarted(1));

    // Alice wins the first hand: she bets whenever she may, Bob folds to a bet.
    const aliceWins = `${aliceName} wins`;
    const deadline = Date.now() + 40_000;
    while (Date.now() < deadline) {
      const before = await versionsOf(pages);
      if ((await logOf(bob)).includes(aliceWins)) break;
      const page = await actor(pages);
      if (page) {
        const bar = barOf(page);
        const has = async (name: string) =>
          (await bar.getByRole("button", { name, exact: true }).count()) > 0;
        if (page === bob) await page.keyboard.press((await has(en.actions.fold)) ? "f" : "c");
        else await page.keyboard.press((await has(en.actions.check)) ? "r" : "c");
      }
      await waitForNewState(pages, before);
    }
    // In the second hand Alice leaves: she folds to a bet and goes at the hand's end; Bob bets.
    await expect.poll(() => logOf(alice), { timeout: 20_000 }).toContain(handStarted(2));
    await alice.getByRole("button", { name: en.controls.leave }).click();
    const leaves = fill(en.log.leaves, { name: aliceName, amount: "" }).trim();
    const gone = Date.now() + 20_000;
    while (Date.now() < gone) {
      const before = await versionsOf([bob]);
      if ((await logOf(bob)).includes(leaves)) break;
      if ((await actor(pages)) === bob) {
        const check = barOf(bob).getByRole("button", { name: en.actions.check, exact: true });
        await bob.keyboard.press((await check.count()) ? "r" : "c");
      }
      await waitForNewState([bob], before);
    }
    expect(await logOf(bob)).toContain(leaves);
    expect(await logOf(bob)).toContain(aliceWins);

    // Carol sits in the seat Alice left (seat 1, the first free one); a third hand starts.
    const carol = await player(carolName);
    await sitDown(carol, tableId, 100);
    await expect
      .poll(() => bob.getByTestId("seat-1").locator(".seat-name").textContent())
      .toBe(carolName);
    await expect.poll(() => logOf(bob), { timeout: 20_000 }).toContain(handStarted(3));

    // Bob's log of the first two hands still names Alice, never Carol.
    const lines = await logLines(bob);
    const sat = lines.findIndex((line) => line.startsWith(`${carolName} `));
    expect(sat).toBeGreaterThan(0);
    const before = lines.slice(0, sat);
    expect(before.some((line) => line.startsWith(aliceWins))).toBe(true);
    expect(before.some((line) => line.startsWith(leaves))).toBe(true);
    expect(before.filter((line) => line.includes(carolName))).toEqual([]);
    // The new hand's lines about seat 1 are Carol's.
    expect(lines.slice(sat).some((line) => line.startsWith(carolName))).toBe(true);
    await bob.screenshot({
      path: path.join(ARTIFACTS, "table-bug1-log-names.png"),
      fullPage: true,
    });
  }, 150_000);

  it("bug 2: a fixed-limit raise and a pot-limit pot raise are not called all-in with a deep stack", async () => {
    const tag = `a${Date.now().toString(36)}`;
    const alice = await player(`Alice ${tag}`);
    const bob = await player(`Bob ${tag}`);

    // Fixed limit 1/2, bets 2/4: preflop the raise is to 4, one amount, 100 behind.
    const limitTable = await openHoldemTable(`Limit ${tag}`, {
      game: "holdem",
      betting: "fixed-limit",
      smallBet: 2,
      bigBet: 4,
    });
    await sitDown(alice, limitTable, 100);
    await sitDown(bob, limitTable, 100);
    const limitActor = await waitForActor([alice, bob], 25_000);
    const limitBar = barOf(limitActor);
    const raise = limitBar.locator(".action-raise");
    await raise.waitFor();
    expect(await raise.textContent()).toContain(fill(en.actions.raiseTo, { amount: 4 }));
    expect(await limitBar.getByRole("button", { name: /^All-in/ }).count()).toBe(0);
    await limitActor.screenshot({ path: path.join(ARTIFACTS, "table-bug2-fixed-limit.png") });
    // Raising sends that raise, not the stack.
    await raise.click();
    const raiser = limitActor === alice ? `Alice ${tag}` : `Bob ${tag}`;
    const raised = fill(upTo(en.log.raises, "allIn"), { name: raiser, amount: 4 });
    await expect.poll(() => logLines(limitActor)).toContain(raised);

    // Pot-limit Omaha 1/2, 200 behind: the top preset is the pot (to 6), and it is no all-in.
    const omahaTable = await openHoldemTable(`PLO ${tag}`, { game: "omaha", betting: "pot-limit" });
    const [alice2, bob2] = [await alice.context().newPage(), await bob.context().newPage()];
    await sitDown(alice2, omahaTable, 200);
    await sitDown(bob2, omahaTable, 200);
    const omahaActor = await waitForActor([alice2, bob2], 25_000);
    const omahaBar = barOf(omahaActor);
    const presets = await omahaBar.locator(".preset").allTextContents();
    expect(presets.at(-1)).toContain(en.actions.presets.pot);
    expect(presets.some((p) => p.includes(en.actions.presets.allIn))).toBe(false);
    await omahaBar.getByRole("button", { name: en.actions.presets.pot, exact: true }).click();
    const potRaise = omahaBar.locator(".action-raise");
    await expect
      .poll(() => potRaise.textContent())
      .toContain(fill(en.actions.raiseTo, { amount: 6 }));
    expect(await omahaBar.getByRole("button", { name: /^All-in/ }).count()).toBe(0);
    await omahaActor.screenshot({ path: path.join(ARTIFACTS, "table-bug2-pot-limit.png") });
  }, 150_000);

  it("bug 9: the raise button shows the amount it sends, snapped into the legal range, not the typed one", async () => {
    const tag = `s${Date.now().toString(36)}`;
    const tableId = await openHoldemTable(`Snap ${tag}`);
    const alice = await player(`Alice ${tag}`);
    const bob = await player(`Bob ${tag}`);
    await sitDown(alice, tableId, 100);
    await sitDown(bob, tableId, 100);
    // Preflop the small blind (1 in, 99 behind) faces the big blind: raise to 4 … 100.
    const first = await waitForActor([alice, bob], 25_000);
    const bar = barOf(first);
    const amount = bar.getByLabel(en.actions.raiseAmountChips);
    const button = bar.locator(".action-raise");
    const says = () => button.textContent().then((text) => text?.replace(/\s*R$/, "") ?? "");

    await amount.fill("500");
    await expect.poll(says).toBe(fill(en.actions.allIn, { amount: 100 }));
    await first.screenshot({ path: path.join(ARTIFACTS, "table-bug9-above-stack.png") });
    for (const typed of ["-5", "3", "0"]) {
      await amount.fill(typed);
      await expect.poll(says).toBe(fill(en.actions.raiseTo, { amount: 4 }));
    }
    await first.screenshot({ path: path.join(ARTIFACTS, "table-bug9-below-minimum.png") });
    // What it says is what it sends: 500 typed is the stack, all-in.
    await amount.fill("500");
    await expect.poll(says).toBe(fill(en.actions.allIn, { amount: 100 }));
    await button.click();
    const name = first === alice ? `Alice ${tag}` : `Bob ${tag}`;
    const allIn = en.log.raises.match(/yes \{([^}]*)\}/)?.[1] ?? "";
    await expect
      .poll(() => logLines(first))
      .toContain(`${fill(upTo(en.log.raises, "allIn"), { name, amount: 100 })}${allIn}`);
  }, 120_000);

  it("bug 5: the 7–A deck and the wild joker are named in the lobby and at the table", async () => {
    const f = common.format;
    const drawName = fill(f.gameName, { betting: f.betting["fixed-limit"], game: f.games.draw });
    const names = {
      Ladoga: fill(f.gameWithOptions, { game: drawName, options: f.shortDeck }),
      Onega: fill(f.gameWithOptions, { game: drawName, options: f.wild.joker }),
    };
    const lobby = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    await lobby.goto(webUrl());
    await lobby.getByTestId("lobby-row").first().waitFor();
    for (const [table, game] of Object.entries(names)) {
      const row = lobby.getByTestId("lobby-row").filter({
        has: lobby.getByRole("link", { name: table, exact: true }),
      });
      expect(await row.getByRole("cell").nth(1).textContent()).toBe(game);
    }
    await lobby.screenshot({ path: path.join(ARTIFACTS, "lobby-bug5-deck-wild.png") });

    // At the table: its header (and the tab's title) once a hand is dealt.
    const tag = `w${Date.now().toString(36)}`;
    const alice = await player(`Alice ${tag}`);
    const bob = await player(`Bob ${tag}`);
    for (const [table, game] of Object.entries(names)) {
      const id = table.toLowerCase();
      const [a, b] = [await alice.context().newPage(), await bob.context().newPage()];
      await sitDown(a, id, 100);
      await sitDown(b, id, 100);
      const header = a.locator(".table-header");
      await expect.poll(() => header.textContent(), { timeout: 20_000 }).toContain(game);
      expect(await a.title()).toContain(`${table} · ${game}`);
      await a.screenshot({ path: path.join(ARTIFACTS, `table-bug5-${id}.png`) });
    }
  }, 150_000);

  it("bug 8: leaving a table (the cash-out) updates the header's wallet at once, without a reload", async () => {
    const tag = `c${Date.now().toString(36)}`;
    const tableId = await openHoldemTable(`Cash-out ${tag}`);
    const alice = await player(`Alice ${tag}`);
    await expect.poll(() => walletOf(alice)).toBeGreaterThan(100);
    const start = await walletOf(alice);
    // Alone at the table: no hand is dealt, so leaving cashes out at once.
    await sitDown(alice, tableId, 100);
    // The buy-in has just been fetched (the header refetches after a sit-down): the header's
    // next poll is 10 s away from here.
    await expect.poll(() => walletOf(alice), { timeout: 15_000 }).toBe(start - 100);
    await alice.getByRole("button", { name: en.controls.leave }).click();
    await alice.getByRole("button", { name: en.sitHere, exact: true }).first().waitFor();
    // Within 3 s: the header polls every 10 s, so this is the table's own update.
    await expect.poll(() => walletOf(alice), { timeout: 3_000 }).toBe(start);
    expect(await logOf(alice)).toContain(
      fill(en.log.leaves, { name: `Alice ${tag}`, amount: 100 }),
    );
    await alice.screenshot({ path: path.join(ARTIFACTS, "table-bug8-wallet-after-leave.png") });
  }, 90_000);
});

/**
 * Issue 48's bugs at the table, as a tester saw them in Chromium: each case
 * fails on the old page. Bots (over the API) do the playing a test only needs done.
 */
describe("browser: issue 48's table bugs", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const page = async (locale = "en-US", options: Record<string, unknown> = {}) =>
    (
      await browser.newContext({ viewport: { width: 1100, height: 900 }, locale, ...options })
    ).newPage();

  /** A player signed up over the API, seated with `stack` chips and playing through a bot. */
  const botAt = async (tableId: string, name: string, stack: number) => {
    const { token } = await call<{ token: string }>("auth.signUp", {
      email: `${name.toLowerCase().replace(/\W/g, "")}@example.test`,
      password: "a long enough password",
      displayName: name,
      session: "token",
    });
    await call(
      "cashier.buyIn",
      { tableId, amount: stack, idempotencyKey: crypto.randomUUID() },
      { token },
    );
    return { name, token, bot: await Bot.open(tableId, token) };
  };

  const gameName = (words: typeof common, betting: keyof typeof common.format.betting) =>
    fill(words.format.gameName, {
      game: words.format.games.holdem,
      betting: words.format.betting[betting],
    });

  it("bug 8: before the first hand the header names the table, its game and stakes; bug 16: a limit table shows its bet sizes (2/4)", async () => {
    const tag = `h${Date.now().toString(36)}`;
    const noLimit = await openHoldemTable(`Header ${tag}`);
    const limit = await openHoldemTable(`Limit ${tag}`, {
      betting: "fixed-limit",
      smallBet: 2,
      bigBet: 4,
    });
    for (const [locale, words] of [
      ["en-US", common],
      ["ru-RU", commonRu],
    ] as const) {
      const p = await page(locale);
      await p.goto(`${webUrl()}/table/${noLimit}`);
      await expect.poll(() => p.getByTestId("table-name").textContent()).toBe(`Header ${tag}`);
      expect(await p.getByTestId("table-stakes").textContent()).toBe(
        `${gameName(words, "no-limit")} · 1/2`,
      );
      await p.screenshot({ path: path.join(ARTIFACTS, `table-header-${locale}.png`) });
      await p.goto(`${webUrl()}/table/${limit}`);
      await expect.poll(() => p.getByTestId("table-name").textContent()).toBe(`Limit ${tag}`);
      // Blinds of 1/2: the small and big bets are 2 and 4.
      expect(await p.getByTestId("table-stakes").textContent()).toBe(
        `${gameName(words, "fixed-limit")} · 2/4`,
      );
      await p.context().close();
    }
  });

  it("bug 15: a busted seat says it has no chips, not 'sitting out' beside ALL-IN; bug 11: after everyone left, the log still names the players", async () => {
    const tag = `b${Date.now().toString(36)}`;
    const tableId = await openHoldemTable(`Bust ${tag}`);
    const watchers = [await page("en-US"), await page("ru-RU")];
    for (const w of watchers) {
      await w.goto(`${webUrl()}/table/${tableId}`);
      await w.getByTestId("table-state").waitFor();
    }
    // Two players with the least buy-in shove every hand until one of them is out of chips.
    const players = [
      await botAt(tableId, `Ann ${tag}`, 40),
      await botAt(tableId, `Ben ${tag}`, 40),
    ];
    const bustedSeat = () => {
      const view = players[0]?.bot.latest?.view;
      if (view?.hand?.phase !== "complete") return null;
      return view.seats.find((s) => s?.stack === 0 && s.status === "sittingOut")?.seat ?? null;
    };
    await expect
      .poll(
        () => {
          for (const p of players) p.bot.shove();
          return bustedSeat();
        },
        { timeout: 60_000, interval: 250 },
      )
      .not.toBeNull();
    const seat = bustedSeat() as number;
    for (const [w, words] of [
      [watchers[0], en],
      [watchers[1], ru],
    ] as const) {
      const busted = w?.getByTestId(`seat-${seat}`);
      if (!w || !busted) throw new Error("no watcher");
      // The seat's plate once the hand's end reached this page (no longer a chip count).
      const stack = w.getByTestId(`stack-${seat}`);
      await expect.poll(() => stack.textContent()).not.toMatch(/^\d/);
      // Soft, so that the log's check below runs whatever these find.
      expect.soft(await stack.textContent()).toBe(words.seat.busted);
      expect.soft(await busted.getByText(words.seat.allIn, { exact: true }).count()).toBe(0);
      expect.soft(await busted.getByText(words.seat.sittingOut, { exact: true }).count()).toBe(0);
    }
    await watchers[0]?.screenshot({ path: path.join(ARTIFACTS, "table-busted-seat.png") });

    // Both leave; a page opened now reads the last hand's log with their names, not "Seat N".
    for (const p of players) {
      await call(
        "cashier.cashOut",
        { tableId, idempotencyKey: crypto.randomUUID() },
        { token: p.token },
      );
      p.bot.close();
    }
    const late = await page();
    await late.goto(`${webUrl()}/table/${tableId}`);
    await expect
      .poll(() => late.getByRole("button", { name: en.sitHere, exact: true }).count())
      .toBe(6);
    await expect
      .poll(() => logOf(late))
      .toContain(fill(en.log.leaves, { name: `Ann ${tag}`, amount: "" }).trim());
    const lines = await logLines(late);
    expect(lines.some((line) => line.startsWith(`Ben ${tag}`))).toBe(true);
    expect(lines.filter((line) => /Seat \d/.test(line))).toEqual([]);
    await late.screenshot({ path: path.join(ARTIFACTS, "table-log-after-all-left.png") });
  }, 120_000);

  it("bug 14: a touch screen shows no keyboard badges on the action buttons", async () => {
    const tag = `t${Date.now().toString(36)}`;
    const tableId = await openHoldemTable(`Touch ${tag}`);
    const phone = await page("en-US", {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    expect(
      await phone.evaluate(() => window.matchMedia("(hover: none), (pointer: coarse)").matches),
    ).toBe(true);
    await signUp(phone, `Tess ${tag}`);
    await sitDown(phone, tableId, 100);
    const other = await botAt(tableId, `Bot ${tag}`, 100);
    // The bot checks or calls; the phone's turn comes.
    const bar = barOf(phone);
    await expect
      .poll(
        async () => {
          passive(other.bot);
          return bar.isVisible();
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(true);
    expect(await bar.getByRole("button").count()).toBeGreaterThan(1);
    expect(await bar.locator(".shortcut").count()).toBeGreaterThan(0);
    const shown = await bar
      .locator(".shortcut")
      .evaluateAll((nodes) => nodes.filter((n) => (n as HTMLElement).offsetParent !== null).length);
    expect(shown).toBe(0);
    await phone.screenshot({ path: path.join(ARTIFACTS, "table-touch-no-badges.png") });
    other.bot.close();
  });
});

/** Checks or calls when it is the bot's turn (never bets). */
function passive(bot: Bot) {
  const legal = bot.latest?.view.hand?.legalActions;
  if (!legal) return;
  bot.act(legal.check ? { type: "check" } : legal.call ? { type: "call" } : { type: "fold" });
}
