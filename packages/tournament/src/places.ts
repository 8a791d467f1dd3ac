/**
 * Finishing places and prizes (MT-5, MT-2).
 *
 * Players busted together (in the same hand, or during hand-for-hand in the
 * same round across tables) form one elimination group. Within a group the
 * larger stack at the start of that hand places higher; equal stacks share
 * the places they span and split those places' combined prizes. A split
 * gives everyone the same whole amount and hands the odd units out one each
 * in seat order (by table number, then clockwise from that hand's button,
 * as the odd chip of a split pot, SP-2), so a shared prize adds up to
 * exactly what those places pay: never more.
 *
 * Places count entries (a re-entry is a new entry with its own place). An
 * entry that outlasted a group, or registered after it busted, finishes
 * above it, so a group's places are final once registration has closed;
 * before that they are provisional (late entrants push them down).
 */

export interface Bust {
  playerId: string;
  entry: number;
  /** The stack at the start of the hand the player busted in. */
  startingStack: number;
  table: number;
  /** 1 = first seat clockwise after that hand's button. */
  positionFromButton: number;
}

export interface EliminationGroup {
  busts: Bust[];
  /** Entries still alive just before this group busted (the group included). */
  aliveBefore: number;
  /** Entries registered at that moment. */
  entriesBefore: number;
}

export interface PlaceSpan {
  /** The best place of the span (what a tied player is shown as). */
  from: number;
  to: number;
}

export interface Finish {
  playerId: string;
  entry: number;
  place: PlaceSpan;
}

export interface Standing extends Finish {
  prize: number;
}

/** Seat order for the odd units of a shared prize. */
const seatOrder = (a: Bust, b: Bust) =>
  a.table - b.table || a.positionFromButton - b.positionFromButton;

/** The places of one group's members, best first (ties in seat order), given the entries registered by now. */
export function placesOfGroup(group: EliminationGroup, entries: number): Finish[] {
  const worst = group.aliveBefore + (entries - group.entriesBefore);
  const ranked = group.busts
    .slice()
    .sort((a, b) => b.startingStack - a.startingStack || seatOrder(a, b));
  const finishes: Finish[] = [];
  let from = worst - ranked.length + 1;
  for (let i = 0; i < ranked.length; ) {
    const stack = (ranked[i] as Bust).startingStack;
    let j = i;
    while (j < ranked.length && (ranked[j] as Bust).startingStack === stack) j++;
    const place = { from, to: from + (j - i) - 1 };
    for (const bust of ranked.slice(i, j)) {
      finishes.push({ playerId: bust.playerId, entry: bust.entry, place });
    }
    from += j - i;
    i = j;
  }
  return finishes;
}

/**
 * Splits what places `from`..`to` pay among `tied` (already in seat order):
 * equal whole shares, the odd units one each from the first.
 */
export function splitPrize(amounts: readonly number[], span: PlaceSpan, tied: number): number[] {
  let total = 0;
  for (let place = span.from; place <= span.to; place++) total += amounts[place - 1] ?? 0;
  const share = Math.floor(total / tied);
  const odd = total - share * tied;
  return Array.from({ length: tied }, (_, k) => share + (k < odd ? 1 : 0));
}

/** The prizes of one group's members given the payout amounts by place (index 0 = first place). */
export function prizesOfGroup(
  group: EliminationGroup,
  entries: number,
  amounts: readonly number[],
): Standing[] {
  // Tied finishes share one span object and come out of placesOfGroup in seat order.
  const finishes = placesOfGroup(group, entries);
  const standings: Standing[] = [];
  for (let i = 0; i < finishes.length; ) {
    const span = (finishes[i] as Finish).place;
    let j = i;
    while (j < finishes.length && (finishes[j] as Finish).place === span) j++;
    const shares = splitPrize(amounts, span, j - i);
    for (let k = i; k < j; k++) {
      standings.push({ ...(finishes[k] as Finish), prize: shares[k - i] as number });
    }
    i = j;
  }
  return standings;
}

/**
 * Every entry's place and prize, first place first. `winner` is null while
 * the tournament is still running (the alive entries are then not listed).
 */
export function standingsOf(
  groups: readonly EliminationGroup[],
  winner: { playerId: string; entry: number } | null,
  entries: number,
  amounts: readonly number[],
): Standing[] {
  const standings: Standing[] = [];
  if (winner !== null) {
    standings.push({ ...winner, place: { from: 1, to: 1 }, prize: amounts[0] ?? 0 });
  }
  for (let g = groups.length - 1; g >= 0; g--) {
    standings.push(...prizesOfGroup(groups[g] as EliminationGroup, entries, amounts));
  }
  return standings;
}
