import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { seedDemo } from "../../test/seed";

describe("lobby over tRPC through the worker", () => {
  beforeEach(async () => {
    await seedDemo(env.DB);
  });

  it("health answers", async () => {
    const res = await exports.default.fetch("http://api.test/trpc/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ result: { data: { ok: true, service: "felt-api" } } });
  });

  it("lobby.list returns the seeded open tables from D1, buy-ins in chips", async () => {
    const res = await exports.default.fetch("http://api.test/trpc/lobby.list");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { data: Array<Record<string, unknown>> } };
    const rows = body.result.data;
    expect(rows.map((r) => r.id).sort()).toEqual(
      ["aurora", "borealis", "caspian", "danube", "elbe", "fjord"].sort(),
    );
    expect(rows.find((r) => r.id === "caspian")).toMatchObject({
      game: "holdem",
      betting: "no-limit",
      smallBlind: 5,
      bigBlind: 10,
      minBuyIn: 500,
      maxBuyIn: 2000,
      seats: 9,
      playersSeated: 0,
    });
  });

  it("lobby.list hides closed tables", async () => {
    await env.DB.prepare("UPDATE tables SET status = 'closed' WHERE id = 'fjord'").run();
    const res = await exports.default.fetch("http://api.test/trpc/lobby.list");
    const body = (await res.json()) as { result: { data: Array<{ id: string }> } };
    expect(body.result.data.map((r) => r.id)).not.toContain("fjord");
  });

  it("lobby.tournaments lists the scheduled tournament", async () => {
    const res = await exports.default.fetch("http://api.test/trpc/lobby.tournaments");
    const body = (await res.json()) as { result: { data: Array<Record<string, unknown>> } };
    expect(body.result.data).toEqual([
      expect.objectContaining({ id: "sunday-major", status: "scheduled", buyIn: 1000, fee: 100 }),
    ]);
  });

  it("unknown procedures are a clean 404, not a crash", async () => {
    const res = await exports.default.fetch("http://api.test/trpc/lobby.nope");
    expect(res.status).toBe(404);
    const text = await res.text();
    expect(text).not.toMatch(/at .*\.ts:\d+/); // no stack traces to clients
  });

  it("CORS allows the web origin only", async () => {
    const ok = await exports.default.fetch("http://api.test/trpc/health", {
      headers: { Origin: "http://127.0.0.1:3000" },
    });
    expect(ok.headers.get("Access-Control-Allow-Origin")).toBe("http://127.0.0.1:3000");
    const evil = await exports.default.fetch("http://api.test/trpc/health", {
      headers: { Origin: "https://evil.example" },
    });
    expect(evil.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});
