/**
 * Issue 48, "a felt that shows what happened": the bets in front of the seats
 * and the pot, the result banner in English and Russian, the chosen avatar on
 * the seat, the remembered mute button, and no motion for a viewer who asked
 * for less. Alice plays in English at 1366×900; Boris in Russian at 390×844,
 * with reduced motion, at a 10-seat table.
 */
import path from "node:path";
import { AVATARS } from "@felt/protocol";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../src/i18n/messages/en/table.json";
import ru from "../src/i18n/messages/ru/table.json";
import {
  ARTIFACTS,
  call,
  checkOrCall,
  launchChromium,
  openHoldemTable,
  seriousViolations,
  signUp,
  sitDown,
  versionsOf,
  waitForNewState,
  webUrl,
} from "./browser";

/** The texts of the bets on the felt, by seat. */
const betsOf = (page: Page) =>
  page
    .locator('.felt-bet [data-testid^="bet-"]')
    .evaluateAll((spans) =>
      Object.fromEntries(spans.map((s) => [s.getAttribute("data-testid"), s.textContent])),
    );
const bannerOf = (page: Page) => page.getByTestId("winner-banner").textContent();
type Box = { x: number; y: number; width: number; height: number };
const centre = (box: Box | null) => {
  if (!box) throw new Error("not on the page");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};
/** The blinds, whichever seat has the button: 1 and 2 in front of seats 1 and 2. */
const blinds = async (page: Page) => {
  const bets = await betsOf(page);
  return [Object.keys(bets).sort(), Object.values(bets).sort()];
};
/** Any of a catalogue's hand categories, for a regular expression. */
const categories = (words: typeof en) =>
  Object.values(words.log.categories)
    .map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("|");

describe("browser: the felt shows what happened", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("bets in front of the seats, the pot, the winner in both languages, the avatar, no motion when reduced, axe clean", async () => {
    const tag = `f${Date.now() % 1e8}`;
    const alice = await (
      await browser.newContext({ viewport: { width: 1366, height: 900 } })
    ).newPage();
    const russian = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: "ru-RU",
      reducedMotion: "reduce",
    });
    const boris = await russian.newPage();
    // signUp fills the English form; then Boris's browser speaks Russian again.
    const language = (value: string) => ({ name: "felt-locale", value, url: webUrl() });
    await russian.addCookies([language("en")]);
    await signUp(alice, `Alice ${tag}`);
    await signUp(boris, `Boris ${tag}`);
    await russian.addCookies([language("ru")]);

    // Alice picks the crown on her account page.
    await alice.goto(`${webUrl()}/account`);
    await alice.getByRole("radio", { name: "Crown" }).check();
    await alice.getByRole("button", { name: "Save avatar" }).click();
    await alice.locator('.account svg[data-avatar="crown"]').waitFor();

    const tableId = await openHoldemTable(`Felt ${tag}`, { seats: 10 });
    await sitDown(alice, tableId, 100);
    await sitDown(boris, tableId, 100, ru);

    // Her avatar is on her seat, for Boris too.
    await boris.locator('[data-testid="seat-1"] svg[data-avatar="crown"]').waitFor();
    expect(await alice.locator('[data-testid="seat-2"] svg[data-avatar]').count()).toBe(0);

    // The blinds lie on the felt in front of their seats; the pot counts them.
    const posted = [
      ["bet-1", "bet-2"],
      ["1", "2"],
    ];
    await expect.poll(() => blinds(alice), { timeout: 20_000 }).toEqual(posted);
    await expect.poll(() => blinds(boris)).toEqual(posted);
    await alice.screenshot({ path: path.join(ARTIFACTS, "felt-blinds-1366.png") });
    await boris.screenshot({ path: path.join(ARTIFACTS, "felt-blinds-390-ru.png") });
    await expect.poll(() => alice.getByTestId("pots").textContent()).toBe("Pot 3");
    await expect.poll(() => boris.getByTestId("pots").textContent()).toBe("Банк 3");
    for (const page of [alice, boris]) {
      const felt = centre(await page.getByTestId("table-state").boundingBox());
      for (const seat of [1, 2]) {
        const bet = centre(
          await page
            .locator(".felt-bet")
            .filter({ has: page.getByTestId(`bet-${seat}`) })
            .boundingBox(),
        );
        const plate = centre(await page.getByTestId(`seat-${seat}`).boundingBox());
        // Between the seat and the middle: nearer the middle than the seat is, on the same side.
        expect(Math.hypot(bet.x - felt.x, bet.y - felt.y)).toBeLessThan(
          Math.hypot(plate.x - felt.x, plate.y - felt.y),
        );
        expect(Math.sign(Math.round(bet.y - felt.y))).toBe(Math.sign(Math.round(plate.y - felt.y)));
      }
    }
    // Ten seats fit the phone's width.
    expect(await boris.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    // Motion: Alice's cards are dealt with it; Boris asked for none, and nothing moves for him.
    expect(
      await alice
        .locator(".felt-oval .playing-card")
        .first()
        .evaluate((c) => getComputedStyle(c).animationName),
    ).toBe("felt-deal");
    expect(
      await boris
        .locator(".felt-oval .playing-card")
        .first()
        .evaluate((c) => getComputedStyle(c).animationName),
    ).toBe("none");

    // Pre-flop: the button (small blind) calls and the big blind checks; the bets go to the pot.
    const deadline = Date.now() + 60_000;
    while (
      Date.now() < deadline &&
      (await alice.locator('[data-testid="board"] svg').count()) < 3
    ) {
      const before = await versionsOf([alice, boris]);
      (await checkOrCall(alice)) || (await checkOrCall(boris, ru));
      await waitForNewState([alice, boris], before);
    }
    await expect.poll(() => betsOf(alice)).toEqual({});
    await expect.poll(() => alice.getByTestId("pots").textContent()).toBe("Pot 4");
    await expect.poll(() => boris.getByTestId("pots").textContent()).toBe("Банк 4");
    // For Boris nothing flew to the pot and nothing is running.
    expect(await boris.getByTestId("chip-flight").count()).toBe(0);
    expect(await boris.evaluate(() => document.getAnimations().length)).toBe(0);

    // Checked down to the showdown: the banner says who won how much, with what, in each language.
    while (Date.now() < deadline && !(await bannerOf(alice))) {
      const before = await versionsOf([alice, boris]);
      (await checkOrCall(alice)) || (await checkOrCall(boris, ru));
      await waitForNewState([alice, boris], before);
    }
    const names = `(Alice ${tag}|Boris ${tag})`;
    const both = `(Alice ${tag} and Boris ${tag}|Boris ${tag} and Alice ${tag})`;
    const bothRu = `(Alice ${tag} и Boris ${tag}|Boris ${tag} и Alice ${tag})`;
    await expect
      .poll(() => bannerOf(alice))
      .toMatch(
        new RegExp(
          `^(${names} wins 4 with (${categories(en)})|${both} split 4 with (${categories(en)}))$`,
        ),
      );
    await expect
      .poll(() => bannerOf(boris))
      .toMatch(
        new RegExp(
          `^(${names} выигрывает 4: (${categories(ru)})|${bothRu} делят 4: (${categories(ru)}))$`,
        ),
      );
    // The banner agrees with the hand log's line.
    const winner = (await bannerOf(alice))?.match(/^(Alice|Boris) /)?.[1];
    if (winner)
      expect(await alice.getByTestId("hand-log").textContent()).toContain(
        `${winner} ${tag} wins 4 from the pot`,
      );
    expect(await boris.getByTestId("chip-flight").count()).toBe(0);
    expect(await boris.evaluate(() => document.getAnimations().length)).toBe(0);

    await alice.screenshot({ path: path.join(ARTIFACTS, "felt-result-1366.png") });
    await boris.screenshot({
      path: path.join(ARTIFACTS, "felt-result-390-ru.png"),
      fullPage: true,
    });
    expect(await seriousViolations(alice)).toEqual([]);
    expect(await seriousViolations(boris)).toEqual([]);
  }, 180_000);

  it("ten players fit the felt at 390×844 and 1366×900: no seat covers another, every bet lies on the felt", async () => {
    const tag = `t${Date.now() % 1e8}`;
    const tableId = await openHoldemTable(`Ten ${tag}`, { seats: 10 });
    const avatars = AVATARS.slice(0, 10);
    for (const [i, avatar] of avatars.entries()) {
      const { token } = await call<{ token: string }>("auth.signUp", {
        email: `p${i}${tag}@example.test`,
        displayName: `Player${i} ${tag}`,
        password: "a long enough password",
        session: "token",
      });
      await call("account.setAvatar", { avatar }, { token });
      await call(
        "cashier.buyIn",
        { tableId, amount: 100, idempotencyKey: crypto.randomUUID() },
        { token },
      );
    }
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 900 },
    ]) {
      const page = await (await browser.newContext({ viewport })).newPage();
      await page.goto(`${webUrl()}/table/${tableId}`);
      // The blinds are on the felt: the first hand is dealt.
      await expect.poll(() => page.locator(".felt-bet").count(), { timeout: 20_000 }).toBe(2);
      await expect.poll(() => page.locator(".seat svg[data-avatar]").count()).toBe(10);
      const boxes = await page.locator(".seat").evaluateAll((seats) =>
        seats.map((s) => {
          const r = s.querySelector(".seat-plate")?.getBoundingClientRect();
          return r ? { left: r.left, right: r.right, top: r.top, bottom: r.bottom } : null;
        }),
      );
      const plates = boxes.filter((b) => b !== null);
      expect(plates).toHaveLength(10);
      for (const [i, a] of plates.entries()) {
        expect(a.left).toBeGreaterThanOrEqual(0);
        expect(a.right).toBeLessThanOrEqual(viewport.width);
        for (const b of plates.slice(i + 1)) {
          const apart =
            a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
          expect(apart, `seat plates ${JSON.stringify(a)} and ${JSON.stringify(b)} overlap`).toBe(
            true,
          );
        }
      }
      const felt = await page.getByTestId("table-state").boundingBox();
      for (const bet of await page.locator(".felt-bet").all()) {
        const box = await bet.boundingBox();
        if (!felt || !box) throw new Error("not on the page");
        expect(box.x).toBeGreaterThanOrEqual(felt.x);
        expect(box.x + box.width).toBeLessThanOrEqual(felt.x + felt.width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await page.screenshot({
        path: path.join(ARTIFACTS, `felt-ten-seats-${viewport.width}.png`),
        fullPage: true,
      });
      expect(await seriousViolations(page)).toEqual([]);
    }
  }, 180_000);

  it("the mute button works from the keyboard and is remembered after a reload", async () => {
    const tag = `m${Date.now() % 1e8}`;
    const page = await (
      await browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage();
    await signUp(page, `Mia ${tag}`);
    const tableId = await openHoldemTable(`Mute ${tag}`);
    await sitDown(page, tableId, 100);
    const toggle = page.getByRole("button", { name: en.sounds.mute });
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
    expect(await page.evaluate(() => localStorage.getItem("felt.muted"))).toBe("on");

    await page.reload();
    await page.getByRole("button", { name: en.controls.leave }).waitFor();
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
    await toggle.press("Space");
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("false");
    expect(await seriousViolations(page)).toEqual([]);
  }, 120_000);
});
