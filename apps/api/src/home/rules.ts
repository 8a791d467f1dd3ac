/**
 * Home games (docs/rules.md#home-games, H-1, H-2): who may see and sit at a
 * private table, how a guest's request moves (asked, admitted, refused,
 * removed), and which host controls a table takes in which state. Pure: the
 * router and the room ask, D1 and the room store the answer. Every refusal
 * is a stable code a client words in its own language.
 */
import type { HOME_GUEST_STATUSES } from "../db/schema";

export type GuestStatus = (typeof HOME_GUEST_STATUSES)[number];

/** What a viewer is to one home game. */
export type HomeRole = "host" | GuestStatus | "stranger";

export type HomeRefusal =
  /** The link was revoked, or never was one: the same answer, so a guess learns nothing. */
  | "invite_invalid"
  | "you_are_host"
  | "request_refused"
  | "removed_by_host"
  | "spectators_off"
  | "no_request"
  | "already_admitted"
  | "not_admitted"
  | "not_host"
  | "not_invited"
  | "game_already_paused"
  | "game_not_paused"
  | "hand_in_progress"
  | "home_game_closed";

export type Refused = { ok: false; code: HomeRefusal };

/** The viewer's role from the game's host and his guest row (null when he has none). */
export function roleOf(
  hostId: string,
  viewerId: string | null,
  guest: GuestStatus | null,
): HomeRole {
  if (viewerId === null) return "stranger";
  if (viewerId === hostId) return "host";
  return guest ?? "stranger";
}

/**
 * H-1: only the host and admitted guests see the table's state, chat and
 * histories; with spectators on, so do those who came by the link and have
 * not been turned away (watching, or waiting for an answer).
 */
export function mayView(role: HomeRole, spectators: boolean): boolean {
  if (role === "host" || role === "admitted") return true;
  return spectators && (role === "watching" || role === "requested");
}

/** H-1: only the host and admitted guests may buy in. */
export const maySit = (role: HomeRole): boolean => role === "host" || role === "admitted";

/** Why a player may not sit at this home game, or null. */
export function sitRefusal(role: HomeRole): HomeRefusal | null {
  if (maySit(role)) return null;
  if (role === "refused") return "request_refused";
  if (role === "removed") return "removed_by_host";
  return "not_admitted";
}

export type GuestAction = "watch" | "request" | "admit" | "refuse" | "remove";

/**
 * A guest's status after an action: `watch` and `request` are the guest's
 * own (from the link), `admit`, `refuse` and `remove` the host's. Repeating
 * an action that already holds is answered the same way and changes nothing,
 * so a double click or a retry is harmless. A host may change his mind:
 * admit someone he refused or removed.
 */
export function guestAfter(
  current: GuestStatus | null,
  action: GuestAction,
  spectators: boolean,
): { ok: true; status: GuestStatus; changed: boolean } | Refused {
  const to = (status: GuestStatus) => ({ ok: true as const, status, changed: status !== current });
  const refuse = (code: HomeRefusal): Refused => ({ ok: false, code });
  switch (action) {
    case "watch":
      if (current === "refused") return refuse("request_refused");
      if (current === "removed") return refuse("removed_by_host");
      if (current !== null && current !== "watching") return to(current);
      if (!spectators) return refuse("spectators_off");
      return to("watching");
    case "request":
      if (current === "refused") return refuse("request_refused");
      if (current === "removed") return refuse("removed_by_host");
      if (current === "admitted") return to("admitted");
      return to("requested");
    case "admit":
      if (current === null || current === "watching") return refuse("no_request");
      return to("admitted");
    case "refuse":
      if (current === null || current === "watching") return refuse("no_request");
      if (current === "admitted" || current === "removed") return refuse("already_admitted");
      return to("refused");
    case "remove":
      if (current === "removed") return to("removed");
      if (current !== "admitted") return refuse("not_admitted");
      return to("removed");
  }
}

/** The host's controls of the table (H-2). */
export type HostControl = "pause" | "resume" | "close" | "changeStakes" | "removePlayer";

/** A home game's room state: paused by the host, closed (by the host or its end time, H-3). */
export type HomeRoomState = { paused: boolean; closed: boolean };

export const OPEN_HOME: HomeRoomState = { paused: false, closed: false };

/**
 * H-2, between hands: pause stops the next deal (a hand in play is played
 * out), resume lets it come; a change of stakes or a removal waits for the
 * hand's end on its own; close needs the hand over (pause first). A closed
 * game takes no control at all.
 */
export function hostControl(
  state: HomeRoomState,
  control: HostControl,
  handInProgress: boolean,
): { ok: true; state: HomeRoomState } | Refused {
  if (state.closed) return { ok: false, code: "home_game_closed" };
  switch (control) {
    case "pause":
      if (state.paused) return { ok: false, code: "game_already_paused" };
      return { ok: true, state: { ...state, paused: true } };
    case "resume":
      if (!state.paused) return { ok: false, code: "game_not_paused" };
      return { ok: true, state: { ...state, paused: false } };
    case "close":
      if (handInProgress) return { ok: false, code: "hand_in_progress" };
      return { ok: true, state: { paused: true, closed: true } };
    case "changeStakes":
    case "removePlayer":
      return { ok: true, state };
  }
}

/**
 * H-3 at a room with nothing to deal: the end time closes the table when it
 * comes (the engine's `startHand` with `now` says `tableClosed`). While a
 * deal is due anyway (not paused), that deal closes it; a dealer's-choice
 * orbit left unfinished by a pause waits for the resume to be dealt out.
 */
export function endTimeDeadline(
  endsAt: number | null,
  home: HomeRoomState,
  table: { closedForTime: boolean; handInProgress: boolean; dealersChoice: boolean },
  nextHandAt: number | null,
): number | null {
  if (endsAt === null || home.closed || table.closedForTime || table.handInProgress) return null;
  if (!home.paused) return nextHandAt === null ? endsAt : null;
  return table.dealersChoice ? null : endsAt;
}

// -- the invite link ----------------------------------------------------------

/** 32 random bytes (256 bits), base64url: no one guesses a link. */
export function newInviteToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/** The token as stored: its SHA-256 in hex (a lookup by hash, never a comparison of secrets). */
export async function inviteHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The shape of a token: 43 base64url characters. Anything else is not looked up. */
export const INVITE_TOKEN = /^[A-Za-z0-9_-]{43}$/;
