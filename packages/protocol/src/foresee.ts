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

type Body = Omit<StateMessage, "type" | "feed" | "events">;
type View = Body["view"];
type Hand = NonNullable<View["hand"]>;
type Player = Hand["players"][number];

/** The chips a betting event adds to its player's bet (null: not one this knows). */
function added(event: { type: string }, player: Player): number | null {
  const e = event as { type: string; amount?: number; extra?: true };
  if (typeof e.amount !== "number") return null;
  switch (e.type) {
    case "called":
      return e.amount;
    case "betPlaced":
    case "raisedTo":
      return e.amount - player.bet;
    case "blindPosted":
      return e.extra ? null : e.amount;
    default:
      return null;
  }
}

/** The view after one hand event, as far as the event tells. */
function afterEvent(view: View, hand: Hand, event: { type: string; seat?: number }): View {
  if (event.type === "boardDealt") {
    // A new street: its cards on the board, and the last street's bets gathered into the pot.
    const { street, cards } = event as Extract<HandEvent, { type: "boardDealt" }>;
    const players = hand.players.map((p) => (p.bet === 0 ? p : { ...p, bet: 0 }));
    return { ...view, hand: { ...hand, street, board: [...hand.board, ...cards], players } };
  }
  if (event.type === "potAwarded") {
    const { type: _type, ...award } = event as Extract<HandEvent, { type: "potAwarded" }>;
    return { ...view, hand: { ...hand, awards: [...hand.awards, award] } };
  }
  if (event.type === "handEnded") {
    // The hand is over: its stacks are final, nobody is to act, the pots are paid.
    const { stacks } = event as Extract<HandEvent, { type: "handEnded" }>;
    const stackOf = new Map(stacks.map((s) => [s.seat, s.stack]));
    const players = hand.players.map((p) => ({ ...p, stack: stackOf.get(p.seat) ?? p.stack }));
    const seats = view.seats.map((s) =>
      s && stackOf.has(s.seat) ? { ...s, stack: stackOf.get(s.seat) as number } : s,
    );
    const ended: Hand = { ...hand, phase: "complete", toAct: null, totalPot: 0, players };
    return { ...view, seats, hand: ended };
  }
  const index = hand.players.findIndex((p) => p.seat === event.seat);
  const player = hand.players[index];
  if (!player) return view;
  const seatIndex = view.seats.findIndex((s) => s?.seat === event.seat);
  const seat = view.seats[seatIndex];
  const withPlayer = (next: Player, totalPot = hand.totalPot): Hand => ({
    ...hand,
    totalPot,
    players: hand.players.map((p, i) => (i === index ? next : p)),
  });
  if (event.type === "handShown") {
    const { cards } = event as Extract<HandEvent, { type: "handShown" }>;
    return { ...view, hand: withPlayer({ ...player, holeCards: cards, shown: true }) };
  }
  if (event.type === "folded") {
    const seats = seat
      ? view.seats.map((s, i) => (i === seatIndex && s ? { ...s, inHand: false } : s))
      : view.seats;
    return { ...view, seats, hand: withPlayer({ ...player, folded: true }) };
  }
  const chips = added(event, player);
  if (chips === null || chips < 0) return view;
  const allIn = (event as { allIn?: boolean }).allIn === true || player.allIn;
  const next: Player = {
    ...player,
    stack: player.stack - chips,
    bet: player.bet + chips,
    committed: player.committed + chips,
    allIn,
  };
  const seats = seat
    ? view.seats.map((s, i) => (i === seatIndex && s ? { ...s, stack: s.stack - chips } : s))
    : view.seats;
  return { ...view, seats, hand: withPlayer(next, hand.totalPot + chips) };
}

/** The state held, moved on by what `events` say of it. */
export function foresee(body: Body, events: StateMessage["events"]): Body {
  if (events.length === 0) return body;
  let view: View = { ...body.view, version: body.view.version + 1 };
  const mine = events.filter(
    (e) => e.type === "handEvent" && e.handNumber === view.handNumber && view.hand !== null,
  );
  if (mine.length > 0 && view.hand)
    view = { ...view, hand: { ...view.hand, version: view.hand.version + 1 } };
  for (const e of mine) {
    if (e.type !== "handEvent" || !view.hand) continue;
    view = afterEvent(view, view.hand, e.event);
  }
  return { ...body, view };
}
