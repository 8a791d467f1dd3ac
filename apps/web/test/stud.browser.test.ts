/**
 * Stud in Chromium (issue 45, docs/rules.md#stud): a seven-card stud hand from
 * the bring-in to the showdown seen by an English and a Russian player, and
 * full tables' cards on a phone (eight players at seven-card stud, ten at
 * five-card stud).
 */
import path from "node:path";
import { RANKS, SUITS } from "@felt/engine/cards";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import enReplayer from "../src/i18n/messages/en/replayer.json";
import en from "../src/i18n/messages/en/table.json";
import ruReplayer from "../src/i18n/messages/ru/replayer.json";
import ru from "../src/i18n/messages/ru/table.json";
import { Bot } from "./bot";
import {
  ARTIFACTS,
  actor,
  call,
  checkOrCall,
  launchChromium,
  openHoldemTable,
  seriousViolations,
  signUp,
  sitDown,
  type TableWords,
  versionsOf,
  waitForNewState,
  webUrl,
} from "./browser";

/** Fixed-limit seven-card stud: ante 1, bring-in 1 (the small blind), small bet 2, big bet 4. */
const STUD7 = {
  game: "stud7",
  betting: "fixed-limit",
  smallBlind: 1,
  bigBlind: 2,
  smallBet: 2,
  bigBet: 4,
  ante: 1,
  seats: 8,
};

/** A card's number as the engine counts it (`rank * 4 + suit`): ST-2's order, lowest first. */
const cardNumber = (code: string) =>
  RANKS.indexOf(code[0] as string) * 4 + SUITS.indexOf(code[1] as string);

/** The card codes ("Ah") shown in a seat's row ("up" or "down"), as this page has them. */
const codesIn = (page: Page, row: "up" | "down", seat: number) =>
  page
    .getByTestId(`${row}-${seat}`)
    .locator("svg[data-card]")
    .evaluateAll((cards) => cards.map((c) => c.getAttribute("data-card") ?? ""));

const mySeatOf = async (page: Page) =>
  Number((await page.locator(".seat.is-me").getAttribute("data-testid"))?.replace("seat-", ""));

/** The literal text of a message before its first placeholder ("Bring in {amount}" → "Bring in"). */
const lead = (message: string) => message.split("{")[0]?.trim() ?? message;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A player signed up through the form by its fields, whatever language it is in. */
async function signUpByFields(page: Page, name: string) {
  await page.goto(`${webUrl()}/sign-up`);
  await page.locator("#email").fill(`${name.toLowerCase().replace(/\W/g, "")}@example.test`);
  await page.locator("#displayName").fill(name);
  await page.locator("#password").fill("a long enough password");
  await page.locator("form button[type=submit]").click();
  await page.waitForURL(`${webUrl()}/`);
}

/** If it is this page's turn, call, check or (ST-2) post the bring-in; false otherwise. */
async function playOn(page: Page, words: TableWords): Promise<boolean> {
  if (await checkOrCall(page, words)) return true;
  const bringIn = page.getByRole("button", {
    name: new RegExp(`^${escapeRegExp(lead(words.actions.bringIn))} \\d`),
  });
  if (!(await bringIn.isVisible())) return false;
  try {
    await bringIn.click({ timeout: 1_000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * After a move (or none), wait until some page shows a newer table state than `before`, or,
 * when nothing was played, until one of the pages has its turn (its move was not yet on the
 * page when it was looked for).
 */
async function waitForMoveOrTurn(
  pages: Page[],
  before: (string | null)[],
  played: boolean,
  words: TableWords[] = pages.map(() => en),
) {
  const anyTurn = async () => {
    for (const [i, page] of pages.entries())
      if ((await actor([page], words[i])) !== null) return true;
    return false;
  };
  await expect
    .poll(
      async () =>
        (await versionsOf(pages)).some((version, i) => version !== before[i]) ||
        (!played && (await anyTurn())),
      { timeout: 30_000, message: "the table never moved on" },
    )
    .toBe(true);
}

describe("browser: seven-card stud", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("ST-1 ST-2 a hand from the bring-in to the showdown, in English and in Russian: own down cards face up, the other's hidden, up cards for both", async () => {
    const tag = `s${Date.now() % 1e8}`;
    const alice = await (
      await browser.newContext({ viewport: { width: 1100, height: 900 } })
    ).newPage();
    // Boris reads Russian, on a phone.
    const boris = await (
      await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "ru-RU" })
    ).newPage();
    await signUp(alice, `Alice ${tag}`);
    await signUpByFields(boris, `Boris ${tag}`);
    const tableId = await openHoldemTable(`Stud ${tag}`, STUD7);
    await sitDown(alice, tableId, 100);
    await sitDown(boris, tableId, 100, ru);
    const players = [
      { page: alice, words: en, replay: enReplayer, seat: await mySeatOf(alice) },
      { page: boris, words: ru, replay: ruReplayer, seat: await mySeatOf(boris) },
    ];
    const [a, b] = players as [(typeof players)[0], (typeof players)[0]];
    expect(a.seat).not.toBe(b.seat);
    expect(await boris.locator("html").getAttribute("lang")).toBe("ru");

    // S-2: both hands are shown at the end, so each sees the other's down cards then.
    for (const { page, words } of players) {
      const option = page.getByRole("checkbox", { name: words.options.showMyHand });
      await option.click();
      await expect.poll(() => option.isChecked(), { timeout: 10_000 }).toBe(true);
    }

    // ST-1 third street: two down cards and one up card each.
    for (const { page, seat } of players) {
      const other = seat === a.seat ? b.seat : a.seat;
      await expect.poll(() => codesIn(page, "down", seat), { timeout: 20_000 }).toHaveLength(2);
      await expect.poll(() => codesIn(page, "up", seat)).toHaveLength(1);
      await expect.poll(() => codesIn(page, "up", other)).toHaveLength(1);
      // The other's down cards are backs: two cards, no face in the page at all.
      expect(await page.getByTestId(`down-${other}`).locator("svg").count()).toBe(2);
      expect(await codesIn(page, "down", other)).toEqual([]);
    }
    // Nobody's down cards reach the other's page; the up cards are the same on both.
    for (const { page, seat } of players) {
      const other = (seat === a.seat ? b : a).page;
      for (const code of await codesIn(page, "down", seat))
        expect(await other.locator(`svg[data-card="${code}"]`).count()).toBe(0);
      expect(await codesIn(other, "up", seat)).toEqual(await codesIn(page, "up", seat));
    }

    // ST-2: the lower up card (suits break a tie) brings in, and both pages mark it.
    const upA = (await codesIn(alice, "up", a.seat))[0] as string;
    const upB = (await codesIn(alice, "up", b.seat))[0] as string;
    const [bringer, caller] = cardNumber(upA) < cardNumber(upB) ? [a, b] : [b, a];
    for (const { page, words } of players)
      await expect
        .poll(() => page.getByTestId(`bring-in-${bringer.seat}`).textContent())
        .toBe(words.seat.bringIn.replace("{amount}", "1"));
    const header = await alice.getByTestId("table-stakes").textContent();
    expect(header).toContain("2/4 · ante 1 · bring-in 1");
    expect(await boris.getByTestId("table-stakes").textContent()).toContain(
      "2/4 · анте 1 · бринг-ин 1",
    );

    // The Rules link goes to stud's section of /rules, in each language.
    expect(await alice.getByTestId("rules-link").getAttribute("href")).toBe("/rules#stud");
    expect(
      decodeURIComponent((await boris.getByTestId("rules-link").getAttribute("href")) ?? ""),
    ).toBe("/rules#стад");

    // The bring-in's turn: bring in or complete, no check and no fold (ST-2).
    const bp = bringer.page;
    const bringInButton = bp.getByRole("button", {
      name: new RegExp(
        `^${escapeRegExp(bringer.words.actions.bringIn.replace("{amount}", "1"))}\\b`,
      ),
    });
    await bringInButton.waitFor({ timeout: 15_000 });
    expect(
      await bp
        .getByRole("button", { name: bringer.words.actions.completeTo.replace("{amount}", "2") })
        .count(),
    ).toBe(1);
    for (const word of [bringer.words.actions.fold, bringer.words.actions.check])
      expect(await bp.getByRole("button", { name: word, exact: true }).count()).toBe(0);
    expect(await bringInButton.getAttribute("aria-keyshortcuts")).toBe("R");
    await bp.screenshot({ path: path.join(ARTIFACTS, "stud-bring-in.png"), fullPage: true });
    // From the keyboard: R posts the bring-in.
    const before = await versionsOf([alice, boris]);
    await bp.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await bp.keyboard.press("KeyR");
    await waitForNewState([alice, boris], before);

    // Over the bring-in: call it, or complete to the small bet.
    const cp = caller.page;
    const complete = cp.getByRole("button", {
      name: new RegExp(
        `^${escapeRegExp(caller.words.actions.completeTo.replace("{amount}", "2"))}\\b`,
      ),
    });
    await complete.waitFor({ timeout: 15_000 });
    expect(
      await cp
        .getByRole("button", {
          name: new RegExp(`^${escapeRegExp(lead(caller.words.actions.call))} 1`),
        })
        .count(),
    ).toBe(1);

    // Check and call down to the showdown; each round waits for the table's next state.
    const deadline = Date.now() + 90_000;
    const wins = /wins \d/;
    while (Date.now() < deadline) {
      const versions = await versionsOf([alice, boris]);
      if (wins.test((await alice.getByTestId("hand-log").textContent()) ?? "")) break;
      const played = (await playOn(alice, en)) || (await playOn(boris, ru));
      await waitForMoveOrTurn([alice, boris], versions, played, [en, ru]);
    }

    // ST-1 the showdown: seven cards each, three down and four up, every one face up now.
    for (const { page, words, seat } of players) {
      const other = seat === a.seat ? b.seat : a.seat;
      await expect
        .poll(() => page.getByTestId("hand-log").textContent())
        .toMatch(words === en ? wins : /выигрывает \d/);
      for (const s of [seat, other]) {
        await expect.poll(() => codesIn(page, "up", s)).toHaveLength(4);
        await expect.poll(() => codesIn(page, "down", s)).toHaveLength(3);
      }
      const log = (await page.getByTestId("hand-log").textContent()) ?? "";
      expect(log).toContain(words === en ? `brings in 1` : `бринг-ин 1`);
      expect(log).toContain(words === en ? "4th street face up: " : "4-я улица, в открытую: ");
      // A street's up cards in one line (the first street's too, between the down cards).
      expect(log).toMatch(
        words === en ? /3rd street face up: \S+ \S+ \S+, / : /3-я улица, в открытую: \S+ \S+ \S+, /,
      );
    }
    await alice.screenshot({ path: path.join(ARTIFACTS, "stud-showdown-en.png"), fullPage: true });
    await boris.screenshot({ path: path.join(ARTIFACTS, "stud-showdown-ru.png"), fullPage: true });
    expect(await seriousViolations(alice)).toEqual([]);
    expect(await seriousViolations(boris)).toEqual([]);

    // The replayer: the bring-in, and each player's down and up cards by street.
    for (const { page, words, replay } of players) {
      const link = page.getByRole("link", { name: words.log.replay.replace("{number}", "1") });
      await link.click();
      await page.getByTestId("replay-table").waitFor({ timeout: 20_000 });
      const actions = (await page.getByTestId("replay-actions").textContent()) ?? "";
      expect(actions).toContain(
        replay.actions.bringIn
          .replace("{name}", `${bringer.page === alice ? "Alice" : "Boris"} ${tag}`)
          .replace("{amount}", "1"),
      );
      expect(actions).toContain(replay.actions.dealStud);
      for (const street of [replay.streets.third, replay.streets.fourth])
        expect(actions).toContain(lead(replay.actions.upDealt.replace("{street}", street)));
      await page.getByRole("button", { name: replay.controls.last }).click();
      for (const player of [0, 1]) {
        await expect
          .poll(() => page.getByTestId(`replay-up-${player}`).locator("svg[data-card]").count())
          .toBe(4);
        expect(
          await page.getByTestId(`replay-down-${player}`).locator("svg[data-card]").count(),
        ).toBe(3);
      }
      await page.screenshot({
        path: path.join(ARTIFACTS, `stud-replay-${words === en ? "en" : "ru"}.png`),
        fullPage: true,
      });
    }
  }, 240_000);

  it.each([
    ["ST-1 seven-card stud", STUD7],
    ["ST-5 five-card stud", { ...STUD7, game: "stud5", seats: 10 }],
  ] as const)(
    "%s: a full table's up cards fit a phone (390×844), no seat's cards cover another seat",
    async (_, stake) => {
      const tag = `e${Date.now() % 1e8}`;
      const players = stake.seats;
      const tableId = await openHoldemTable(`Stud full ${tag}`, stake);
      const page = await (
        await browser.newContext({ viewport: { width: 390, height: 844 } })
      ).newPage();
      await signUp(page, `Vera ${tag}`);
      await sitDown(page, tableId, 100);
      const bots: Bot[] = [];
      for (let i = 0; i < players - 1; i++) {
        const { token } = await call<{ token: string }>("auth.signUp", {
          email: `stud${i}${tag}@example.test`,
          displayName: `Player${i} ${tag}`,
          password: "a long enough password",
          session: "token",
        });
        await call(
          "cashier.buyIn",
          { tableId, amount: 100, idempotencyKey: crypto.randomUUID() },
          { token },
        );
        const bot = await Bot.open(tableId, token);
        bot.callDown();
        bots.push(bot);
      }

      // Play along until a hand dealt to everyone has four up cards each (seven-card stud's sixth
      // street, five-card stud's fifth).
      const fourUpEach = async () =>
        (await page.locator(".seat.is-stud").count()) === players &&
        (await page
          .locator(".seat.is-stud .stud-up")
          .evaluateAll((rows) =>
            rows.every((row) => row.querySelectorAll("svg[data-card]").length === 4),
          ));
      const deadline = Date.now() + 150_000;
      while (Date.now() < deadline && !(await fourUpEach())) {
        const versions = await versionsOf([page]);
        await waitForMoveOrTurn([page], versions, await playOn(page, en));
      }
      expect(await fourUpEach()).toBe(true);
      const me = await mySeatOf(page);
      expect((await codesIn(page, "down", me)).length).toBeGreaterThanOrEqual(1);
      await page.screenshot({
        path: path.join(ARTIFACTS, `${stake.game}-${players}-players-390.png`),
        fullPage: true,
      });

      // Every seat's cards and plate lie on the page, and none covers another seat's.
      const seats = await page.locator(".seat.is-stud").evaluateAll((all) =>
        all.map((seat) =>
          [".stud-cards", ".seat-plate"].map((part) => {
            const r = seat.querySelector(part)?.getBoundingClientRect();
            return r ? { left: r.left, right: r.right, top: r.top, bottom: r.bottom } : null;
          }),
        ),
      );
      for (const [i, parts] of seats.entries()) {
        for (const box of parts) {
          expect(box).not.toBeNull();
          if (!box) continue;
          expect(box.left).toBeGreaterThanOrEqual(0);
          expect(box.right).toBeLessThanOrEqual(390);
          for (const other of seats.slice(i + 1).flat()) {
            if (!other) continue;
            const apart =
              box.right <= other.left ||
              other.right <= box.left ||
              box.bottom <= other.top ||
              other.bottom <= box.top;
            expect(apart, `${JSON.stringify(box)} covers ${JSON.stringify(other)}`).toBe(true);
          }
        }
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      expect(await seriousViolations(page)).toEqual([]);
      for (const bot of bots) bot.close();
    },
    240_000,
  );
});
