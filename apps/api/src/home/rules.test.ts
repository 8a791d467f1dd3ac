import { describe, expect, it } from "vitest";
import {
  endTimeDeadline,
  type GuestAction,
  type GuestStatus,
  guestAfter,
  hostControl,
  INVITE_TOKEN,
  inviteHash,
  mayView,
  newInviteToken,
  OPEN_HOME,
  roleOf,
  sitRefusal,
} from "./rules";

const STATUSES: (GuestStatus | null)[] = [
  null,
  "watching",
  "requested",
  "admitted",
  "refused",
  "removed",
];
const ACTIONS: GuestAction[] = ["watch", "request", "admit", "refuse", "remove"];

describe("home games: who sees and sits (H-1)", () => {
  it("H-1: the host and admitted guests see the table; link watchers only with spectators on", () => {
    expect(mayView("host", false)).toBe(true);
    expect(mayView("admitted", false)).toBe(true);
    for (const role of ["watching", "requested"] as const) {
      expect(mayView(role, false)).toBe(false);
      expect(mayView(role, true)).toBe(true);
    }
    for (const role of ["refused", "removed", "stranger"] as const) {
      expect(mayView(role, true)).toBe(false);
      expect(mayView(role, false)).toBe(false);
    }
  });

  it("H-1: only the host and admitted guests may sit; every other role has its code", () => {
    expect(sitRefusal("host")).toBeNull();
    expect(sitRefusal("admitted")).toBeNull();
    expect(sitRefusal("refused")).toBe("request_refused");
    expect(sitRefusal("removed")).toBe("removed_by_host");
    expect(sitRefusal("requested")).toBe("not_admitted");
    expect(sitRefusal("watching")).toBe("not_admitted");
    expect(sitRefusal("stranger")).toBe("not_admitted");
  });

  it("a signed-out viewer is a stranger; the host is the host whatever his row", () => {
    expect(roleOf("h", null, null)).toBe("stranger");
    expect(roleOf("h", "h", "refused")).toBe("host");
    expect(roleOf("h", "g", null)).toBe("stranger");
    expect(roleOf("h", "g", "admitted")).toBe("admitted");
  });
});

describe("home games: a guest's request (H-1)", () => {
  it("H-1: ask, then the host admits or refuses; a refused or removed guest cannot ask again", () => {
    expect(guestAfter(null, "request", false)).toEqual({
      ok: true,
      status: "requested",
      changed: true,
    });
    expect(guestAfter("requested", "admit", false)).toMatchObject({ status: "admitted" });
    expect(guestAfter("requested", "refuse", false)).toMatchObject({ status: "refused" });
    expect(guestAfter("refused", "request", false)).toEqual({
      ok: false,
      code: "request_refused",
    });
    expect(guestAfter("admitted", "remove", false)).toMatchObject({ status: "removed" });
    expect(guestAfter("removed", "request", true)).toEqual({ ok: false, code: "removed_by_host" });
    // The host may change his mind.
    expect(guestAfter("refused", "admit", false)).toMatchObject({ status: "admitted" });
  });

  it("the host cannot answer a request nobody made, nor refuse someone already in", () => {
    expect(guestAfter(null, "admit", true)).toEqual({ ok: false, code: "no_request" });
    expect(guestAfter("watching", "refuse", true)).toEqual({ ok: false, code: "no_request" });
    expect(guestAfter("admitted", "refuse", true)).toEqual({
      ok: false,
      code: "already_admitted",
    });
    expect(guestAfter("requested", "remove", true)).toEqual({ ok: false, code: "not_admitted" });
  });

  it("watching by link needs spectators on", () => {
    expect(guestAfter(null, "watch", false)).toEqual({ ok: false, code: "spectators_off" });
    expect(guestAfter(null, "watch", true)).toMatchObject({ status: "watching" });
    expect(guestAfter("watching", "request", false)).toMatchObject({ status: "requested" });
    // Watching never demotes a guest who asked or was admitted.
    expect(guestAfter("admitted", "watch", false)).toMatchObject({
      status: "admitted",
      changed: false,
    });
  });

  it("every action from every status either moves to a status or refuses with a code; repeats change nothing", () => {
    for (const from of STATUSES)
      for (const action of ACTIONS)
        for (const spectators of [false, true]) {
          const result = guestAfter(from, action, spectators);
          if (!result.ok) {
            expect(result.code).toMatch(/^[a-z_]+$/);
            continue;
          }
          expect(result.changed).toBe(result.status !== from);
          const again = guestAfter(result.status, action, spectators);
          expect(again).toEqual({ ok: true, status: result.status, changed: false });
        }
  });
});

describe("home games: host controls (H-2)", () => {
  it("H-2: pause, resume, and close between hands only", () => {
    const paused = hostControl(OPEN_HOME, "pause", true);
    expect(paused).toEqual({ ok: true, state: { paused: true, closed: false } });
    expect(hostControl({ paused: true, closed: false }, "pause", false)).toEqual({
      ok: false,
      code: "game_already_paused",
    });
    expect(hostControl(OPEN_HOME, "resume", false)).toEqual({ ok: false, code: "game_not_paused" });
    expect(hostControl({ paused: true, closed: false }, "resume", false)).toEqual({
      ok: true,
      state: OPEN_HOME,
    });
    expect(hostControl(OPEN_HOME, "close", true)).toEqual({ ok: false, code: "hand_in_progress" });
    expect(hostControl(OPEN_HOME, "close", false)).toEqual({
      ok: true,
      state: { paused: true, closed: true },
    });
  });

  it("H-2: a closed game takes no control", () => {
    for (const control of ["pause", "resume", "close", "changeStakes", "removePlayer"] as const)
      expect(hostControl({ paused: true, closed: true }, control, false)).toEqual({
        ok: false,
        code: "home_game_closed",
      });
  });
});

describe("home games: the end time's alarm (H-3)", () => {
  const table = { closedForTime: false, handInProgress: false, dealersChoice: false };
  it("H-3: with nothing to deal, the end time is the room's deadline", () => {
    expect(endTimeDeadline(1000, OPEN_HOME, table, null)).toBe(1000);
    expect(endTimeDeadline(null, OPEN_HOME, table, null)).toBeNull();
  });
  it("H-3: a deal due anyway closes the table itself; a hand in play is finished first", () => {
    expect(endTimeDeadline(1000, OPEN_HOME, table, 500)).toBeNull();
    expect(endTimeDeadline(1000, OPEN_HOME, { ...table, handInProgress: true }, null)).toBeNull();
  });
  it("H-3: paused, the end time still closes; a dealer's-choice orbit waits for the resume", () => {
    const paused = { paused: true, closed: false };
    expect(endTimeDeadline(1000, paused, table, 500)).toBe(1000);
    expect(endTimeDeadline(1000, paused, { ...table, dealersChoice: true }, 500)).toBeNull();
  });
  it("H-3: once closed, nothing more", () => {
    expect(endTimeDeadline(1000, OPEN_HOME, { ...table, closedForTime: true }, null)).toBeNull();
    expect(endTimeDeadline(1000, { paused: true, closed: true }, table, null)).toBeNull();
  });
});

describe("home games: the invite link", () => {
  it("tokens are 256 random bits in base64url, stored only as a SHA-256", async () => {
    const tokens = new Set(Array.from({ length: 200 }, newInviteToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(INVITE_TOKEN);
    const [first] = tokens as Set<string>;
    const hash = await inviteHash(first as string);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(first);
    expect(await inviteHash(first as string)).toBe(hash);
  });
});
