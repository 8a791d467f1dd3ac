import { describe, expect, it } from "vitest";
import { isApiPath } from "./api-paths";
import { tableSocketUrl } from "./api-url";

describe("reaching the API", () => {
  it("the table socket goes to the API's own origin when there is one (npm start, dev)", () => {
    expect(tableSocketUrl("http://127.0.0.1:8787", "oak", "http://127.0.0.1:3000/table/oak")).toBe(
      "ws://127.0.0.1:8787/ws/table/oak",
    );
  });

  it("and to the page's origin, over TLS when the page is, behind the web Worker", () => {
    expect(tableSocketUrl("", "oak", "https://felt.example/table/oak")).toBe(
      "wss://felt.example/ws/table/oak",
    );
    expect(tableSocketUrl("", "a b", "http://127.0.0.1:3000/")).toBe(
      "ws://127.0.0.1:3000/ws/table/a%20b",
    );
  });

  it("the web Worker passes tRPC and the sockets to the API, and pages to Next.js", () => {
    expect(isApiPath("/trpc/lobby.tables,cashier.balance")).toBe(true);
    expect(isApiPath("/ws/table/oak")).toBe(true);
    for (const page of ["/", "/table/oak", "/trpcx", "/rules", "/_next/static/x.js"])
      expect(isApiPath(page)).toBe(false);
  });
});
