import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { call, newAdmin, newPlayer, snapshot, unique } from "../../test/trpc";
import { database } from "../db/client";
import { walletOf } from "../ledger/ledger";
import { move } from "../ledger/movements";
import { STARTING_GRANT } from "../ledger/policy";
import { sentMail } from "../mail/mail";
import { RESET_MINUTES } from "./password-reset";

const oldPassword = "correct horse battery";
const newPassword = "violet lantern across quiet harbours";

/** Each test asks from its own address, so the reset limits of one never hold up another. */
const from = () => ({ headers: { "CF-Connecting-IP": `198.51.100.${serial++ % 250}` } });
let serial = 1;

const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";

beforeEach(() => {
  sentMail.length = 0;
});

describe("account.changePassword", () => {
  it("needs the current password, keeps this session and ends the others", async () => {
    const player = await newPlayer();
    const other = await call("auth.signIn", {
      email: player.email,
      password: oldPassword,
      session: "token",
    });
    const wrong = await call(
      "account.changePassword",
      { currentPassword: "not it at all", newPassword },
      { token: player.token },
    );
    expect(wrong.error?.fieldCodes).toEqual({ currentPassword: { code: "wrong_password" } });
    const weak = await call(
      "account.changePassword",
      { currentPassword: oldPassword, newPassword: "password1" },
      { token: player.token },
    );
    expect(weak.error?.fieldCodes).toEqual({ newPassword: { code: "password_weak" } });

    const changed = await call(
      "account.changePassword",
      { currentPassword: oldPassword, newPassword },
      { token: player.token },
    );
    expect(changed.error).toBeNull();
    expect((await call("auth.me", undefined, { token: player.token })).data?.id).toBe(player.id);
    expect((await call("auth.me", undefined, { token: other.data.token })).data).toBeNull();
    const oldOne = await call("auth.signIn", { email: player.email, password: oldPassword });
    expect(oldOne.error?.reason).toBe("wrong_credentials");
    const newOne = await call("auth.signIn", { email: player.email, password: newPassword });
    expect(newOne.error).toBeNull();
  });

  it("is for signed-in players only", async () => {
    const reply = await call("account.changePassword", {
      currentPassword: oldPassword,
      newPassword,
    });
    expect(reply.error?.reason).toBe("sign_in_required");
  });
});

describe("account.changeDisplayName and setAvatar", () => {
  it("renames under sign-up's rules, refusing a look-alike of another name", async () => {
    const player = await newPlayer();
    const other = await newPlayer();
    const name = `Ann ${unique()}`;
    const renamed = await call(
      "account.changeDisplayName",
      { displayName: name },
      { token: player.token },
    );
    expect(renamed.data).toEqual({ displayName: name });
    expect((await call("auth.me", undefined, { token: player.token })).data.displayName).toBe(name);
    // Another player's name in other case, or with a Cyrillic "А" for the Latin "A": taken.
    const before = await snapshot();
    for (const lookAlike of [name.toUpperCase(), name.replace("A", "\u0410")]) {
      const reply = await call(
        "account.changeDisplayName",
        { displayName: lookAlike },
        { token: other.token },
      );
      expect(reply.error?.code).toBe("CONFLICT");
      expect(reply.error?.fieldCodes).toEqual({ displayName: { code: "display_name_taken" } });
    }
    const invisible = await call(
      "account.changeDisplayName",
      { displayName: "Bob\u3164by" },
      { token: other.token },
    );
    expect(invisible.error?.fieldCodes).toEqual({
      displayName: { code: "display_name_invisible" },
    });
    const chars = await call(
      "account.changeDisplayName",
      { displayName: "<b>" },
      { token: other.token },
    );
    expect(chars.error?.fieldCodes?.displayName?.code).toBe("display_name_chars");
    expect(await snapshot()).toEqual(before);
    // One's own name in another case is no clash with itself.
    const recased = await call(
      "account.changeDisplayName",
      { displayName: name.toUpperCase() },
      { token: player.token },
    );
    expect(recased.error).toBeNull();
  });

  it("sets an avatar from the built-in set only, and auth.me reports it", async () => {
    const player = await newPlayer();
    expect((await call("auth.me", undefined, { token: player.token })).data.avatar).toBeNull();
    const set = await call("account.setAvatar", { avatar: "crown" }, { token: player.token });
    expect(set.data).toEqual({ avatar: "crown" });
    expect((await call("auth.me", undefined, { token: player.token })).data.avatar).toBe("crown");
    const bad = await call(
      "account.setAvatar",
      { avatar: "https://example.test/me.png" },
      { token: player.token },
    );
    expect(bad.error?.reason).toBe("invalid_input");
    await call("account.setAvatar", { avatar: null }, { token: player.token });
    expect((await call("auth.me", undefined, { token: player.token })).data.avatar).toBeNull();
  });
});

describe("account.results", () => {
  it("sums buy-ins, cash-outs, entries and prizes by day and game; they equal the wallet's movements", async () => {
    const db = database(env.DB);
    const player = await newPlayer();
    const rival = await newPlayer();
    const tag = unique();
    const stake = `stake-${tag}`;
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO stakes (id, name, game, betting, small_blind, big_blind, seats) VALUES (?, ?, 'omaha', 'pot-limit', 1, 2, 6)",
      ).bind(stake, stake),
      env.DB.prepare("INSERT INTO tables (id, stake_id, name) VALUES (?, ?, ?)").bind(
        `t-${tag}`,
        stake,
        `t-${tag}`,
      ),
    ]);
    const tableId = `t-${tag}`;
    const tournamentId = `tour-${tag}`;
    const moves = [
      move(db, "buy_in", { tableId, userId: player.id, amount: 200, key: "a" }),
      move(db, "buy_in", { tableId, userId: rival.id, amount: 200, key: "a" }),
      move(db, "buy_in", { tableId, userId: player.id, amount: 50, key: "top-up" }),
      move(db, "cash_out", { tableId, userId: player.id, amount: 390, key: "leave" }),
      move(db, "tournament_entry", { tournamentId, userId: player.id, amount: 110, key: "e1" }),
      move(db, "tournament_entry", { tournamentId, userId: rival.id, amount: 110, key: "e1" }),
      move(db, "tournament_prize", { tournamentId, userId: player.id, amount: 150, key: "p1" }),
    ];
    for (const moved of moves) expect((await moved).ok).toBe(true);

    const reply = await call("account.results", undefined, { token: player.token });
    const today = new Date().toISOString().slice(0, 10);
    expect(reply.data.days).toEqual([
      { day: today, game: "omaha", paidIn: 250, paidOut: 390, net: 140 },
      { day: today, game: "tournament", paidIn: 110, paidOut: 150, net: 40 },
    ]);
    // The rival's results are the rival's own.
    const theirs = await call("account.results", undefined, { token: rival.token });
    expect(theirs.data.days.map((r: { net: number }) => r.net)).toEqual([-200, -110]);

    // Every chip the wallet holds is the grant, reloads, and the results.
    const wallet = await env.DB.prepare("SELECT balance FROM accounts WHERE id = ?")
      .bind(walletOf(player.id).id)
      .first<{ balance: number }>();
    const net = reply.data.days.reduce((sum: number, r: { net: number }) => sum + r.net, 0);
    expect(wallet?.balance).toBe(STARTING_GRANT + net);
  });
});

describe("account.notes", () => {
  it("keeps a note private to its author, and empty text deletes it", async () => {
    const author = await newPlayer();
    const subject = await newPlayer();
    const stranger = await newPlayer();
    const set = await call(
      "account.notes.set",
      { playerId: subject.id, text: "  calls too wide on the river  " },
      { token: author.token },
    );
    expect(set.data).toEqual({ text: "calls too wide on the river" });
    const mine = await call(
      "account.notes.get",
      { playerIds: [subject.id, stranger.id] },
      { token: author.token },
    );
    expect(mine.data).toEqual({ notes: { [subject.id]: "calls too wide on the river" } });
    // Nobody else reads it: not the subject, not a stranger asking for the same player.
    for (const reader of [subject, stranger]) {
      const other = await call(
        "account.notes.get",
        { playerIds: [subject.id, author.id] },
        { token: reader.token },
      );
      expect(other.data).toEqual({ notes: {} });
      expect(other.text).not.toContain("river");
    }
    expect((await call("account.notes.get", { playerIds: [subject.id] })).error?.reason).toBe(
      "sign_in_required",
    );
    await call("account.notes.set", { playerId: subject.id, text: "" }, { token: author.token });
    const gone = await call(
      "account.notes.get",
      { playerIds: [subject.id] },
      { token: author.token },
    );
    expect(gone.data).toEqual({ notes: {} });
  });

  it("refuses a note on oneself, on no player, or too long", async () => {
    const author = await newPlayer();
    const self = await call(
      "account.notes.set",
      { playerId: author.id, text: "me" },
      { token: author.token },
    );
    expect(self.error?.fieldCodes).toEqual({ playerId: { code: "note_on_self" } });
    const nobody = await call(
      "account.notes.set",
      { playerId: "no-such-player", text: "hm" },
      { token: author.token },
    );
    expect(nobody.error?.reason).toBe("no_player");
    const long = await call(
      "account.notes.set",
      { playerId: (await newPlayer()).id, text: "x".repeat(501) },
      { token: author.token },
    );
    expect(long.error?.fieldCodes).toEqual({ text: { code: "too_long", maximum: 500 } });
  });
});

describe("password reset", () => {
  it("mails a single-use link; using it sets the password and ends every session", async () => {
    const player = await newPlayer();
    const address = from();
    const asked = await call("auth.requestPasswordReset", { email: player.email }, address);
    expect(asked.data).toEqual({ ok: true });
    expect(sentMail).toHaveLength(1);
    const [mail] = sentMail;
    expect(mail?.to).toBe(player.email);
    const link = mail?.text.match(/http\S+/)?.[0] ?? "";
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:3000\/reset-password\?token=[A-Za-z0-9_-]{40,}$/);
    // Only the token's hash is stored.
    const stored = await env.DB.prepare("SELECT token_hash FROM password_resets WHERE user_id = ?")
      .bind(player.id)
      .first<{ token_hash: string }>();
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.token_hash).not.toBe(tokenOf(link));

    const weak = await call("auth.resetPassword", {
      token: tokenOf(link),
      newPassword: "password1",
    });
    expect(weak.error?.fieldCodes).toEqual({ newPassword: { code: "password_weak" } });
    const reset = await call("auth.resetPassword", { token: tokenOf(link), newPassword });
    expect(reset.error).toBeNull();
    expect((await call("auth.me", undefined, { token: player.token })).data).toBeNull();
    const signIn = await call("auth.signIn", { email: player.email, password: newPassword });
    expect(signIn.error).toBeNull();

    const again = await call("auth.resetPassword", {
      token: tokenOf(link),
      newPassword: "another fine evening of cards",
    });
    expect(again.error?.reason).toBe("reset_link_invalid");
  });

  it("answers the same for an unknown email, and sends nothing", async () => {
    const address = from();
    const unknown = await call(
      "auth.requestPasswordReset",
      { email: `nobody-${unique()}@example.test` },
      address,
    );
    const known = await call(
      "auth.requestPasswordReset",
      { email: (await newPlayer()).email },
      address,
    );
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    expect(sentMail).toHaveLength(1);
  });

  it(`a link stops working after ${RESET_MINUTES} minutes, and when a newer one is issued`, async () => {
    const player = await newPlayer();
    await call("auth.requestPasswordReset", { email: player.email }, from());
    const first = tokenOf(sentMail[0]?.text.match(/http\S+/)?.[0] ?? "");
    await call("auth.requestPasswordReset", { email: player.email }, from());
    const second = tokenOf(sentMail[1]?.text.match(/http\S+/)?.[0] ?? "");
    const replaced = await call("auth.resetPassword", { token: first, newPassword });
    expect(replaced.error?.reason).toBe("reset_link_invalid");
    // Time passes: the link's expiry is moved to just now.
    await env.DB.prepare("UPDATE password_resets SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1, player.id)
      .run();
    const expired = await call("auth.resetPassword", { token: second, newPassword });
    expect(expired.error?.reason).toBe("reset_link_invalid");
    const signIn = await call("auth.signIn", { email: player.email, password: oldPassword });
    expect(signIn.error).toBeNull();
  });

  it("is rate-limited per email, whether or not an account has it", async () => {
    const address = from();
    const email = `nobody-${unique()}@example.test`;
    for (let i = 0; i < 3; i++) {
      expect((await call("auth.requestPasswordReset", { email }, address)).error).toBeNull();
    }
    const fourth = await call("auth.requestPasswordReset", { email }, from());
    expect(fourth.error).toMatchObject({ code: "TOO_MANY_REQUESTS", reason: "reset_limit_email" });
    expect(fourth.error?.params.minutes).toBeGreaterThan(0);
  });

  it("is rate-limited per address across emails", async () => {
    const address = from();
    for (let i = 0; i < 10; i++) {
      const email = `nobody-${unique()}@example.test`;
      expect((await call("auth.requestPasswordReset", { email }, address)).error).toBeNull();
    }
    const eleventh = await call(
      "auth.requestPasswordReset",
      { email: `nobody-${unique()}@example.test` },
      address,
    );
    expect(eleventh.error).toMatchObject({
      code: "TOO_MANY_REQUESTS",
      reason: "reset_limit_network",
    });
  });

  it("an admin issues a link to hand over; players may not", async () => {
    const admin = await newAdmin();
    const player = await newPlayer();
    const refused = await call(
      "admin.users.issuePasswordReset",
      { email: player.email },
      { token: player.token },
    );
    expect(refused.error?.reason).toBe("admin_only");
    const none = await call(
      "admin.users.issuePasswordReset",
      { email: `nobody-${unique()}@example.test` },
      { token: admin.token },
    );
    expect(none.error?.reason).toBe("no_user");
    const issued = await call(
      "admin.users.issuePasswordReset",
      { email: player.email },
      { token: admin.token },
    );
    expect(issued.data.link).toMatch(/\/reset-password\?token=/);
    expect(sentMail).toHaveLength(0);
    const audit = await env.DB.prepare(
      "SELECT action, after FROM admin_audit WHERE target_id = ? ORDER BY id DESC",
    )
      .bind(player.id)
      .first<{ action: string; after: string }>();
    expect(audit?.action).toBe("user.issuePasswordReset");
    expect(audit?.after).not.toContain(tokenOf(issued.data.link));
    const reset = await call("auth.resetPassword", {
      token: tokenOf(issued.data.link),
      newPassword,
    });
    expect(reset.error).toBeNull();
  });
});
