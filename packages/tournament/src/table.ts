/**
 * The seat and button model of one tournament table.
 *
 * Seats are numbered 1..N clockwise (`seats[i]` is seat i + 1). A table
 * remembers the positions of its last hand (the hand in progress, or the
 * last one played): the button seat, the small-blind seat and the big-blind
 * seat, and who was dealt in. From those alone the next hand's positions
 * follow the dead-button rule (T-9), so nobody skips the big blind:
 *
 *   - the big blind moves to the next occupied seat after the last big
 *     blind, every hand, whoever sits there (a newcomer included);
 *   - the small blind is the seat that was the big blind. If that player
 *     has left, the small blind is dead (nobody posts it);
 *   - the button is the seat that was the small blind, occupied or not
 *     (a dead button).
 *
 * Heads-up (T-2) the big blind still alternates and the other player has
 * the button and posts the small blind.
 *
 * A newcomer (moved in, or a late entrant: anyone not dealt in the last
 * hand here) is dealt in at once, unless their seat lies between the button
 * and the big blind of the next hand (the button seat, the small-blind seat
 * or an empty seat between them). There they would get the button or the
 * small blind without having paid a big blind, so, as T-7 says, they wait
 * until the button has passed them (MT-4: never into the blinds for free).
 * Newcomers are placed by `worstEmptySeat`, so this happens only when no
 * other seat is free. A newcomer in the gap before the big blind simply
 * becomes the big blind: the worst position, and no blind is skipped.
 */

export interface SeatedPlayer {
  playerId: string;
  /** The chips in play: during a hand, the stack the hand started with. */
  stack: number;
  /**
   * Chips bought (a rebuy, an add-on) while this player's hand was in play:
   * paid for, but they join the stack only when that hand ends, so they
   * never play in it (MT-1, T-5). Absent or 0 between hands.
   */
  bought?: number;
}

/** A player's chips, counting those bought during the hand in play. */
export const chipsOf = (occupant: SeatedPlayer) => occupant.stack + (occupant.bought ?? 0);

export interface HandPositions {
  /** Seat numbers. The button may be an empty seat (dead button). */
  button: number;
  /** The small-blind seat, or null when the small blind is dead. */
  smallBlind: number | null;
  /** The seat whose turn it is for the small blind, even when dead: the next button goes there. */
  smallBlindSeat: number;
  bigBlind: number;
  /** Seats dealt in, clockwise from the first seat after the button. */
  dealtIn: number[];
  /** Occupied seats that sit this hand out until the button passes them. */
  waiting: number[];
}

export interface LastHand {
  /** The tournament's hand number. */
  hand: number;
  button: number;
  /** The small-blind seat even when the blind was dead: the next button goes there. */
  smallBlindSeat: number;
  bigBlind: number;
  dealtIn: string[];
}

export interface Table {
  /** Tables are numbered from 1; breaking goes from the highest number down. */
  number: number;
  seats: (SeatedPlayer | null)[];
  /** The hand in progress or the last one played here; null before the first. */
  lastHand: LastHand | null;
  handInProgress: boolean;
}

/**
 * The seats a tournament table has: `seatsPerTable`, but never fewer than
 * three. Tables of two cannot seat an odd field without leaving one player
 * alone with nobody to play (MT-4): a two-per-table tournament plays
 * heads-up where it can and three at one table when the field is odd.
 */
export const seatsAtTable = (seatsPerTable: number): number => Math.max(seatsPerTable, 3);

export function emptyTable(number: number, seatsPerTable: number): Table {
  return {
    number,
    seats: new Array(seatsPerTable).fill(null),
    lastHand: null,
    handInProgress: false,
  };
}

export function playerCount(table: Table): number {
  let count = 0;
  for (const seat of table.seats) if (seat !== null) count++;
  return count;
}

export function occupiedSeats(table: Table): number[] {
  const seats: number[] = [];
  for (let i = 0; i < table.seats.length; i++) if (table.seats[i] !== null) seats.push(i + 1);
  return seats;
}

export function occupantOf(table: Table, seat: number): SeatedPlayer | null {
  return table.seats[seat - 1] ?? null;
}

export function seatOf(table: Table, playerId: string): number | null {
  const index = table.seats.findIndex((s) => s !== null && s.playerId === playerId);
  return index < 0 ? null : index + 1;
}

/** The first seat clockwise strictly after `seat` that satisfies `accept`, or null. */
function nextSeatAfter(
  table: Table,
  seat: number,
  accept: (seat: number) => boolean,
): number | null {
  const n = table.seats.length;
  for (let step = 1; step <= n; step++) {
    const candidate = ((seat - 1 + step) % n) + 1;
    if (accept(candidate)) return candidate;
  }
  return null;
}

/** Whether `seat` lies on the clockwise arc from `from` to `to`, both ends included. */
function onArc(seat: number, from: number, to: number, size: number): boolean {
  const offset = (s: number) => (s - from + size) % size;
  return offset(seat) <= offset(to);
}

/** Seats clockwise starting with the first one after `button`. */
function clockwiseFrom(button: number, seats: readonly number[], size: number): number[] {
  const offset = (s: number) => (s - button - 1 + size) % size;
  return seats.slice().sort((a, b) => offset(a) - offset(b));
}

/** The positions of the next hand at this table, or null when fewer than two players are seated. */
export function positionsForNextHand(table: Table): HandPositions | null {
  const occupied = occupiedSeats(table);
  if (occupied.length < 2) return null;
  const size = table.seats.length;
  const last = table.lastHand;
  const isOccupied = (seat: number) => occupantOf(table, seat) !== null;

  if (last === null) {
    // The first hand: the draw was random, so the button can start at the lowest seat.
    const [first, second, third] = occupied as [number, number, number | undefined];
    const headsUp = occupied.length === 2;
    const smallBlind = headsUp ? first : second;
    return positions(
      first,
      smallBlind,
      smallBlind,
      headsUp ? second : (third as number),
      occupied,
      [],
      size,
    );
  }

  const bigBlind = nextSeatAfter(table, last.bigBlind, isOccupied) as number;
  if (occupied.length === 2) {
    const other = occupied.find((s) => s !== bigBlind) as number;
    return positions(other, other, other, bigBlind, occupied, [], size);
  }

  const button = last.smallBlindSeat;
  const smallBlindSeat = last.bigBlind;
  const dealtBefore = new Set(last.dealtIn);
  const waiting = occupied.filter((seat) => {
    const player = occupantOf(table, seat) as SeatedPlayer;
    return !dealtBefore.has(player.playerId) && onArc(seat, button, smallBlindSeat, size);
  });
  const dealtIn = occupied.filter((seat) => !waiting.includes(seat));
  if (dealtIn.length < 2 || waiting.includes(bigBlind)) {
    // Nearly everyone here is new (the table was refilled): all play, and the
    // two players right of the big blind take the small blind and the button.
    const order = clockwiseFrom(bigBlind, occupied, size);
    const smallBlind = order[order.length - 2] as number;
    const buttonSeat = order[order.length - 3] as number;
    return positions(buttonSeat, smallBlind, smallBlind, bigBlind, occupied, [], size);
  }
  if (dealtIn.length === 2) {
    const other = dealtIn.find((s) => s !== bigBlind) as number;
    return positions(other, other, other, bigBlind, dealtIn, waiting, size);
  }
  const smallBlind = dealtIn.includes(smallBlindSeat) ? smallBlindSeat : null;
  return positions(button, smallBlind, smallBlindSeat, bigBlind, dealtIn, waiting, size);
}

function positions(
  button: number,
  smallBlind: number | null,
  smallBlindSeat: number,
  bigBlind: number,
  dealtIn: readonly number[],
  waiting: number[],
  size: number,
): HandPositions {
  return {
    button,
    smallBlind,
    smallBlindSeat,
    bigBlind,
    dealtIn: clockwiseFrom(button, dealtIn, size),
    waiting,
  };
}

/** Records hand number `hand`, starting now with these positions. */
export function withHandStarted(table: Table, at: HandPositions, hand: number): Table {
  const dealtIn = at.dealtIn.map((seat) => (occupantOf(table, seat) as SeatedPlayer).playerId);
  return {
    ...table,
    handInProgress: true,
    lastHand: {
      hand,
      button: at.button,
      smallBlindSeat: at.smallBlindSeat,
      bigBlind: at.bigBlind,
      dealtIn,
    },
  };
}

/**
 * The worst free seat for a newcomer (MT-4): the one that reaches the big
 * blind soonest. Walking clockwise from the last big blind, the first free
 * seat before the next big blind makes the newcomer that big blind at once;
 * later seats pay it a few hands later; the button and small-blind seats
 * come last (there the newcomer waits, see the module comment). Before the
 * first hand nobody has paid anything, so the lowest free seat will do.
 */
export function worstEmptySeat(table: Table): number | null {
  const isEmpty = (seat: number) => occupantOf(table, seat) === null;
  const last = table.lastHand;
  if (last === null) {
    const index = table.seats.indexOf(null);
    return index < 0 ? null : index + 1;
  }
  return nextSeatAfter(table, last.bigBlind, isEmpty);
}

export function withSeat(table: Table, seat: number, occupant: SeatedPlayer | null): Table {
  const seats = table.seats.slice();
  seats[seat - 1] = occupant;
  return { ...table, seats };
}
