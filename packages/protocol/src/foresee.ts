/**
 * What a change's events say of the view, worked out on both ends of the
 * feed, so that a delta's patch carries only what they do not: a call moves
 * chips from a stack to a bet and the pot, a fold takes a player out of the
 * hand, and every change moves the versions on. The room takes its patch
 * against this guess, and the client applies the patch to the same guess, so
 * a guess that is wrong (an event this does not know, a version that moved
 * twice) costs bytes, never correctness: the patch sets what the guess missed.
 * A showdown's shown hands and pots awarded, and the stacks the hand ended
 * with, are guessed too.
 * Pure and total: a state of any shape comes back, guessed or as it was.
 */
import type { HandEvent } from "./events";
import type { StateMessage } from "./table";
import type { SeatView } from "./view";

type Body = Omit<StateMessage, "type" | "feed" | "events">;
type View = Body["view"];
type Hand = NonNullable<View["hand"]>;
type Player = Hand["players"][number];
/** A view with a hand in it: what the hand's events move on. */
type Dealt = View & { hand: Hand };

/** The chips a betting event adds to its player's bet (null: not one this knows). */
function added(event: HandEvent, player: Player): number | null {
  switch (event.type) {
    case "called":
      return event.amount;
    case "betPlaced":
    case "raisedTo":
      return event.amount - player.bet;
    case "blindPosted":
      return event.extra ? null : event.amount;
    default:
      return null;
  }
}

/** `view`'s seats, the one numbered `seat` changed as `change` says. */
function withSeat(view: View, seat: number, change: (s: SeatView) => SeatView): View["seats"] {
  return view.seats.map((s) => (s?.seat === seat ? change(s) : s));
}

/** The view after one hand event, as far as the event tells. */
function afterEvent(view: Dealt, event: HandEvent): Dealt {
  const { hand } = view;
  switch (event.type) {
    case "boardDealt": {
      // A new street: its cards on the board, and the last street's bets gathered into the pot.
      const players = hand.players.map((p) => (p.bet === 0 ? p : { ...p, bet: 0 }));
      const board = [...hand.board, ...event.cards];
      return { ...view, hand: { ...hand, street: event.street, board, players } };
    }
    case "potAwarded": {
      const { type: _type, ...award } = event;
      return { ...view, hand: { ...hand, awards: [...hand.awards, award] } };
    }
    case "handEnded": {
      // The hand is over: its stacks are final, nobody is to act, the pots are paid.
      const stackOf = new Map(event.stacks.map((s) => [s.seat, s.stack]));
      const players = hand.players.map((p) => ({ ...p, stack: stackOf.get(p.seat) ?? p.stack }));
      const seats = view.seats.map((s) =>
        s && stackOf.has(s.seat) ? { ...s, stack: stackOf.get(s.seat) ?? s.stack } : s,
      );
      const ended: Hand = { ...hand, phase: "complete", toAct: null, totalPot: 0, players };
      return { ...view, seats, hand: ended };
    }
  }
  if (!("seat" in event)) return view;
  const { seat } = event;
  const player = hand.players.find((p) => p.seat === seat);
  if (!player) return view;
  const withPlayer = (next: Player, totalPot = hand.totalPot): Hand => ({
    ...hand,
    totalPot,
    players: hand.players.map((p) => (p.seat === seat ? next : p)),
  });
  if (event.type === "handShown") {
    return { ...view, hand: withPlayer({ ...player, holeCards: event.cards, shown: true }) };
  }
  if (event.type === "folded") {
    const seats = withSeat(view, seat, (s) => ({ ...s, inHand: false }));
    return { ...view, seats, hand: withPlayer({ ...player, folded: true }) };
  }
  const chips = added(event, player);
  if (chips === null || chips < 0) return view;
  const next: Player = {
    ...player,
    stack: player.stack - chips,
    bet: player.bet + chips,
    committed: player.committed + chips,
    allIn: player.allIn || ("allIn" in event && event.allIn),
  };
  const seats = withSeat(view, seat, (s) => ({ ...s, stack: s.stack - chips }));
  return { ...view, seats, hand: withPlayer(next, hand.totalPot + chips) };
}

/** The state held, moved on by what `events` say of it. */
export function foresee(body: Body, events: StateMessage["events"]): Body {
  if (events.length === 0) return body;
  let view: View = { ...body.view, version: body.view.version + 1 };
  const mine = events.flatMap((e) =>
    e.type === "handEvent" && e.handNumber === view.handNumber ? [e.event] : [],
  );
  if (mine.length > 0 && view.hand) {
    let dealt: Dealt = { ...view, hand: { ...view.hand, version: view.hand.version + 1 } };
    for (const event of mine) dealt = afterEvent(dealt, event);
    view = dealt;
  }
  return { ...body, view };
}
