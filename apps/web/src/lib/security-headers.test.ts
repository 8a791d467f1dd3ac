import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./security-headers";

describe("the web's CSP", () => {
  it("lets the page reach the API and its socket, on another origin or its own", () => {
    const apart = contentSecurityPolicy({
      nonce: "abc",
      apiUrl: "https://api.felt.example",
      pageOrigin: "https://felt.example",
      dev: false,
    });
    expect(apart).toContain("connect-src 'self' https://api.felt.example wss://api.felt.example");
    expect(apart).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic';");
    // The web Worker: the API behind the page's own origin (FELT_API_URL empty).
    const together = contentSecurityPolicy({
      nonce: "abc",
      apiUrl: "",
      pageOrigin: "http://127.0.0.1:8788",
      dev: false,
    });
    expect(together).toContain("connect-src 'self' http://127.0.0.1:8788 ws://127.0.0.1:8788");
    expect(
      contentSecurityPolicy({ nonce: "n", apiUrl: "", pageOrigin: "http://x", dev: true }),
    ).toContain("'unsafe-eval'");
  });
});
