import path from "node:path";
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../src/i18n/messages/en/table.json";
import ru from "../src/i18n/messages/ru/table.json";
import {
  ARTIFACTS,
  checkOrCall,
  launchChromium,
  openHoldemTable,
  sitDown,
  versionsOf,
  waitForNewState,
  webUrl,
} from "./browser";

type Tree = { [key: string]: string | Tree };

/** The words a catalogue's messages put on the page: their literal text, placeholders left out. */
function literals(tree: Tree, found = new Set<string>()): Set<string> {
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal) {
        for (const part of element.value.split(/[()·:;,.!?—–←…]/)) {
          const text = part.trim();
          // Card symbols, numbers and one- or two-letter marks ("D", "s") say nothing about the language.
          if ((text.match(/[A-Za-z]/g) ?? []).length >= 3) found.add(text);
        }
      } else if (element.type === TYPE.tag) walk(element.children);
      else if (element.type === TYPE.plural || element.type === TYPE.select)
        for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  for (const value of Object.values(tree)) {
    if (typeof value === "string") walk(parse(value));
    else literals(value, found);
  }
  return found;
}

const russianWords = literals(ru as Tree);
/** The English table catalogue's words that the Russian one does not share ("Felt"). */
const englishOnly = [...literals(en as Tree)].filter((text) => !russianWords.has(text));

/** The English words of the table catalogue visible on the page, as whole words. */
async function englishOnPage(page: Page): Promise<string[]> {
  // The text as rendered: hidden elements and attribute values are not what a player reads.
  // biome-ignore lint/performance/useDomNodeTextContent: visible text is the point here
  const text = await page.evaluate(() => document.body.innerText);
  return englishOnly.filter((words) => {
    const escaped = words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return new RegExp(`(?<![\\p{L}])${escaped}(?![\\p{L}])`, "u").test(text);
  });
}

/** A player signed up through the form by its fields, whatever language it is in. */
async function signUp(page: Page, name: string) {
  await page.goto(`${webUrl()}/sign-up`);
  await page.locator("#email").fill(`${name.toLowerCase().replace(/\W/g, "")}@example.test`);
  await page.locator("#displayName").fill(name);
  await page.locator("#password").fill("a long enough password");
  await page.locator("form button[type=submit]").click();
  await page.waitForURL(`${webUrl()}/`);
}

describe("browser: the table in Russian", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("two players with Russian browsers play a hand with the Russian table", async () => {
    expect(englishOnly.length).toBeGreaterThan(50);
    // Digits only: a base-36 tag can spell an English word between digits ("9ace2"), which the
    // check for English on the page would rightly find.
    const tag = `r${Date.now() % 1e8}`;
    const context = () =>
      browser.newContext({ viewport: { width: 1100, height: 900 }, locale: "ru-RU" });
    const ivan = await (await context()).newPage();
    const olga = await (await context()).newPage();
    await signUp(ivan, `Ivan ${tag}`);
    await signUp(olga, `Olga ${tag}`);
    // A table of its own: the lobby's test expects the seeded tables empty.
    const tableId = await openHoldemTable(`Volga ${tag}`);
    await sitDown(ivan, tableId, 100, ru);
    await sitDown(olga, tableId, 100, ru);

    for (const page of [ivan, olga]) {
      expect(await page.locator("html").getAttribute("lang")).toBe("ru");
      await expect
        .poll(() => page.getByTestId("hand-log").textContent(), { timeout: 20_000 })
        .toContain("Раздача №1");
      await expect.poll(() => page.title()).toContain("Холдем NL");
      const rules = await page.getByTestId("rules-link").getAttribute("href");
      expect(decodeURIComponent(rules ?? "")).toBe("/rules#техасский-холдем");
      expect(await page.getByRole("heading", { name: "История раздачи" }).count()).toBe(1);
      expect(
        await page.locator('.seat:not(.is-me) svg[aria-label="карта рубашкой вверх"]').count(),
      ).toBe(2);
    }

    // Pre-flop heads-up the small blind acts first: fold, call and raise, all in Russian.
    let actor: Page | null = null;
    await expect
      .poll(
        async () => {
          for (const page of [ivan, olga])
            if (await page.getByRole("button", { name: /^Колл \d/ }).isVisible()) actor = page;
          return actor !== null;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const first = actor as unknown as Page;
    await expect(
      first.getByRole("button", { name: "Фолд", exact: true }).isVisible(),
    ).resolves.toBe(true);
    expect(await first.getByRole("button", { name: /^(Рейз до|Олл-ин) \d/ }).count()).toBe(1);
    expect(await first.getByRole("button", { name: "½ банка" }).count()).toBe(1);
    expect(await first.title()).toMatch(/^Ваш ход · /);
    expect(await englishOnPage(first)).toEqual([]);
    await first.screenshot({ path: path.join(ARTIFACTS, "table-ru-action.png"), fullPage: true });

    const deadline = Date.now() + 45_000;
    while (Date.now() < deadline) {
      const before = await versionsOf([ivan, olga]);
      const log = (await ivan.getByTestId("hand-log").textContent()) ?? "";
      if (/выигрывает \d/.test(log)) break;
      (await checkOrCall(ivan, ru)) || (await checkOrCall(olga, ru));
      await waitForNewState([ivan, olga], before);
    }
    for (const page of [ivan, olga]) {
      await expect.poll(() => page.getByTestId("hand-log").textContent()).toMatch(/выигрывает \d/);
      const log = (await page.getByTestId("hand-log").textContent()) ?? "";
      expect(log).toMatch(/ставит малый блайнд \d/);
      expect(log).toMatch(/Флоп: /);
      expect(log).toMatch(/показывает /);
      await page.getByRole("button", { name: ru.fairness.check }).click();
      // Own 2 cards and the board's 5, and the other's 2 unless his beaten hand was mucked (S-2).
      const other = page === ivan ? `Olga ${tag}` : `Ivan ${tag}`;
      const seen = log.includes(`${other} сбрасывает карты не показывая`) ? 7 : 9;
      await expect
        .poll(() => page.getByTestId("fairness").textContent())
        .toContain(`${seen} видимых карт с доказательствами`);
      expect(await englishOnPage(page)).toEqual([]);
    }
    await ivan.screenshot({ path: path.join(ARTIFACTS, "table-ru-showdown.png"), fullPage: true });
  });
});
