/**
 * Main and side pots from what each player put in (SP-0, SP-3): pure
 * arithmetic over contributions, so any moment of a hand (or a hand history)
 * can be turned into pots the same way.
 */

export interface Contribution {
  seat: number;
  /** Live chips put in (blinds, bets, calls); antes are dead money and passed separately. */
  amount: number;
  /** Still contesting: neither folded nor mucked. */
  live: boolean;
}

export interface Pot {
  amount: number;
  /** Seats that can win it, in the order the contributions were given. */
  eligible: number[];
}

/**
 * Levels are the distinct amounts put in by live players: each pot takes, from
 * every contributor, what lies between the previous level and its own, and is
 * contested by the live players who reached it. A folded player's chips stay
 * in the pots but he is eligible for none (SP-0). Dead money (antes) goes to
 * the main pot, which every live player contests, and never sets a level
 * (SP-3). Empty pots are left out. Chips above the highest live level (only a
 * folded player's, once uncalled bets are returned) join the last pot.
 */
export function buildPots(contributions: readonly Contribution[], deadMoney = 0): Pot[] {
  const levels: number[] = [];
  for (const c of contributions) if (c.live && !levels.includes(c.amount)) levels.push(c.amount);
  levels.sort((a, b) => a - b);

  const pots: Pot[] = [];
  let carried = deadMoney;
  let previous = 0;
  for (const level of levels) {
    let amount = carried;
    const eligible: number[] = [];
    for (const c of contributions) {
      amount += Math.min(c.amount, level) - Math.min(c.amount, previous);
      if (c.live && c.amount >= level) eligible.push(c.seat);
    }
    previous = level;
    if (amount === 0) continue;
    carried = 0;
    pots.push({ amount, eligible });
  }

  let above = carried;
  for (const c of contributions) above += Math.max(0, c.amount - previous);
  const last = pots[pots.length - 1];
  if (above > 0) {
    if (last) last.amount += above;
    else pots.push({ amount: above, eligible: [] });
  }
  return pots;
}

/** PokerKit merges neighbouring pots that the same players contest. */
export function mergeSameEligibility(pots: readonly Pot[]): Pot[] {
  const merged: Pot[] = [];
  for (const pot of pots) {
    const last = merged[merged.length - 1];
    if (last && sameSeats(last.eligible, pot.eligible)) last.amount += pot.amount;
    else merged.push({ amount: pot.amount, eligible: pot.eligible.slice() });
  }
  return merged;
}

function sameSeats(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((seat) => b.includes(seat));
}

/** Dead money one player posted (antes, a dead small blind), given by the same index as his contribution. */
export interface DeadMoney {
  amount: number;
  /** Every chip he had went in as dead money: he is all-in for (part of) the ante. */
  allIn: boolean;
}

/**
 * SP-3 with its Decision: antes are dead money in the main pot that every
 * live player contests, except that a live player all-in for part of the
 * ante (SP-0 first) wins from each player's dead money at most what he put
 * in. Each such player's ante sets a level, as bets do: the dead money below
 * it forms pots he contests, the rest joins the main pot of live chips,
 * which he cannot win. Ante 5, A has 3: a pot of 3 from every player that A
 * contests, and the other antes go in with the bets.
 */
export function buildPotsWithDeadMoney(
  contributions: readonly Contribution[],
  dead: readonly DeadMoney[],
): Pot[] {
  const shortOf = (i: number): boolean =>
    (contributions[i] as Contribution).live && (dead[i] as DeadMoney).allIn;
  const levels: number[] = [];
  for (let i = 0; i < dead.length; i++) {
    const amount = (dead[i] as DeadMoney).amount;
    if (shortOf(i) && !levels.includes(amount)) levels.push(amount);
  }
  levels.sort((a, b) => a - b);

  const pots: Pot[] = [];
  let previous = 0;
  for (const level of levels) {
    let amount = 0;
    const eligible: number[] = [];
    for (const [i, c] of contributions.entries()) {
      const posted = (dead[i] as DeadMoney).amount;
      amount += Math.min(posted, level) - Math.min(posted, previous);
      if (c.live && (!shortOf(i) || posted >= level)) eligible.push(c.seat);
    }
    previous = level;
    if (amount > 0) pots.push({ amount, eligible });
  }
  let rest = 0;
  for (const d of dead) rest += Math.max(0, d.amount - previous);
  // A player all-in on the ante has no live chips: he contests no pot of them.
  const live = contributions.map((c, i) => (shortOf(i) ? { ...c, live: false } : c));
  const livePots = buildPots(live, rest);
  const last = pots[pots.length - 1];
  // Nobody but short players left (all-in on the antes): what is above their antes stays with the last of theirs.
  if (last && livePots.every((pot) => pot.eligible.length === 0)) {
    for (const pot of livePots) last.amount += pot.amount;
    return pots;
  }
  return pots.concat(livePots);
}
