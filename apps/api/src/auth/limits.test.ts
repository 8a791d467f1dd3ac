import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, newAdmin, unique } from "../../test/trpc";
import { MAX_BATCH_SIZE } from "../trpc/init";
import { SIGN_IN_LIMITS } from "./rate-limit";

const password = "correct horse battery";
const account = () => {
  const tag = unique();
  return { email: `l${tag}@example.test`, password, displayName: `l${tag}` };
};
const from = (ip: string) => ({ headers: { "CF-Connecting-IP": ip } });

/** The device cookie a correct password set, as a Cookie header. */
function deviceCookieOf(headers: Headers): string {
  const cookie = headers.getAll("Set-Cookie").find((c) => c.startsWith("felt_device="));
  expect(cookie).toMatch(/HttpOnly; Secure; SameSite=Lax; Max-Age=31536000$/);
  return cookie?.split(";")[0] ?? "";
}

/** Time passes for the limits: every attempt counted for these subjects moves `ms` into the past. */
async function age(ms: number, subjectLike: string) {
  await env.DB.prepare("UPDATE auth_attempts SET at = at - ? WHERE subject LIKE ?")
    .bind(ms, subjectLike)
    .run();
}

describe("abuse limits", () => {
  it("a stranger's wrong passwords lock only his own address out of that account, with backoff", async () => {
    const owner = account();
    await call("auth.signUp", owner);
    const stranger = "198.51.100.7";
    const guess = () =>
      call("auth.signIn", { email: owner.email, password: "not the password" }, from(stranger));
    for (let i = 0; i < SIGN_IN_LIMITS.accountAtAddress.attempts; i++) {
      expect((await guess()).error?.reason).toBe("wrong_credentials");
    }
    const locked = await guess();
    expect(locked.status).toBe(429);
    expect(locked.error).toMatchObject({
      code: "TOO_MANY_REQUESTS",
      reason: "sign_in_limit_account",
      params: { minutes: 1, retryAfterSeconds: 60 },
    });
    // Even the right password waits at that address …
    const rightButLocked = await call(
      "auth.signIn",
      { email: owner.email, password },
      from(stranger),
    );
    expect(rightButLocked.error?.reason).toBe("sign_in_limit_account");
    // … but the owner, from his own address, signs in at once.
    const home = await call("auth.signIn", { email: owner.email, password }, from("203.0.113.9"));
    expect(home.error).toBeNull();

    // The lockout ends after a minute; the next wrong guess doubles it.
    await age(61_000, `${stranger} ${owner.email}`);
    expect((await guess()).error?.reason).toBe("wrong_credentials");
    expect((await guess()).error?.params).toMatchObject({ minutes: 2, retryAfterSeconds: 120 });
    await age(121_000, `${stranger} ${owner.email}`);
    expect((await guess()).error?.reason).toBe("wrong_credentials");
    expect((await guess()).error?.params).toMatchObject({ retryAfterSeconds: 240 });
    // A success from that address forgets its failures.
    await age(241_000, `${stranger} ${owner.email}`);
    expect(
      (await call("auth.signIn", { email: owner.email, password }, from(stranger))).error,
    ).toBeNull();
    expect((await guess()).error?.reason).toBe("wrong_credentials");
  });

  it("guesses on one account from a new address each time are throttled: the account locks for clients it does not know", async () => {
    const owner = account();
    await call("auth.signUp", owner);
    const guess = (n: number) =>
      call("auth.signIn", { email: owner.email, password: "not it" }, from(`198.18.1.${n}`));
    for (let i = 0; i < SIGN_IN_LIMITS.account.attempts; i++) {
      expect((await guess(i)).error?.reason).toBe("wrong_credentials");
    }
    const locked = await guess(100);
    expect(locked.status).toBe(429);
    expect(locked.error).toMatchObject({
      reason: "sign_in_limit_locked",
      params: { minutes: 1, retryAfterSeconds: 60 },
    });
    // The right password from a browser the account does not know waits too …
    const newDevice = await call(
      "auth.signIn",
      { email: owner.email, password },
      from("198.18.2.1"),
    );
    expect(newDevice.error?.reason).toBe("sign_in_limit_locked");
    // … until the lockout passes; the next wrong guess doubles it.
    await age(61_000, owner.email);
    expect((await guess(101)).error?.reason).toBe("wrong_credentials");
    expect((await guess(102)).error?.params).toMatchObject({ retryAfterSeconds: 120 });
  });

  it("a stranger's guesses never lock the owner out of his known device; the device has its own lockout", async () => {
    const owner = account();
    const made = await call("auth.signUp", owner, from("198.18.3.1"));
    const device = deviceCookieOf(made.headers);
    const stranger = "198.18.4.1";
    // The stranger locks his own address out of the account, then the whole account.
    for (let i = 0; i < SIGN_IN_LIMITS.account.attempts; i++) {
      const ip = i < SIGN_IN_LIMITS.accountAtAddress.attempts ? stranger : `198.18.5.${i}`;
      await call("auth.signIn", { email: owner.email, password: "not it" }, from(ip));
    }
    const right = { email: owner.email, password };
    expect((await call("auth.signIn", right, from("198.18.6.1"))).error?.reason).toBe(
      "sign_in_limit_locked",
    );
    // The owner's browser signs in, from home or even from the stranger's address.
    const home = await call("auth.signIn", right, { ...from("198.18.3.1"), cookie: device });
    expect(home.error).toBeNull();
    const there = await call("auth.signIn", right, { ...from(stranger), cookie: device });
    expect(there.error).toBeNull();
    // Its success gives the stranger no fresh start.
    expect((await call("auth.signIn", right, from("198.18.6.2"))).error?.reason).toBe(
      "sign_in_limit_locked",
    );
    // Another account's device cookie, or a forged one, is no key to this account.
    const other = account();
    const otherDevice = deviceCookieOf((await call("auth.signUp", other)).headers);
    const forged = `felt_device=${"A".repeat(22)}.${"B".repeat(43)}`;
    for (const cookie of [otherDevice, forged]) {
      const refused = await call("auth.signIn", right, { ...from("198.18.3.1"), cookie });
      expect(refused.error?.reason, cookie).toBe("sign_in_limit_locked");
    }
    // Wrong passwords on the known device lock that device alone, with backoff.
    const wrongHere = () =>
      call(
        "auth.signIn",
        { ...right, password: "not it" },
        { ...from("198.18.3.1"), cookie: device },
      );
    for (let i = 0; i < SIGN_IN_LIMITS.knownDevice.attempts; i++) {
      expect((await wrongHere()).error?.reason).toBe("wrong_credentials");
    }
    expect((await wrongHere()).error).toMatchObject({
      reason: "sign_in_limit_device",
      params: { retryAfterSeconds: 60 },
    });
  });

  it("concurrent guesses from one address cannot slip past the lockout", async () => {
    const owner = account();
    await call("auth.signUp", owner);
    const replies = await Promise.all(
      Array.from({ length: 12 }, () =>
        call("auth.signIn", { email: owner.email, password: "nope-nope" }, from("198.51.100.8")),
      ),
    );
    const checked = replies.filter((r) => r.error?.code === "UNAUTHORIZED").length;
    expect(checked).toBe(SIGN_IN_LIMITS.accountAtAddress.attempts);
    expect(replies.filter((r) => r.error?.code === "TOO_MANY_REQUESTS").length).toBe(12 - checked);
  });

  it("sign-in is limited per address across accounts, and the limit resets", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < SIGN_IN_LIMITS.address.attempts; i++) {
      const r = await call(
        "auth.signIn",
        { email: `guess${i}-${unique()}@example.test`, password: "nope-nope" },
        from(ip),
      );
      expect(r.error?.code).toBe("UNAUTHORIZED");
    }
    const owner = account();
    await call("auth.signUp", owner);
    const fromThatIp = await call("auth.signIn", { email: owner.email, password }, from(ip));
    expect(fromThatIp.error).toMatchObject({
      reason: "sign_in_limit_network",
      params: { minutes: 15 },
    });
    expect(
      (await call("auth.signIn", { email: owner.email, password }, from("192.0.2.78"))).error,
    ).toBeNull();
    await age(15 * 60_000, ip);
    expect(
      (await call("auth.signIn", { email: owner.email, password }, from(ip))).error,
    ).toBeNull();
  });

  it("sign-up: a few accounts per address per hour, then too_many_requests until the hour is over", async () => {
    const vars = { SIGN_UPS_PER_IP_PER_HOUR: "3" };
    const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    // Refused input is not an account: a person fixing a weak password is not counted.
    for (const password of ["password", "12345678"]) {
      const weak = await call("auth.signUp", { ...account(), password }, { vars, ...from(ip) });
      expect(weak.error?.reason).toBe("password_weak");
    }
    for (let i = 0; i < 3; i++) {
      const made = await call("auth.signUp", account(), { vars, ...from(ip) });
      expect(made.error).toBeNull();
    }
    const users = await env.DB.prepare("SELECT count(*) AS n FROM users").first<{ n: number }>();
    const fourth = await call("auth.signUp", account(), { vars, ...from(ip) });
    expect(fourth.status).toBe(429);
    expect(fourth.error).toMatchObject({
      code: "TOO_MANY_REQUESTS",
      reason: "sign_up_limit_network",
      params: { minutes: 60 },
    });
    expect(fourth.error?.params.retryAfterSeconds).toBeGreaterThan(3500);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users").first()).toEqual(users);
    // Another address is not held up; an admin creating accounts (load tests) is exempt.
    expect((await call("auth.signUp", account(), { vars, ...from("10.8.0.1") })).error).toBeNull();
    await age(60 * 60_000, ip);
    expect((await call("auth.signUp", account(), { vars, ...from(ip) })).error).toBeNull();
  });

  it("sign-up: a cap over every address together", async () => {
    await env.DB.prepare("DELETE FROM auth_attempts WHERE scope = 'sign_up'").run();
    const vars = { SIGN_UPS_PER_HOUR: "2" };
    for (const ip of ["10.7.0.1", "10.7.0.2"]) {
      expect((await call("auth.signUp", account(), { vars, ...from(ip) })).error).toBeNull();
    }
    const third = await call("auth.signUp", account(), { vars, ...from("10.7.0.3") });
    expect(third.error).toMatchObject({ reason: "sign_up_limit_overall", params: { minutes: 60 } });
    await age(60 * 60_000, "all");
    expect((await call("auth.signUp", account(), { vars, ...from("10.7.0.3") })).error).toBeNull();
  });

  it("an admin's session is exempt from the sign-up limits (felt bots makes hundreds)", async () => {
    const admin = await newAdmin();
    const vars = { SIGN_UPS_PER_IP_PER_HOUR: "1", SIGN_UPS_PER_HOUR: "1" };
    for (let i = 0; i < 3; i++) {
      const made = await call(
        "auth.signUp",
        { ...account(), session: "token" },
        { vars, token: admin.token, ...from("10.6.0.1") },
      );
      expect(made.error).toBeNull();
    }
  });

  it("tRPC batches are capped: one request carries at most MAX_BATCH_SIZE calls", async () => {
    const batch = (n: number, method: "GET" | "POST") => {
      const path = Array.from({ length: n }, () => (method === "GET" ? "auth.me" : "auth.signOut"));
      const input = JSON.stringify(Object.fromEntries(path.map((_, i) => [i, {}])));
      return exports.default.fetch(
        `http://api.test/trpc/${path.join(",")}?batch=1${method === "GET" ? `&input=${encodeURIComponent(input)}` : ""}`,
        method === "GET"
          ? {}
          : { method, headers: { "Content-Type": "application/json" }, body: input },
      );
    };
    const full = await batch(MAX_BATCH_SIZE, "GET");
    expect(full.status).toBe(200);
    expect(((await full.json()) as unknown[]).length).toBe(MAX_BATCH_SIZE);
    for (const method of ["GET", "POST"] as const) {
      const over = await batch(MAX_BATCH_SIZE + 1, method);
      expect(over.status, method).toBe(400);
      // One answer for the whole request: none of its calls ran.
      const body = (await over.json()) as { error: { data: object } };
      expect(body.error.data, method).toMatchObject({
        reason: "batch_too_large",
        params: { maximum: MAX_BATCH_SIZE },
      });
    }
  });
});
