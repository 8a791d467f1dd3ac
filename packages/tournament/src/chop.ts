/**
 * Deals at a final table ("chops"): the players still in agree to share the
 * prizes they have not yet won, instead of playing on. The director proposes
 * one of two methods, as is common practice:
 *
 * - **ICM** (the Independent Chip Model, Malmuth–Harville): a stack's chance
 *   of finishing first is its share of the chips; given who finished above,
 *   the chance of each next place is the share of the chips that remain.
 *   Each player is offered his expected prize under that model.
 * - **Chip chop**: everyone is guaranteed the smallest prize still to be
 *   won; the rest of the money is shared in proportion to the chips. It is
 *   simple to check by hand, but a big enough chip lead can be offered more
 *   than first prize, which ICM never does.
 *
 * Amounts are whole units of money and add up to exactly the prizes on the
 * table: nothing is created or lost. Each share is its exact (real) value
 * rounded down, and the few units the floors leave over go one each to the
 * largest remainders (ties: more chips first, then the players' order).
 */
import { failure, isAmount, isPositiveInteger, type Outcome } from "./result";

export const CHOP_METHODS = ["icm", "chips"] as const;
export type ChopMethod = (typeof CHOP_METHODS)[number];

/** ICM looks at every order of finish; 2^10 × 10 steps is nothing, 2^20 would not be. */
export const MAX_CHOP_PLAYERS = 10;

export interface ChopSeat {
  playerId: string;
  entry: number;
  chips: number;
}

export interface ChopShare extends ChopSeat {
  amount: number;
}

/**
 * Each stack's ICM equity, in the prizes' units (real numbers, summing to
 * the prizes). `prizes[k]` is what place k + 1 of these players wins; places
 * beyond the list win nothing.
 */
export function icmEquities(chips: readonly number[], prizes: readonly number[]): number[] {
  const n = chips.length;
  const total = chips.reduce((sum, c) => sum + c, 0);
  const equity = new Array<number>(n).fill(0);
  // placed[mask]: the chance that exactly the players in `mask` took the top |mask| places.
  const placed = new Float64Array(1 << n);
  const chipsOf = new Float64Array(1 << n);
  placed[0] = 1;
  for (let mask = 0; mask < 1 << n; mask++) {
    const p = placed[mask] as number;
    if (mask > 0) {
      const low = mask & -mask;
      chipsOf[mask] = (chipsOf[mask ^ low] as number) + (chips[31 - Math.clz32(low)] as number);
    }
    if (p === 0) continue;
    const place = popCount(mask);
    const left = total - (chipsOf[mask] as number);
    const prize = prizes[place] ?? 0;
    for (let j = 0; j < n; j++) {
      if (mask & (1 << j)) continue;
      const q = (p * (chips[j] as number)) / left;
      equity[j] = (equity[j] as number) + q * prize;
      placed[mask | (1 << j)] = (placed[mask | (1 << j)] as number) + q;
    }
  }
  return equity;
}

function popCount(mask: number): number {
  let count = 0;
  for (let m = mask; m; m &= m - 1) count++;
  return count;
}

/**
 * A deal's shares for the players still in. `prizes` are the places these
 * players are still playing for, best first (non-increasing whole amounts;
 * a place that pays nothing may be left out).
 */
export function proposeChop(
  method: ChopMethod,
  seats: readonly ChopSeat[],
  prizes: readonly number[],
): Outcome<{ shares: ChopShare[] }> {
  const problem = chopProblem(method, seats, prizes);
  if (problem) return failure("invalid_chop", problem);
  const money = prizes.reduce((sum, p) => sum + p, 0);
  const floors = method === "icm" ? icmFloors(seats, prizes) : chipChopFloors(seats, prizes);
  return { ok: true, shares: withLeftOver(seats, floors, money) };
}

type Floor = { whole: number; rest: number };

function icmFloors(seats: readonly ChopSeat[], prizes: readonly number[]): Floor[] {
  return icmEquities(
    seats.map((s) => s.chips),
    prizes.slice(0, seats.length),
  ).map((equity) => {
    const whole = Math.floor(equity + 1e-9);
    return { whole, rest: equity - whole };
  });
}

/** The smallest prize to everyone, the rest by chips, in exact integer arithmetic. */
function chipChopFloors(seats: readonly ChopSeat[], prizes: readonly number[]): Floor[] {
  const n = seats.length;
  const lowest = prizes.length >= n ? (prizes[n - 1] as number) : 0;
  const rest = BigInt(prizes.slice(0, n).reduce((sum, p) => sum + p, 0) - lowest * n);
  const total = BigInt(seats.reduce((sum, s) => sum + s.chips, 0));
  return seats.map((s) => {
    const scaled = rest * BigInt(s.chips);
    return {
      whole: lowest + Number(scaled / total),
      rest: Number(scaled % total) / Number(total),
    };
  });
}

function chopProblem(
  method: unknown,
  seats: readonly ChopSeat[],
  prizes: readonly number[],
): string | null {
  if (!CHOP_METHODS.includes(method as ChopMethod)) return `method must be one of ${CHOP_METHODS}`;
  if (seats.length < 2) return "a deal needs at least two players";
  if (seats.length > MAX_CHOP_PLAYERS) return `a deal is for at most ${MAX_CHOP_PLAYERS} players`;
  if (!seats.every((s) => isPositiveInteger(s.chips))) return "every stack must be positive chips";
  if (!Number.isSafeInteger(seats.reduce((sum, s) => sum + s.chips, 0))) return "too many chips";
  if (prizes.length === 0 || !prizes.every(isAmount)) return "prizes must be whole amounts";
  if (prizes.some((p, i) => i > 0 && p > (prizes[i - 1] as number)))
    return "prizes must not increase from one place to the next";
  if (prizes.length > seats.length) return "more prizes than players";
  const money = prizes.reduce((sum, p) => sum + p, 0);
  if (!Number.isSafeInteger(money) || money === 0) return "there is no prize left to share";
  return null;
}

export const SPLIT_METHODS = ["chips", "equal"] as const;
export type SplitMethod = (typeof SPLIT_METHODS)[number];

/**
 * `money` shared among `seats` with nothing guaranteed: in proportion to the
 * chips, or equally. For a tournament cancelled after its start. Whole units
 * adding up to `money`; the odd units go to the largest remainders (equal:
 * to the biggest stacks), ties in the players' order.
 */
export function splitMoney(
  method: SplitMethod,
  seats: readonly ChopSeat[],
  money: number,
): Outcome<{ shares: ChopShare[] }> {
  if (!SPLIT_METHODS.includes(method))
    return failure("invalid_chop", `split must be one of ${SPLIT_METHODS}`);
  if (seats.length === 0) return failure("invalid_chop", "nobody to share with");
  if (!seats.every((s) => isPositiveInteger(s.chips)))
    return failure("invalid_chop", "every stack must be positive chips");
  if (!isAmount(money)) return failure("invalid_chop", "money must be a whole amount");
  const floors: Floor[] =
    method === "chips"
      ? chipChopFloors(seats, [money])
      : seats.map(() => ({ whole: Math.floor(money / seats.length), rest: 0 }));
  return { ok: true, shares: withLeftOver(seats, floors, money) };
}

/** The floors plus one unit each to the largest remainders until `money` is reached. */
function withLeftOver(seats: readonly ChopSeat[], floors: Floor[], money: number): ChopShare[] {
  const amounts = floors.map((f) => f.whole);
  let leftOver = money - amounts.reduce((sum, a) => sum + a, 0);
  const order = seats
    .map((seat, i) => ({ i, seat, rest: floors[i]?.rest ?? 0 }))
    .sort((a, b) => b.rest - a.rest || b.seat.chips - a.seat.chips || a.i - b.i);
  for (const { i } of order) {
    if (leftOver <= 0) break;
    amounts[i] = (amounts[i] as number) + 1;
    leftOver--;
  }
  return seats.map((seat, i) => ({ ...seat, amount: amounts[i] as number }));
}
