import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, newPlayer } from "../test/trpc";

describe("the API over HTTP: form posts and response headers", () => {
  it("a cross-site form cannot call a mutation: multipart, urlencoded and text/plain are refused", async () => {
    const player = await newPlayer();
    const cookie = `felt_session=${player.token}`;
    const form = new FormData();
    form.set("x", "1");
    const bodies: [string, BodyInit, Record<string, string>][] = [
      ["multipart/form-data", form, {}],
      ["x-www-form-urlencoded", "x=1", { "Content-Type": "application/x-www-form-urlencoded" }],
      ["text/plain", "{}", { "Content-Type": "text/plain" }],
      ["no type at all", new Blob(["{}"]), {}],
    ];
    for (const [name, body, headers] of bodies) {
      // Exactly what a page elsewhere can make a browser send without a preflight.
      const res = await exports.default.fetch("http://api.test/trpc/auth.signOut", {
        method: "POST",
        headers: { ...headers, Cookie: cookie },
        body,
      });
      expect(res.status, name).toBe(415);
      expect(res.headers.get("Set-Cookie"), name).toBeNull();
      const reply = (await res.json()) as { error: { data: { reason: string } } };
      // tRPC refuses the types it has no parser for itself; the rest are ours to refuse.
      expect(["json_required", "unsupported_media_type"], name).toContain(reply.error.data.reason);
    }
    // The session is untouched; JSON (what the web app's tRPC client sends) still works.
    expect((await call("auth.me", undefined, { cookie })).data?.id).toBe(player.id);
    const out = await call("auth.signOut", undefined, { cookie });
    expect(out.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);
  });

  it("every answer is nosniff; tRPC answers (the wallet above all) are never cached", async () => {
    const player = await newPlayer();
    const balance = await call("cashier.balance", undefined, { token: player.token });
    expect(balance.error).toBeNull();
    expect(balance.headers.get("Cache-Control")).toBe("no-store");
    expect(balance.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const refused = await call("cashier.balance");
    expect(refused.headers.get("Cache-Control")).toBe("no-store");
    const root = await exports.default.fetch("http://api.test/");
    expect(root.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});
