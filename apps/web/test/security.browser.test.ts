import type { Browser, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, openHoldemTable, signUp, sitDown, webUrl } from "./browser";

/** Every CSP violation and console error a page reports, from its first script on. */
async function watched(browser: Browser): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || /Content.Security.Policy/i.test(message.text())) {
      problems.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()} ${response.url()}`);
  });
  await page.exposeFunction("reportViolation", (text: string) => problems.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportViolation: (t: string) => void }).reportViolation(
        `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  return { page, problems };
}

function expectSecurityHeaders(response: Response | null) {
  const headers = response?.headers() ?? {};
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
  expect(csp).not.toContain("unsafe-inline");
  expect(csp).not.toContain("unsafe-eval");
  for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"]) {
    expect(csp).toContain(directive);
  }
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("no-referrer");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["x-frame-options"]).toBe("DENY");
  return csp;
}

describe("browser: security headers, and the pages work under the CSP", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the lobby and a live table run under a strict nonce CSP with no violation", async () => {
    const { page, problems } = await watched(browser);
    const lobby = await page.goto(webUrl());
    const first = expectSecurityHeaders(lobby);
    await page.getByTestId("lobby-row").first().waitFor();
    // Next's own scripts carry this response's nonce (the DOM hides it from attributes).
    const nonces = await page.evaluate(() =>
      [...document.scripts].map((s) => s.nonce).filter(Boolean),
    );
    expect(nonces.length).toBeGreaterThan(0);
    expect(new Set(nonces).size).toBe(1);
    expect(first).toContain(`'nonce-${nonces[0]}'`);

    await page.getByRole("link", { name: "Aurora" }).click();
    await page.waitForURL(/\/table\/aurora$/);
    // The table's socket connected (connect-src allows the API's ws: origin).
    await expect
      .poll(() => page.getByTestId("table-state").getAttribute("data-version"))
      .toMatch(/^\d+$/);
    const table = await page.goto(`${webUrl()}/table/aurora`);
    const second = expectSecurityHeaders(table);
    expect(second).not.toBe(first); // a fresh nonce for every page
    await expect
      .poll(() => page.getByTestId("table-state").getAttribute("data-version"))
      .toMatch(/^\d+$/);
    expect(problems).toEqual([]);
  });

  it("sign-up, sign-in and sign-out work under the CSP; next= keeps to this site", async () => {
    const { page, problems } = await watched(browser);
    const tag = Date.now().toString(36);
    await signUp(page, `Csp ${tag}`);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("link", { name: "Sign in" }).waitFor();

    const signIn = async (next: string) => {
      const response = await page.goto(`${webUrl()}/sign-in?next=${encodeURIComponent(next)}`);
      expectSecurityHeaders(response);
      await page.getByLabel("Email").fill(`csp${tag}@example.test`);
      await page.getByLabel("Password").fill("a long enough password");
      await page.getByRole("button", { name: "Sign in" }).click();
    };
    // The repro: a tab inside "/\t/evil.example" made it "//evil.example".
    await signIn("/\t/evil.example");
    await page.waitForURL(`${webUrl()}/`);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("link", { name: "Sign in" }).waitFor();
    await signIn("/table/aurora");
    await page.waitForURL(/\/table\/aurora$/);
    // Seated at a table of its own: seats placed by inline styles, the buy-in dialog, the socket.
    await sitDown(page, await openHoldemTable(`Csp ${tag}`), 100);
    expect(await page.getByTestId("seat-1").isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });

  it("no other site can frame the pages", async () => {
    const page = await browser.newPage();
    // A page of another origin (about:blank's opaque one) framing the lobby.
    // The frame has had its chance once the server has answered it and either Chromium has put
    // its error page in the lobby's place (the refusal) or the lobby's rows have come.
    const answered = page.waitForResponse((r) => r.url() === `${webUrl()}/`);
    await page.setContent(`<iframe src="${webUrl()}/" width="800" height="600"></iframe>`);
    await answered;
    const framed = () => page.frames().find((f) => f !== page.mainFrame());
    const rows = async () => (await framed()?.locator("[data-testid=lobby-row]").count()) ?? 0;
    await expect
      .poll(async () => framed()?.url().startsWith("chrome-error:") || (await rows()) > 0, {
        timeout: 10_000,
      })
      .toBe(true);
    expect(await rows()).toBe(0);
  });
});
