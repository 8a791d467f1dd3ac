import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTIFACTS, launchChromium, signInAsAdmin } from "./browser";

describe("browser: admin payout tables", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("an admin creates a payout table, sees the API's errors per range, edits and deletes it", async () => {
    const name = `Weekly ${Date.now().toString(36)}`;
    const renamed = `${name} deep`;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInAsAdmin(page);

    const rows = page.getByTestId("payout-row");
    const summary = (tableName: string) =>
      rows.filter({ hasText: tableName }).locator(".payout-summary").textContent();
    // The seed's table, with the last range open-ended.
    await expect
      .poll(() => summary("Standard"))
      .toBe(
        "2–6: 100 · 7–18: 65/35 · 19–30: 50/30/20 · 31–60: 40/25/15/12/8 · 61+: 30/20/14/10/8/6/5/4/3",
      );

    // Two ranges; the second starts right after the first, and its places add up to 90.
    const form = page.getByTestId("payout-form");
    const ranges = form.getByTestId("payout-range");
    await form.getByLabel("Payout name").fill(name);
    const first = ranges.nth(0);
    expect(await first.getByLabel("Min entrants").inputValue()).toBe("2");
    expect(await first.getByLabel("1st place %").inputValue()).toBe("100");
    await first.getByLabel("Max entrants").fill("9");
    await form.getByRole("button", { name: "Add range" }).click();
    const second = ranges.nth(1);
    expect(await second.getByLabel("Min entrants").inputValue()).toBe("10");
    await second.getByLabel("Max entrants").fill("30");
    await second.getByLabel("1st place %").fill("60");
    await second.getByRole("button", { name: "Add place" }).click();
    await second.getByLabel("2nd place %").fill("30");
    expect(await second.getByTestId("payout-total").textContent()).toBe(
      "Adds up to 90 % (needs 100)",
    );
    expect(await first.getByTestId("payout-total").textContent()).toBe("Adds up to 100 %");

    await form.getByRole("button", { name: "Create payout table" }).click();
    await expect
      .poll(() => second.getByTestId("payout-range-error").textContent())
      .toBe("Places must add up to 100 (they add up to 90)");
    expect(await first.getByTestId("payout-range-error").count()).toBe(0);
    expect(await rows.filter({ hasText: name }).count()).toBe(0);
    await form.screenshot({ path: path.join(ARTIFACTS, "admin-payout-validation.png") });

    await second.getByLabel("2nd place %").fill("40");
    expect(await second.getByTestId("payout-total").textContent()).toBe("Adds up to 100 %");
    await form.getByRole("button", { name: "Create payout table" }).click();
    await page.getByText(`Saved “${name}”.`).waitFor();
    await expect.poll(() => summary(name)).toBe("2–9: 100 · 10–30: 60/40");
    // The form is empty again, and the tournament form offers the new table.
    expect(await form.getByLabel("Payout name").inputValue()).toBe("");
    expect(await ranges.count()).toBe(1);
    await expect
      .poll(() =>
        page.getByLabel("Payout table", { exact: true }).locator("option").allTextContents(),
      )
      .toContain(name);

    await page.locator("#payouts").screenshot({ path: path.join(ARTIFACTS, "admin-payouts.png") });

    // Edit, on a phone: the form fills in and takes the focus, which brings it into view.
    await page.setViewportSize({ width: 390, height: 844 });
    await rows
      .filter({ hasText: name })
      .getByRole("button", { name: `Edit ${name}` })
      .click();
    await expect.poll(() => form.getByLabel("Payout name").inputValue()).toBe(name);
    expect(await form.getByRole("heading").textContent()).toBe(`Edit “${name}”`);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("payout-name");
    expect(await form.getByRole("status").count()).toBe(0);
    // Scrolled into view: the field's middle is on the screen (the browser may scroll a pixel past its top).
    const nameBox = await form.getByLabel("Payout name").boundingBox();
    const middle = (nameBox?.y ?? -1) + (nameBox?.height ?? 0) / 2;
    expect(middle).toBeGreaterThan(0);
    expect(middle).toBeLessThan(844);

    // Rename, open the last range to any field size, and pay a third place there.
    await form.getByLabel("Payout name").fill(renamed);
    await second.getByLabel("Max entrants").fill("100000");
    await second.getByLabel("2nd place %").fill("30");
    await second.getByRole("button", { name: "Add place" }).click();
    await second.getByLabel("3rd place %").fill("10");
    expect(await second.getByTestId("payout-total").textContent()).toBe("Adds up to 100 %");
    // Nothing runs off the side of the screen.
    const box = await page.locator("#payouts").boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await form.screenshot({ path: path.join(ARTIFACTS, "admin-payouts-phone.png") });

    await form.getByRole("button", { name: "Save payout table" }).click();
    await page.getByText(`Saved “${renamed}”.`).waitFor();
    await expect.poll(() => summary(renamed)).toBe("2–9: 100 · 10+: 60/30/10");
    expect(await form.getByRole("heading").textContent()).toBe("New payout table");

    // Delete asks first; "Keep it" keeps it, "Yes, delete" deletes it. The seed's table stays.
    const row = rows.filter({ hasText: renamed });
    await row.getByRole("button", { name: `Delete ${renamed}` }).click();
    await row.getByText(`Delete “${renamed}”?`).waitFor();
    await row.getByRole("button", { name: "Keep it" }).click();
    await row.getByRole("button", { name: `Delete ${renamed}` }).click();
    await row.getByRole("button", { name: "Yes, delete" }).click();
    await expect.poll(() => rows.filter({ hasText: name }).count()).toBe(0);
    expect(await rows.filter({ hasText: "Standard" }).count()).toBe(1);
    await context.close();
  });
});
