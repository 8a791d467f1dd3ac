/**
 * What a change's events say of the view, worked out on both ends of the
 * feed, so that a delta's patch carries only what they do not. A deal seats
 * its players in a fresh hand, with its rules and the seed committed last
 * time; a blind, call, bet or raise moves chips from a stack to a bet and the
 * pot; a fold takes a player out of the hand and its pots; the turn passes to
 * the next player who can act, with a clock as long as the last one; the
 * player to act gets the actions no-limit betting would give him; a new
 * street gathers the bets (stud's with its first card, opened by the bring-in
 * or the best hand showing, ST-2, ST-3); a showdown's shown hands and pots awarded, and the
 * stacks the hand ended with, are set; a sit-out, sit-in, leave or debt
 * changes its seat; and every change moves the versions on.
 * The room takes its patch against this guess, and the client applies the
 * patch to the same guess, so a guess that is wrong (an event this does not
 * know, a betting round that closed, a raise of another size, a version that
 * moved twice) costs bytes, never correctness: the patch sets what the guess
 * missed. Pure and total: a state of any shape comes back, guessed or as it was.
 */

import type { HandEvent, TableEvent } from "./events";
import type { GameKind, Street } from "./poker";
import type { StateMessage } from "./table";
import type { SeatView } from "./view";

type Body = Omit<StateMessage, "type" | "feed" | "events">;
type View = Body["view"];
type Hand = NonNullable<View["hand"]>;
type Player = Hand["players"][number];
/** A view with a hand in it: what the hand's events move on. */
type Dealt = View & { hand: Hand };
type Started = Extract<HandEvent, { type: "handStarted" }>;

/** Each game's opening street. */
const FIRST_STREET: Record<GameKind, Street> = {
  holdem: "preflop",
  omaha: "preflop",
  "five-card-draw": "predraw",
  stud7: "third",
  stud5: "second",
};

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

/** The hand a deal starts, before its blinds and cards: its players seated with their stacks. */
function started(view: View, handNumber: number, event: Started): Dealt {
  const { rules, button } = event;
  const players: Player[] = event.players.map(({ seat, stack, name }) => ({
    seat,
    ...(name !== undefined && { name }),
    stack,
    bet: 0,
    committed: 0,
    folded: false,
    allIn: false,
    holeCards: null,
    holeCardCount: 0,
    upCards: [],
    shown: false,
    mucked: false,
    drew: null,
  }));
  const stackOf = new Map(players.map((p) => [p.seat, p.stack]));
  const seats = view.seats.map((s) => {
    if (!s) return s;
    const stack = stackOf.get(s.seat);
    return stack === undefined ? { ...s, inHand: false } : { ...s, stack, inHand: true };
  });
  const hand: Hand = {
    version: 0,
    game: rules.game,
    betting: rules.betting,
    smallBlind: rules.smallBlind,
    bigBlind: rules.bigBlind,
    ante: rules.ante,
    button,
    street: FIRST_STREET[rules.game],
    phase: "betting",
    board: [],
    players,
    pots: [],
    totalPot: 0,
    toAct: null,
    legalActions: null,
    awards: [],
    rakeTaken: 0,
    deckType: rules.deckType,
    wild: rules.wild,
    needsReshuffle: false,
    smallBet: rules.smallBet,
    bigBet: rules.bigBet,
    bringIn: rules.bringIn,
  };
  // The blinds' seats come with their events.
  const positions = view.positions && { ...view.positions, button, newGame: false };
  return { ...view, handNumber, button, positions, seats, hand };
}

/**
 * What the player to act may do, as no-limit betting would have it: fold or
 * call what he owes, else check, and raise by at least the last raise (or a
 * big blind) up to all he has. A guess: the engine decides what is legal,
 * and any other game's or street's difference comes in the patch.
 */
function legalGuess(
  hand: Hand,
  seat: number,
  held: Hand["legalActions"] = hand.legalActions,
): Hand["legalActions"] {
  const me = hand.players.find((p) => p.seat === seat);
  if (!me) return held;
  const nothing = { fold: false, check: false, call: null, betOrRaise: null, draw: null };
  // A hand stored mid-showdown (before it played itself) waits for its timeout alone.
  if (hand.phase === "showdown") return nothing;
  if (hand.phase !== "betting") return held;
  const bets = [...new Set(hand.players.map((p) => p.bet))].sort((a, b) => b - a);
  const top = bets[0] ?? 0;
  const owed = top - me.bet;
  const all = me.stack + me.bet;
  const raise = Math.max(top - (bets[1] ?? 0), hand.bigBlind);
  return {
    ...nothing,
    fold: owed > 0,
    check: owed === 0,
    call: owed > 0 ? { amount: Math.min(owed, me.stack), allIn: me.stack <= owed } : null,
    betOrRaise:
      me.stack > owed
        ? { kind: top === 0 ? "bet" : "raise", min: Math.min(all, top + raise), max: all }
        : null,
  };
}

/** Stud's games (ST-1, ST-5): their streets deal each player cards, and their own player opens each. */
const isStud = (game: GameKind): boolean => game === "stud7" || game === "stud5";

/**
 * ST-3: what a player's up cards show, higher acting first: quads, trips, two
 * pair, a pair, then high cards, rank by rank; suits, straights and flushes do
 * not count (the engine's stud.ts, whose order this follows).
 */
function showing(up: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const card of up) counts.set(card >> 2, (counts.get(card >> 2) ?? 0) + 1);
  const groups = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const pairs = groups.filter(([, c]) => c === 2).length;
  const top = groups[0]?.[1] ?? 0;
  let value = top === 4 ? 4 : top === 3 ? 3 : pairs === 2 ? 2 : pairs;
  for (let slot = 0; slot < 4; slot++) value = value * 16 + ((groups[slot]?.[0] ?? -1) + 1);
  return value;
}

/**
 * Who opens a stud street once its cards are out: on the first street the
 * lowest up card brings in (ST-2: aces high, then clubs < diamonds < hearts <
 * spades, the cards' own order); later the best hand showing (ST-3), a tie
 * going to the lower seat (the dealer sits before seat 1). The turn falls to
 * the first from there who can act; nobody acts when at most one can bet.
 */
function studOpener(hand: Hand): number | null {
  const live = hand.players.filter((p) => !p.folded);
  if (live.filter((p) => !p.allIn).length <= 1) return null;
  let from: Player | undefined;
  if (hand.street === FIRST_STREET[hand.game]) {
    let lowest = Number.POSITIVE_INFINITY;
    for (const p of live)
      for (const card of p.upCards)
        if (card < lowest) {
          lowest = card;
          from = p;
        }
  } else {
    let best = -1;
    for (const p of live) {
      const value = showing(p.upCards);
      if (value > best) {
        best = value;
        from = p;
      }
    }
  }
  if (!from) return null;
  const able = hand.players.filter((p) => !p.folded && !p.allIn).map((p) => p.seat);
  const seat = from.seat;
  return able.find((s) => s >= seat) ?? able[0] ?? null;
}

/** A new street: the last street's bets gathered into the pot, one pot for all while nobody is all in. */
function newStreet(hand: Hand, street: Street): Hand {
  const players = hand.players.map((p) => (p.bet === 0 ? p : { ...p, bet: 0 }));
  const inHand = players.filter((p) => !p.folded);
  const pots =
    hand.pots.length <= 1 && !inHand.some((p) => p.allIn)
      ? [{ amount: hand.totalPot, eligible: inHand.map((p) => p.seat) }]
      : hand.pots;
  return { ...hand, street, players, pots };
}

/** The first player after `seat`, round the table, who can still act (null: none). */
function nextToAct(hand: Hand, seat: number): number | null {
  const able = hand.players.filter((p) => !p.folded && !p.allIn).map((p) => p.seat);
  return able.find((s) => s > seat) ?? able[0] ?? null;
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
      // Stud's board card is the common river (ST-6), opened like any later street (ST-3).
      const next = newStreet(hand, event.street);
      const board = [...hand.board, ...event.cards];
      const toAct = isStud(hand.game) ? studOpener(next) : nextToAct(next, hand.button);
      return { ...view, hand: { ...next, board, toAct } };
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
        s ? { ...s, stack: stackOf.get(s.seat) ?? s.stack, inHand: false } : s,
      );
      const ended: Hand = {
        ...hand,
        phase: "complete",
        toAct: null,
        totalPot: 0,
        pots: [],
        players,
      };
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
  /** The hand after the player's move, the turn passed on to the next who can act. */
  const moved = (next: Player, totalPot = hand.totalPot): Hand => {
    const after = withPlayer(next, totalPot);
    return { ...after, toAct: nextToAct(after, seat) };
  };
  switch (event.type) {
    case "holeCardsDealt": {
      // Stud deals down cards on two streets (ST-1): each deal adds to what the player holds.
      const holeCards = event.cards && [...(player.holeCards ?? []), ...event.cards];
      const dealt = { ...player, holeCards, holeCardCount: player.holeCardCount + event.count };
      // A down card to a player who shows up cards is seven-card stud's river, a street of its own.
      if (!isStud(hand.game) || player.upCards.length === 0)
        return { ...view, hand: withPlayer(dealt) };
      const river = hand.street === "seventh" ? hand : newStreet(hand, "seventh");
      const after = {
        ...river,
        players: river.players.map((p) => (p.seat === seat ? { ...dealt, bet: p.bet } : p)),
      };
      return { ...view, hand: { ...after, toAct: studOpener(after) } };
    }
    case "upCardsDealt": {
      // The first card of a street gathers the last street's bets; the street's opener is
      // known once its cards are out, and the last card's event leaves the guess right.
      const next = event.street === hand.street ? hand : newStreet(hand, event.street);
      const players = next.players.map((p) =>
        p.seat === seat ? { ...p, upCards: [...p.upCards, ...event.cards] } : p,
      );
      const after = { ...next, players };
      return { ...view, hand: { ...after, toAct: studOpener(after) } };
    }
    case "handShown":
      // Shown at the showdown, or after the hand (S-2: a mucked hand shown is no longer mucked).
      return {
        ...view,
        hand: withPlayer({ ...player, holeCards: event.cards, shown: true, mucked: false }),
      };
    case "checked":
      return { ...view, hand: moved(player) };
    case "folded": {
      const seats = withSeat(view, seat, (s) => ({ ...s, inHand: false }));
      // A folded player has no claim on any pot.
      const pots = hand.pots.map((p) => ({ ...p, eligible: p.eligible.filter((s) => s !== seat) }));
      const folded = moved({ ...player, folded: true });
      return { ...view, seats, hand: { ...folded, pots } };
    }
    case "uncalledBetReturned": {
      const { amount } = event;
      const back: Player = {
        ...player,
        stack: player.stack + amount,
        bet: player.bet - amount,
        committed: player.committed - amount,
        allIn: false,
      };
      const seats = withSeat(view, seat, (s) => ({ ...s, stack: s.stack + amount }));
      return { ...view, seats, hand: withPlayer(back, hand.totalPot - amount) };
    }
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
  // A blind in its place is the hand's small or big blind.
  const positions =
    event.type === "blindPosted" && view.positions
      ? { ...view.positions, [event.blind === "small" ? "smallBlind" : "bigBlind"]: seat }
      : view.positions;
  return { ...view, positions, seats, hand: moved(next, hand.totalPot + chips) };
}

/** The state held, moved on by what `events` say of it, and by a clock started `lap` ms after the last. */
export function foresee(body: Body, events: StateMessage["events"], lap?: number): Body {
  if (events.length === 0) return body;
  let next: Body = body;
  let view: View = { ...body.view, version: body.view.version + 1 };
  /** Whether the hand's version has moved on for this change (once, however many its events). */
  let moved = false;
  for (const e of events) {
    if (e.type !== "handEvent") {
      view = afterTableEvent(view, e);
      continue;
    }
    if (e.event.type === "handStarted") {
      view = started(view, e.handNumber, e.event);
      next = dealtBody(next, e.handNumber, e.event);
      moved = true;
      continue;
    }
    if (e.handNumber !== view.handNumber || !view.hand) continue;
    let dealt: Dealt = { ...view, hand: view.hand };
    if (!moved) dealt = { ...dealt, hand: { ...dealt.hand, version: dealt.hand.version + 1 } };
    moved = true;
    view = afterEvent(dealt, e.event);
  }
  const { hand } = view;
  if (hand) {
    const legalActions = legalActionsAfter(body.view, view.handNumber, hand, view.mySeat);
    if (legalActions !== hand.legalActions) view = { ...view, hand: { ...hand, legalActions } };
  }
  return { ...next, view, clock: clockAfter(next.clock, view.hand?.toAct ?? null, lap) };
}

/**
 * Only the player to act has actions to choose from: a turn just come round
 * is guessed, one still running keeps what it had. `held` is the view before
 * the change; `hand` the hand after it; `carried` the legal actions the
 * viewer's hand carried through the change's events.
 */
function legalActionsAfter(
  held: View,
  handNumber: number,
  hand: Hand,
  mySeat: number | null,
  carried: Hand["legalActions"] = hand.legalActions,
): Hand["legalActions"] {
  const { toAct } = hand;
  if (toAct === null || toAct !== mySeat) return null;
  const stillMine =
    held.handNumber === handNumber && held.hand?.toAct === toAct && held.hand.phase === hand.phase;
  return stillMine ? carried : legalGuess(hand, toAct, carried);
}

/**
 * `foresee(body, events, lap)` for one viewer of a change, given what it
 * gave for a spectator of the same change (`spectator`). The viewers' states
 * differ only in their own fields (`you`, `mySeat`, `myAutoRebuy`, `myShowMyHand`, the hole
 * cards they see, their legal actions), and nothing else foresee works out
 * reads them: so the rest is the spectator's, and only those fields are
 * followed through the viewer's events here, as `foresee` moves them. The
 * room thus moves the shared part once per change, not once per socket.
 */
export function foreseeFor(spectator: Body, body: Body, events: StateMessage["events"]): Body {
  if (events.length === 0) return body;
  const held = body.view;
  let { mySeat, myAutoRebuy, myShowMyHand, handNumber } = held;
  /** The hole cards the viewer sees, by seat, in the hand the events move on (null: no hand). */
  let cards = held.hand && new Map(held.hand.players.map((p) => [p.seat, p.holeCards]));
  let carried = held.hand?.legalActions ?? null;
  for (const e of events) {
    if (e.type !== "handEvent") {
      if (e.type === "playerLeft" && e.seat === mySeat) {
        mySeat = null;
        myAutoRebuy = null;
        myShowMyHand = false;
      }
      continue;
    }
    const { event } = e;
    if (event.type === "handStarted") {
      handNumber = e.handNumber;
      cards = new Map(event.players.map((p) => [p.seat, null]));
      carried = null;
      continue;
    }
    if (e.handNumber !== handNumber || !cards) continue;
    // Stud deals down cards one at a time, on two streets (ST-1): each adds to what is held, as in foresee.
    if (event.type === "holeCardsDealt" && cards.has(event.seat))
      cards.set(event.seat, event.cards && [...(cards.get(event.seat) ?? []), ...event.cards]);
    else if (event.type === "handShown" && cards.has(event.seat))
      cards.set(event.seat, event.cards);
  }
  const { view } = spectator;
  let { hand } = view;
  if (hand && cards) {
    let players = hand.players;
    for (const [i, p] of hand.players.entries()) {
      const seen = cards.has(p.seat) ? (cards.get(p.seat) ?? null) : p.holeCards;
      if (seen === p.holeCards) continue;
      // Copied once, and only when a player's cards are not the spectator's (usually his own).
      if (players === hand.players) players = [...players];
      players[i] = { ...p, holeCards: seen };
    }
    const legalActions = legalActionsAfter(held, view.handNumber, hand, mySeat, carried);
    if (players !== hand.players || legalActions !== hand.legalActions)
      hand = { ...hand, players, legalActions };
  }
  return {
    ...spectator,
    you: body.you,
    view: { ...view, mySeat, myAutoRebuy, myShowMyHand, hand },
  };
}

/**
 * What a deal changes beside the view: its rules, no next hand waiting, and
 * the deal's commitment to the seed committed last time.
 */
function dealtBody(body: Body, handNumber: number, event: Started): Body {
  const { fairness } = body;
  const deal = fairness?.deal;
  const seedCommitment = fairness?.nextSeedCommitment;
  return {
    ...body,
    rules: event.rules,
    nextHandAt: null,
    fairness:
      fairness && deal && seedCommitment
        ? { ...fairness, handNumber, deal: { ...deal, seedCommitment } }
        : fairness,
  };
}

/** The view after a table event, as far as it tells. */
function afterTableEvent(view: View, event: Exclude<TableEvent, { type: "handEvent" }>): View {
  switch (event.type) {
    case "playerSatOut":
      return {
        ...view,
        seats: withSeat(view, event.seat, (s) => ({ ...s, status: "sittingOut" })),
      };
    case "playerSatIn":
      return { ...view, seats: withSeat(view, event.seat, (s) => ({ ...s, status: "active" })) };
    case "leaveRequested":
      return { ...view, seats: withSeat(view, event.seat, (s) => ({ ...s, leaving: true })) };
    case "waitForBigBlindSet": {
      const { wait } = event;
      return {
        ...view,
        seats: withSeat(view, event.seat, (s) => ({ ...s, waitForBigBlind: wait })),
      };
    }
    case "blindsOwed": {
      const { owes } = event;
      return { ...view, seats: withSeat(view, event.seat, (s) => ({ ...s, owes })) };
    }
    case "playerLeft": {
      const seats = view.seats.map((s) => (s?.seat === event.seat ? null : s));
      const mine = view.mySeat === event.seat;
      return mine
        ? { ...view, seats, mySeat: null, myAutoRebuy: null, myShowMyHand: false }
        : { ...view, seats };
    }
    default:
      return view;
  }
}

/**
 * The clock a change started `lap` ms after the held one (undefined: none
 * started, the held one runs on), for whoever is to act: as long to act as
 * the held one gave, and as long a bank after it.
 */
function clockAfter(held: Body["clock"], toAct: number | null, lap: number | undefined) {
  if (!held || toAct === null || lap === undefined) return held;
  return {
    seat: toAct,
    startedAt: held.startedAt + lap,
    actionEndsAt: held.actionEndsAt + lap,
    timesOutAt: held.timesOutAt + lap,
  };
}
