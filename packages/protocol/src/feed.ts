/**
 * Both ends of the table feed: the room turns two states of one viewer into a
 * delta, and a client folds deltas into the state it holds. A delta is the
 * change's events and a patch of what they do not tell: both ends move the
 * state on by the events first (`foresee`), and the patch is taken against
 * that. Folding the deltas a viewer got since a full state gives exactly the
 * full state the room would send it now (a property test in the api checks
 * that).
 */
import { foresee } from "./foresee";
import { pack, UnpackMismatch, unpack } from "./pack";
import { applyPatch, type DiffMemo, diff, PatchMismatch } from "./patch";
import type { DeltaMessage, StateMessage } from "./table";

/** What a delta patches: the state without its envelope and its events. */
type Body = Omit<StateMessage, "type" | "feed" | "events">;

function bodyOf({ type: _t, feed: _f, events: _e, ...body }: StateMessage): Body {
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
  // A clock that started with this change, after the last one: both ends guess its deadlines.
  const lap =
    after.clock && before.clock && after.clock.startedAt !== before.clock.startedAt
      ? after.clock.startedAt - before.clock.startedAt
      : undefined;
  const patch = diff(foresee(bodyOf(before), events, lap), bodyOf(after), memo);
  return {
    type: "delta",
    feed: after.feed,
    ...(lap !== undefined && { lap }),
    ...(patch && { patch }),
    ...pack(events, before),
  };
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
