import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, newPlayer, snapshot, unique } from "../../test/trpc";
import { STARTING_GRANT } from "../ledger/policy";

const password = "correct horse battery";

function freshAccount() {
  const tag = unique();
  return { email: `u${tag}@example.test`, password, displayName: `u${tag}` };
}

/** The cookie a browser would store, from a Set-Cookie header. */
const cookieFrom = (headers: Headers) => headers.get("Set-Cookie")?.split(";")[0] ?? "";

describe("auth", () => {
  it("sign-up creates a player with the starting chips and a secure session cookie", async () => {
    const account = freshAccount();
    const reply = await call("auth.signUp", {
      ...account,
      email: ` ${account.email.toUpperCase()} `,
    });
    expect(reply.error).toBeNull();
    expect(reply.data).toMatchObject({
      user: { email: account.email, displayName: account.displayName, role: "player" },
      balance: STARTING_GRANT,
    });
    expect(reply.data.token).toBeUndefined(); // browsers get the cookie, never the token
    const setCookie = reply.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^felt_session=[A-Za-z0-9_-]{40,}; /);
    for (const attribute of ["HttpOnly", "Secure", "SameSite=Lax", "Path=/", "Max-Age="]) {
      expect(setCookie).toContain(attribute);
    }
    const me = await call("auth.me", undefined, { cookie: cookieFrom(reply.headers) });
    expect(me.data).toMatchObject({ email: account.email, role: "player" });
    const balance = await call("cashier.balance", undefined, { cookie: cookieFrom(reply.headers) });
    expect(balance.data.balance).toBe(STARTING_GRANT);

    const stored = await env.DB.prepare("SELECT password_hash FROM users WHERE email = ?")
      .bind(account.email)
      .first<{ password_hash: string }>();
    expect(stored?.password_hash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(stored?.password_hash).not.toContain(password);
  });

  it("bots and scripts get a bearer token instead of a cookie", async () => {
    const reply = await call("auth.signUp", { ...freshAccount(), session: "token" });
    expect(reply.headers.get("Set-Cookie")).toBeNull();
    expect(reply.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const me = await call("auth.me", undefined, { token: reply.data.token });
    expect(me.data.role).toBe("player");
  });

  it("sign-up refuses a taken email or display name (any case), and writes nothing", async () => {
    const first = freshAccount();
    await call("auth.signUp", first);
    const before = await snapshot();
    const sameEmail = await call("auth.signUp", { ...freshAccount(), email: first.email });
    expect(sameEmail.error).toMatchObject({ code: "CONFLICT" });
    // Worded like any other unusable email: it does not say someone has an account with it.
    expect(sameEmail.error?.fieldErrors).toEqual({
      email: "cannot be used for a new account: use another, or sign in",
    });
    expect(sameEmail.error?.fieldCodes).toEqual({ email: { code: "email_unavailable" } });
    const sameName = await call("auth.signUp", {
      ...freshAccount(),
      displayName: first.displayName.toUpperCase(),
    });
    expect(sameName.error?.fieldErrors).toEqual({
      displayName: "is taken or looks like a name that is: choose another",
    });
    expect(await snapshot()).toEqual(before);
  });

  it("sign-up: bad input gets a clear message per field and writes nothing", async () => {
    const good = freshAccount();
    const cases: Array<[string, unknown, Record<string, string>]> = [
      [
        "missing everything",
        {},
        {
          email: "is required",
          password: "is required",
          displayName: "is required",
        },
      ],
      ["not an email", { ...good, email: "nope" }, { email: "must be an email address" }],
      [
        "email too long",
        { ...good, email: `${"a".repeat(250)}@x.test` },
        { email: "must be at most 254 characters" },
      ],
      [
        "short password",
        { ...good, password: "short" },
        { password: "must be at least 8 characters" },
      ],
      [
        "huge password",
        { ...good, password: "x".repeat(201) },
        { password: "must be at most 200 characters" },
      ],
      ["numeric password", { ...good, password: 12345678 }, { password: "must be text" }],
      [
        "name too long",
        { ...good, displayName: "n".repeat(25) },
        { displayName: "must be at most 24 characters" },
      ],
      [
        "name of spaces",
        { ...good, displayName: "   " },
        { displayName: "must be at least 2 characters" },
      ],
      [
        "name with markup",
        { ...good, displayName: "<script>" },
        { displayName: "may use letters, digits, spaces, _ . and - only" },
      ],
      ["unknown field", { ...good, role: "admin" }, { input: "has unknown field role" }],
      [
        "wrong session kind",
        { ...good, session: "both" },
        { session: 'must be one of "cookie", "token"' },
      ],
      ["not an object", "hello", { input: "must be an object" }],
    ];
    const before = await snapshot();
    for (const [name, input, fieldErrors] of cases) {
      const reply = await call("auth.signUp", input);
      expect(reply.status, name).toBe(400);
      expect(reply.error?.code, name).toBe("BAD_REQUEST");
      expect(reply.error?.fieldErrors, name).toEqual(fieldErrors);
      expect(reply.error?.message, name).toMatch(/^Please fix: /);
      expect(reply.text, name).not.toMatch(/\.ts:\d+|at [A-Za-z]+ \(/); // no stack traces
    }
    const signInCases: Array<[unknown, Record<string, string>]> = [
      [{}, { email: "is required", password: "is required" }],
      [{ email: good.email, password: "" }, { password: "must not be empty" }],
      [
        { email: good.email, password: "p".repeat(201) },
        { password: "must be at most 200 characters" },
      ],
      [
        { email: 42, password: 42 },
        { email: "must be text", password: "must be text" },
      ],
      [{ email: good.email, password, extra: 1 }, { input: "has unknown field extra" }],
    ];
    for (const [input, fieldErrors] of signInCases) {
      const reply = await call("auth.signIn", input);
      expect(reply.error?.fieldErrors, JSON.stringify(input)).toEqual(fieldErrors);
    }
    const malformed = await call("auth.signUp", undefined, { rawBody: '{"email": NaN' });
    expect(malformed.status).toBe(400);
    expect(malformed.error).toMatchObject({
      code: "BAD_REQUEST",
      message: "The request is not valid JSON (NaN and Infinity are not JSON numbers).",
    });
    expect(await snapshot()).toEqual(before);
  });

  it("field errors carry stable codes with the numbers they quote, for clients to word", async () => {
    const good = freshAccount();
    const cases: Array<[unknown, Record<string, unknown>]> = [
      [{ ...good, password: "short" }, { password: { code: "too_short", minimum: 8 } }],
      [{ ...good, email: "nobody" }, { email: { code: "invalid_email" } }],
      [
        { ...good, displayName: "n".repeat(25) },
        { displayName: { code: "too_long", maximum: 24 } },
      ],
      [{ ...good, displayName: "<script>" }, { displayName: { code: "display_name_chars" } }],
      [{ ...good, password: 12345678 }, { password: { code: "invalid_type", expected: "string" } }],
      [
        { ...good, session: "both" },
        { session: { code: "invalid_option", values: '"cookie", "token"' } },
      ],
      [{ ...good, role: "admin" }, { input: { code: "unknown_keys", keys: "role", count: 1 } }],
      [
        { email: good.email },
        { password: { code: "required" }, displayName: { code: "required" } },
      ],
    ];
    for (const [input, fieldCodes] of cases) {
      const reply = await call("auth.signUp", input);
      expect(reply.error, JSON.stringify(input)).toMatchObject({
        reason: "invalid_input",
        params: {},
        fieldCodes,
      });
    }
    await call("auth.signUp", good);
    const taken = await call("auth.signUp", { ...good, email: `x${good.email}` });
    expect(taken.error).toMatchObject({
      code: "CONFLICT",
      reason: "conflict",
      fieldCodes: { displayName: { code: "display_name_taken" } },
    });
  });

  it("sign-in with the right password starts a session; a wrong one says so plainly", async () => {
    const account = freshAccount();
    await call("auth.signUp", account);
    const ok = await call("auth.signIn", { email: account.email, password });
    expect(ok.data.user).toMatchObject({ email: account.email });
    expect(ok.headers.get("Set-Cookie")).toContain("HttpOnly");
    const wrong = await call("auth.signIn", { email: account.email, password: "wrong password" });
    expect(wrong.error).toMatchObject({
      code: "UNAUTHORIZED",
      message: "Wrong email or password. Check both and try again.",
      reason: "wrong_credentials",
      params: {},
    });
    // Unknown emails get the very same answer: sign-in does not reveal who has an account.
    const nobody = await call("auth.signIn", { email: `x${unique()}@example.test`, password });
    expect(nobody.error?.message).toBe(wrong.error?.message);
  });

  it("sign-out ends the session and clears the cookie", async () => {
    const player = await newPlayer();
    const out = await call("auth.signOut", undefined, { token: player.token });
    expect(out.data).toEqual({ ok: true });
    expect(out.headers.get("Set-Cookie")).toMatch(/^felt_session=; .*Max-Age=0/);
    expect((await call("auth.me", undefined, { token: player.token })).data).toBeNull();
    expect((await call("cashier.balance", undefined, { token: player.token })).error?.code).toBe(
      "UNAUTHORIZED",
    );
    // Signing out without a session is harmless (an expired cookie still gets cleared).
    expect((await call("auth.signOut")).data).toEqual({ ok: true });
  });

  it("ignores expired sessions, malformed tokens, and cookies sent from other sites", async () => {
    const account = freshAccount();
    const reply = await call("auth.signUp", account);
    const cookie = cookieFrom(reply.headers);
    expect(
      (await call("auth.me", undefined, { cookie, headers: { Origin: "http://127.0.0.1:3000" } }))
        .data,
    ).not.toBeNull();
    expect(
      (await call("auth.me", undefined, { cookie, headers: { Origin: "https://evil.example" } }))
        .data,
    ).toBeNull();
    expect((await call("auth.me", undefined, { token: "not a token" })).data).toBeNull();
    expect((await call("auth.me", undefined, { token: "x".repeat(43) })).data).toBeNull();
    await env.DB.prepare("UPDATE sessions SET expires_at = 0 WHERE user_id = ?")
      .bind(reply.data.user.id)
      .run();
    expect((await call("auth.me", undefined, { cookie })).data).toBeNull();
  });
});
