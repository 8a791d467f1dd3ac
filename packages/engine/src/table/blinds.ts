/**
 * Seat rules shared by every blind game (T-7, T-8, T-9): who is dealt into
 * the next hand, who posts which blind and where the button goes, from the
 * seats and the positions of the last hand. Pure: `planHand` says what the
 * next deal does and table.ts applies it.
 *
 * The dead-button rule (T-9), as the tournament tables play it:
 *   - the big blind moves every hand to the next seat after the last big
 *     blind whose player can play (sitting in, with chips), newcomers
 *     included: nobody skips the big blind;
 *   - the small blind is the seat that was the big blind; when its player is
 *     not dealt in, the small blind is dead (nobody posts it);
 *   - the button is the seat that was the small blind, occupied or not: the
 *     player who posted the small blind gets it, having posted both blinds.
 * Heads-up (T-2) the big blind still moves on and the other player has the
 * button and posts the small blind.
 *
 * Players who owe blinds (T-7 newcomers, T-8 MS/MB marks) are dealt in when
 * the big blind reaches them (they post it and owe nothing more), or at once
 * if they chose to post what they owe, unless they sit between the button
 * and the big blind (the button, the small blind or a seat between): there
 * they would get the button or the small blind without having paid a big
 * blind, so they wait until the button has passed them. The player the big
 * blind reaches next hand waits for it too rather than pay two in a row.
 * Heads-up the player beside the big blind gets the button and the small
 * blind (T-2), so one who owes waits there too; when that leaves only the big
 * blind in the game, the game starts again (`newGame`).
 * A player sitting
 * out is marked as the blinds pass him: MB when the big blind moves past his
 * seat, MS when his seat's turn for the small blind comes.
 */
import type { BlindPositions } from "../hand";
import type { BlindDebt, Occupant, TablePositions, TableState } from "./types";

export interface HandPlan {
  /** Occupants dealt in, in seat order. */
  players: Occupant[];
  positions: TablePositions;
  /** The blind posters for `startHand`. */
  blinds: BlindPositions;
  /** Seats whose debt this deal changes: marks set as blinds pass, debts paid or forgiven. */
  debts: { seat: number; owes: BlindDebt | null }[];
}

/** Can be dealt in: sitting in, with chips, not on his way out. */
export const canPlay = (o: Occupant): boolean => o.status === "active" && o.stack > 0 && !o.leaving;

/** The next hand's plan, or null when fewer than two players can play. */
export function planHand(state: TableState): HandPlan | null {
  const able = state.seats.filter((o): o is Occupant => o !== null && canPlay(o));
  if (able.length < 2) return null;
  const last = state.positions;
  if (last === null) return firstHand(state, able);

  const ring = new Ring(state.config.seatCount);
  const isAble = (seat: number) => able.some((o) => o.seat === seat);
  const bigBlind = ring.next(last.bigBlind, isAble);
  const smallBlind = last.bigBlind;
  // The last small blind's seat, unless the big blind has jumped past it (players left or sat
  // out; coming out of heads-up): then the seat right of the small blind, so that the order
  // button, small blind, big blind holds.
  const button = ring.strictlyBetween(last.smallBlind, bigBlind, smallBlind)
    ? last.smallBlind
    : ring.before(smallBlind);
  const beforeBigBlind = (seat: number) =>
    ring.offset(seat, button) < ring.offset(bigBlind, button);
  // The big blind reaches the first seat after this one next hand: posting now would cost that
  // player two big blinds in a row for one hand, so he waits for it.
  const nextBigBlind = ring.next(bigBlind, isAble);
  const dealtIn = able.filter(
    (o) =>
      o.owes === null ||
      o.seat === bigBlind ||
      (!o.waitForBigBlind && !beforeBigBlind(o.seat) && o.seat !== nextBigBlind),
  );
  const dealt = new Set(dealtIn.map((o) => o.seat));
  const marks = missedBlinds(state, ring, last.bigBlind, bigBlind, dealt);

  // Heads-up (T-2) the player other than the big blind gets the button and the small blind: if he
  // owes, he would get them without having paid a big blind (T-9), so he waits like any player
  // on the button, and the big blind alone is in the game.
  const headsUpOwing =
    dealtIn.length === 2 && dealtIn.some((o) => o.seat !== bigBlind && o.owes !== null);
  if (dealtIn.length < 2 || headsUpOwing) return newGame(ring, able, bigBlind, marks);
  if (dealtIn.length === 2) return headsUp(dealtIn, bigBlind, marks, false);
  const smallBlindLive = dealt.has(smallBlind);
  const owing = dealtIn.filter((o) => o.seat !== bigBlind && o.owes !== null);
  return {
    players: dealtIn,
    positions: {
      button,
      smallBlind,
      smallBlindDead: !smallBlindLive,
      bigBlind,
      newGame: false,
    },
    blinds: {
      smallBlind: smallBlindLive ? smallBlind : null,
      bigBlind,
      extraBigBlinds: owing.filter((o) => o.owes !== "missedSmall").map((o) => o.seat),
      deadSmallBlinds: owing.filter((o) => o.owes !== "newPlayer").map((o) => o.seat),
    },
    debts: [...marks, ...cleared(dealtIn)],
  };
}

/**
 * The first hand at the table: everyone who can play is in, the button on
 * the lowest seat (T-1) and the blinds left of it (T-2). A table stored
 * before positions were kept has a button but no positions: it moves on.
 */
function firstHand(state: TableState, able: Occupant[]): HandPlan {
  const ring = new Ring(state.config.seatCount);
  const isAble = (seat: number) => able.some((o) => o.seat === seat);
  const button =
    state.button === null ? (able[0] as Occupant).seat : ring.next(state.button, isAble);
  if (able.length === 2) return headsUp(able, ring.next(button, isAble), [], true);
  const smallBlind = ring.next(button, isAble);
  const bigBlind = ring.next(smallBlind, isAble);
  return full(able, button, smallBlind, bigBlind);
}

/**
 * Too few players are in the game to go on by the rules (everyone else waits
 * or owes): the game starts again with everyone who can play, nothing owed.
 * The big blind still moves on; the two players right of it take the small
 * blind and the button.
 */
function newGame(
  ring: Ring,
  able: Occupant[],
  bigBlind: number,
  marks: HandPlan["debts"],
): HandPlan {
  const dealt = new Set(able.map((o) => o.seat));
  // Marks for players who sit out stand; those dealt in now owe nothing.
  const kept = marks.filter((m) => !dealt.has(m.seat));
  if (able.length === 2) return headsUp(able, bigBlind, kept, true);
  const isAble = (seat: number) => dealt.has(seat);
  const smallBlind = ring.previous(bigBlind, isAble);
  const button = ring.previous(smallBlind, isAble);
  const plan = full(able, button, smallBlind, bigBlind);
  return { ...plan, debts: [...kept, ...plan.debts] };
}

/** Everyone dealt in with no one owing: plain T-2 positions. */
function full(players: Occupant[], button: number, smallBlind: number, bigBlind: number): HandPlan {
  return {
    players,
    positions: { button, smallBlind, smallBlindDead: false, bigBlind, newGame: true },
    blinds: { smallBlind, bigBlind },
    debts: cleared(players),
  };
}

/** T-2 heads-up: the other player has the button and posts the small blind; whatever either owed is settled. */
function headsUp(
  players: Occupant[],
  bigBlind: number,
  marks: HandPlan["debts"],
  newGame: boolean,
): HandPlan {
  const other = (players.find((o) => o.seat !== bigBlind) as Occupant).seat;
  return {
    players,
    positions: { button: other, smallBlind: other, smallBlindDead: false, bigBlind, newGame },
    blinds: { smallBlind: other, bigBlind },
    debts: [...marks, ...cleared(players)],
  };
}

const cleared = (players: Occupant[]): HandPlan["debts"] =>
  players.filter((o) => o.owes !== null).map((o) => ({ seat: o.seat, owes: null }));

/**
 * T-8 marks for players not dealt in: MB for each seat the big blind moved
 * past (from the last big blind to this one), MS for the seat whose turn for
 * the small blind it is (the last big blind's). A newcomer who has never
 * played keeps owing just his big blind.
 */
function missedBlinds(
  state: TableState,
  ring: Ring,
  lastBigBlind: number,
  bigBlind: number,
  dealt: ReadonlySet<number>,
): HandPlan["debts"] {
  const marks: HandPlan["debts"] = [];
  for (let seat = ring.after(lastBigBlind); seat !== bigBlind; seat = ring.after(seat)) {
    const o = state.seats[seat - 1];
    if (o && !dealt.has(seat) && o.owes !== "newPlayer" && o.owes !== "missedBig")
      marks.push({ seat, owes: "missedBig" });
  }
  const o = state.seats[lastBigBlind - 1];
  if (o && lastBigBlind !== bigBlind && !dealt.has(lastBigBlind) && o.owes === null)
    marks.push({ seat: lastBigBlind, owes: "missedSmall" });
  return marks;
}

/** Seat arithmetic on a table of seats 1…size, clockwise. */
export class Ring {
  constructor(readonly size: number) {}
  /** Clockwise distance from `from` to `seat` (0 for the same seat). */
  offset(seat: number, from: number): number {
    return (seat - from + this.size) % this.size;
  }
  after(seat: number): number {
    return (seat % this.size) + 1;
  }
  before(seat: number): number {
    return ((seat - 2 + this.size) % this.size) + 1;
  }
  /** The first seat clockwise after `from` (wrapping round to `from` itself last) that `accept`s. */
  next(from: number, accept: (seat: number) => boolean): number {
    for (let k = 1; k <= this.size; k++) {
      const seat = ((from - 1 + k) % this.size) + 1;
      if (accept(seat)) return seat;
    }
    return from;
  }
  /** The first seat counter-clockwise before `from` that `accept`s. */
  previous(from: number, accept: (seat: number) => boolean): number {
    for (let k = 1; k <= this.size; k++) {
      const seat = ((from - 1 - k + 2 * this.size) % this.size) + 1;
      if (accept(seat)) return seat;
    }
    return from;
  }
  /** `seat` lies on the clockwise arc from `from` to `to`, both ends excluded. */
  strictlyBetween(seat: number, from: number, to: number): boolean {
    const k = this.offset(seat, from);
    return k > 0 && k < this.offset(to, from);
  }
}
