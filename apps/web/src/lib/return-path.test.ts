import { describe, expect, it } from "vitest";
import { returnPath } from "./return-path";

const origin = "https://felt.example";

describe("the sign-in return path", () => {
  it("keeps paths of this site, with their query and fragment", () => {
    expect(returnPath("/tournament/t-1?tab=players#top", origin)).toBe(
      "/tournament/t-1?tab=players#top",
    );
    expect(returnPath("/table/aurora", origin)).toBe("/table/aurora");
    expect(returnPath(null, origin)).toBe("/");
  });

  it("sends anything that resolves to another origin to the lobby", () => {
    const attacks = [
      "/\t/evil.example", // the issue's ?next=%2F%09%2Fevil.example
      "/\n/evil.example",
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "data:text/html,hi",
      " //evil.example",
      "http://felt.example/", // same host, other scheme: another origin
      "https:evil.example",
      "/.//evil.example",
      "/..//evil.example",
      "/%2e//evil.example",
    ];
    for (const next of attacks) {
      const path = returnPath(next, origin);
      expect(new URL(path, origin).origin, JSON.stringify(next)).toBe(origin);
    }
    expect(returnPath(decodeURIComponent("%2F%09%2Fevil.example"), origin)).toBe("/");
  });
});
