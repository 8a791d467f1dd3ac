/**
 * Both ends of the table feed: the room turns two states of one viewer into a
 * delta, and a client folds deltas into the state it holds. A delta is the
 * change's events and a patch of what they do not tell: both ends move the
 * state on by the events first (`foresee`), and the patch is taken against
 * that. Folding the deltas a viewer got since a full state gives exactly the
 * full state the room would send it now (a property test in the api checks
 * that).
 */
import { foresee, foreseeFor } from "./foresee";
import { pack, UnpackMismatch, unpack } from "./pack";
import { applyPatch, type DiffMemo, diff, type Patch, PatchMismatch } from "./patch";
import type { DeltaMessage, StateMessage } from "./table";

/** What a delta patches: the state without its envelope and its events. */
type Body = Omit<StateMessage, "type" | "feed" | "events">;

/** A state as foresee and the patches see it: without its envelope and its events. */
export function bodyOf({ type: _t, feed: _f, events: _e, ...body }: StateMessage): Body {
  return body;
}

/**
 * The delta that takes a viewer from `before` to `after` (one change apart),
 * with the change's events. One `memo` for all the viewers of a change
 * compares the parts their states share once.
 */
export function deltaOf(
  before: StateMessage,
  after: StateMessage,
  events: StateMessage["events"] = after.events,
  memo?: DiffMemo,
): DeltaMessage {
  const lap = lapOf(before, after);
  const patch = diff(foresee(bodyOf(before), events, lap), bodyOf(after), memo);
  return deltaMessage(before, after, events, lap, patch);
}

/** A clock that started with this change, after the last one: both ends guess its deadlines from it. */
export function lapOf(before: StateMessage, after: StateMessage): number | undefined {
  return after.clock && before.clock && after.clock.startedAt !== before.clock.startedAt
    ? after.clock.startedAt - before.clock.startedAt
    : undefined;
}

function deltaMessage(
  before: StateMessage,
  after: StateMessage,
  events: StateMessage["events"],
  lap: number | undefined,
  patch: Patch | undefined,
): DeltaMessage {
  return {
    type: "delta",
    feed: after.feed,
    ...(lap !== undefined && { lap }),
    ...(patch && { patch }),
    ...pack(events, before),
  };
}

/**
 * One change's deltas, viewer by viewer, each equal to `deltaOf` for him.
 * The viewers' states differ only in what is a viewer's own: `you`,
 * `mySeat`, `myAutoRebuy`, `myShowMyHand`, his legal actions and his hole cards. So the
 * state is moved on by the events once (a spectator's `before`; `foreseeFor`
 * follows each viewer's own fields alone), the rest of the patch is taken
 * once, from a spectator's states (`before` and `after` here), and each
 * viewer's own fields are compared alone. Where that shared
 * patch sets whole a part holding one of them (a new hand's players, say),
 * the viewer's patch is taken whole instead.
 */
export function changeDeltas(
  before: StateMessage,
  after: StateMessage,
  memo?: DiffMemo,
): (before: StateMessage, after: StateMessage, events?: StateMessage["events"]) => DeltaMessage {
  const lap = lapOf(before, after);
  const foreseen = foresee(bodyOf(before), after.events, lap);
  const shared = diff(foreseen, bodyOf(after), memo);
  return (viewerBefore, viewerAfter, events = viewerAfter.events) => {
    const guess = foreseeFor(foreseen, bodyOf(viewerBefore), events);
    const body = bodyOf(viewerAfter);
    const own = withOwnFields(shared, guess, body);
    const patch = own === WHOLE ? diff(guess, body, memo) : own;
    return deltaMessage(viewerBefore, viewerAfter, events, lap, patch);
  };
}

const WHOLE = Symbol("the patch is taken whole");

/** `shared` with the viewer's own fields set as his `guess` and `after` say, or WHOLE. */
function withOwnFields(
  shared: Patch | undefined,
  guess: Body,
  after: Body,
): Patch | undefined | typeof WHOLE {
  const gh = guess.view.hand;
  const ah = after.view.hand;
  if ((gh === null) !== (ah === null) || (gh && ah && gh.players.length !== ah.players.length))
    return WHOLE;
  // Set whole, a part that holds a viewer's own field holds the spectator's.
  const view = keyed(shared)?.view;
  const hand = keyed(view)?.hand;
  const players = keyed(hand)?.players;
  const eachPlayer = keyed(players);
  if (
    (shared && !keyed(shared)) ||
    (view && !keyed(view)) ||
    (hand && !keyed(hand)) ||
    (players && (!eachPlayer || Object.values(eachPlayer).some((p) => !keyed(p))))
  )
    return WHOLE;
  let patch = shared;
  patch = setAt(patch, ["you"], diff(guess.you, after.you));
  patch = setAt(patch, ["view", "mySeat"], diff(guess.view.mySeat, after.view.mySeat));
  patch = setAt(
    patch,
    ["view", "myAutoRebuy"],
    diff(guess.view.myAutoRebuy, after.view.myAutoRebuy),
  );
  patch = setAt(
    patch,
    ["view", "myShowMyHand"],
    diff(guess.view.myShowMyHand, after.view.myShowMyHand),
  );
  if (gh && ah) {
    patch = setAt(patch, ["view", "hand", "legalActions"], diff(gh.legalActions, ah.legalActions));
    // Every player's cards as this viewer sees them: the others' are the spectator's anyway.
    ah.players.forEach((p, i) => {
      const cards = diff(gh.players[i]?.holeCards, p.holeCards);
      patch = setAt(patch, ["view", "hand", "players", String(i), "holeCards"], cards);
    });
  }
  return patch;
}

/** A patch of keys (not a value set whole), or undefined. */
function keyed(patch: Patch | undefined): { [key: string]: Patch } | undefined {
  return patch && !Array.isArray(patch) ? patch : undefined;
}

/** `patch` with `change` at `path` (removed there when undefined), copied along the path only. */
function setAt(
  patch: Patch | undefined,
  path: readonly string[],
  change: Patch | undefined,
): Patch | undefined {
  const [key, ...rest] = path as [string, ...string[]];
  const node = keyed(patch) ?? {};
  const was = node[key];
  const now = rest.length === 0 ? change : setAt(was, rest, change);
  if (now === was) return patch;
  const copy: { [key: string]: Patch } = {};
  for (const k of Object.keys(node)) if (k !== key) copy[k] = node[k] as Patch;
  if (now !== undefined) copy[key] = now;
  return Object.keys(copy).length > 0 ? copy : undefined;
}

export type Followed =
  | { ok: true; state: StateMessage }
  /** The message does not follow the state held (a lost or reordered message): ask for `sync`. */
  | { ok: false; reason: "gap" | "mismatch" };

/** The state after `message`, given the state held; the result's `events` are the message's, enveloped. */
export function followFeed(
  held: StateMessage | null,
  message: StateMessage | DeltaMessage,
): Followed {
  if (message.type === "state") return { ok: true, state: message };
  if (!held || message.feed !== held.feed + 1) return { ok: false, reason: "gap" };
  try {
    const events = unpack(message, held);
    const foreseen = foresee(bodyOf(held), events, message.lap);
    const body = message.patch ? applyPatch(foreseen, message.patch) : foreseen;
    return { ok: true, state: { type: "state", feed: message.feed, ...body, events } };
  } catch (error) {
    if (error instanceof PatchMismatch || error instanceof UnpackMismatch)
      return { ok: false, reason: "mismatch" };
    throw error;
  }
}
