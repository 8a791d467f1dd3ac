/**
 * `felt tournament-sim --entrants N --seed S [--seats K]`: a whole
 * multi-table tournament in one process. @felt/tournament runs the
 * tournament (draw, levels, balancing, hand-for-hand, places, payouts);
 * @felt/engine plays every hand; bots pick random legal actions from a
 * seeded PRNG and go all-in often, so even 10 000 entrants reach a winner
 * quickly. Prints one JSON line; the exit status is 1 when an invariant
 * broke (details on stderr).
 *
 * The clock is simulated: a pass over all tables (each deals one hand)
 * takes one minute, and levels last three.
 */
import * as engine from "@felt/engine";
import { type SeededRandom, seededInts, seededRandom } from "@felt/fairness/testing";
import * as mtt from "@felt/tournament";

type HandStarted = Extract<mtt.TournamentEvent, { type: "handStarted" }>;

const ROUND_MS = 60_000;
const LEVEL_MS = 3 * ROUND_MS;
const BUY_IN = { prize: 100, fee: 10 };
const GUARANTEE = 50_000;

export async function run(args: string[]): Promise<number> {
  const options = parseArgs(args);
  if (typeof options === "string") {
    console.error(
      `felt tournament-sim: ${options}\nUsage: felt tournament-sim --entrants N --seed S [--seats 2-10]`,
    );
    return 2;
  }
  const report = simulate(options);
  for (const violation of report.violations.slice(0, 20)) console.error(`violation: ${violation}`);
  const { violations, ...figures } = report;
  console.log(JSON.stringify({ ...figures, invariant_violations: violations.length }));
  return violations.length === 0 ? 0 : 1;
}

interface Options {
  entrants: number;
  seed: number;
  seats: number;
}

function parseArgs(args: string[]): Options | string {
  const options: Options = { entrants: 1_000, seed: 1, seats: 9 };
  for (let i = 0; i < args.length; i += 2) {
    const flag = args[i];
    const value = Number(args[i + 1]);
    if (!Number.isSafeInteger(value)) return `${flag} needs an integer`;
    if (flag === "--entrants") options.entrants = value;
    else if (flag === "--seed") options.seed = value;
    else if (flag === "--seats") options.seats = value;
    else return `unknown option ${flag}`;
  }
  if (options.entrants < 2) return "--entrants must be at least 2";
  return options;
}

interface Report {
  entrants: number;
  hands: number;
  tables_at_start: number;
  max_table_diff_observed: number;
  prize_pool: number;
  paid_total: number;
  elapsed_ms: number;
  violations: string[];
}

export function simulate({ entrants, seed, seats }: Options): Report {
  const startedAt = performance.now();
  const violations: string[] = [];
  const random = seededRandom(seed);
  let now = 0;

  const created = mtt.createTournament(
    {
      seatsPerTable: seats,
      startingStack: 1_500,
      structure: fastStructure(),
      buyIn: BUY_IN,
      payouts: payoutTable(),
      guarantee: GUARANTEE,
    },
    now,
  );
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  const step = (command: mtt.Command): mtt.TournamentEvent[] => {
    const result = mtt.apply(state, command);
    if (!result.ok)
      throw new Error(`${command.type} refused: ${result.error.code} ${result.error.message}`);
    state = result.state;
    return result.events;
  };

  for (let i = 1; i <= entrants; i++)
    step({ type: "register", playerId: `p${String(i).padStart(6, "0")}`, now });
  step({ type: "start", now, randomInts: seededInts(seed, mtt.drawBounds(entrants)) });
  const tablesAtStart = state.tables.length;
  let hands = 0;
  let maxDiff = mtt.tableSpread(state.tables);

  while (state.phase !== "finished") {
    let dealt = 0;
    let onBreak = false;
    for (const number of state.tables.map((t) => t.number)) {
      if (state.phase === "finished") break;
      const result = mtt.apply(state, { type: "startHand", table: number, now });
      if (!result.ok) {
        const { code } = result.error;
        if (code === "on_break") onBreak = true;
        // Hand-for-hand waits, and a table that has shrunk to one player waits for the others.
        else if (
          code !== "waiting_for_hand_for_hand" &&
          code !== "not_enough_players" &&
          code !== "unknown_table"
        ) {
          violations.push(`startHand at table ${number}: ${code}`);
        }
        continue;
      }
      state = result.state;
      const started = result.events.find(
        (e): e is HandStarted => e.type === "handStarted",
      ) as HandStarted;
      const stacks = playHand(started, random, violations);
      const events = step({ type: "endHand", table: number, now, stacks });
      hands++;
      dealt++;
      if (events.some((e) => e.type === "playerEliminated" || e.type === "playerMoved")) {
        // Sequential play: between two hands every table is idle, so after any
        // balancing the tables must be within one player (hand-for-hand rounds excepted).
        if (state.handForHand === null || state.handForHand.playedInRound.length === 0) {
          const diff = mtt.tableSpread(state.tables);
          maxDiff = Math.max(maxDiff, diff);
          if (diff > 1) violations.push(`after hand ${state.hands}: tables differ by ${diff}`);
        }
      }
      if (hands % 1_000 === 0) violations.push(...mtt.invariantViolations(state));
    }
    if (dealt === 0 && onBreak) {
      const clock = mtt.clockOf(state, now) as mtt.ClockReading;
      now = (state.startedAt as number) + (clock.endsAtMs as number);
    } else if (dealt === 0 && state.phase !== "finished") {
      violations.push("no table could deal: the tournament is stuck");
      break;
    } else {
      now += ROUND_MS;
    }
  }

  violations.push(...mtt.invariantViolations(state));
  const { pool, amounts } = mtt.payoutsOf(state);
  const standings = state.standings ?? [];
  violations.push(...checkPayouts(standings, amounts, pool));
  return {
    entrants,
    hands,
    tables_at_start: tablesAtStart,
    max_table_diff_observed: maxDiff,
    prize_pool: pool,
    paid_total: standings.reduce((sum, s) => sum + s.prize, 0),
    elapsed_ms: Math.round(performance.now() - startedAt),
    violations,
  };
}

/**
 * Plays one hand with the engine from the tournament's `handStarted` and
 * returns the stacks after it. The engine posts the small blind for the
 * first player after the button, so a dead small blind (T-9) is played as a
 * small blind of 0 posted by the player right of the big blind; the big
 * blind, who pays what, and everyone's chips are exact, only the post-flop
 * order of that one hand is approximate.
 */
function playHand(
  hand: HandStarted,
  random: SeededRandom,
  violations: string[],
): { seat: number; stack: number }[] {
  const players = hand.players
    .map((p) => ({ seat: p.seat, stack: p.stack }))
    .sort((a, b) => a.seat - b.seat);
  let button = hand.button;
  let smallBlind = hand.smallBlind;
  if (hand.smallBlindSeat === null && players.length > 2) {
    const order = hand.players.map((p) => p.seat); // clockwise from the first seat after the button
    const bigBlindIndex = order.indexOf(hand.bigBlindSeat);
    button = order[(bigBlindIndex - 2 + order.length) % order.length] as number;
    smallBlind = 0;
  }
  const before = players.reduce((sum, p) => sum + p.stack, 0);
  const started = engine.startHand({
    type: "start",
    config: {
      game: "holdem",
      betting: "no-limit",
      smallBlind,
      bigBlind: hand.bigBlind,
      ante: hand.ante,
      anteKind: hand.anteKind,
    },
    players,
    button,
    deck: shuffledDeck(random),
  });
  if (!started.ok) {
    violations.push(`hand ${hand.hand}: the engine refused to start: ${started.error.message}`);
    return players;
  }
  let state = started.state;
  while (state.toAct !== null) {
    const result = engine.apply(state, botCommand(state, state.toAct, random));
    if (!result.ok) {
      violations.push(
        `hand ${hand.hand}: the engine refused a legal action: ${result.error.message}`,
      );
      return players;
    }
    state = result.state;
  }
  const after = state.players.map((p) => ({ seat: p.seat, stack: p.stack }));
  const total = after.reduce((sum, p) => sum + p.stack, 0);
  if (total !== before)
    violations.push(`hand ${hand.hand}: chips not conserved (${before} → ${total})`);
  if (state.phase !== "complete") violations.push(`hand ${hand.hand} did not end`);
  return after;
}

/** A bot that shoves a lot: all-in 30 %, another raise 10 %, fold 20 % when facing a bet, else check or call. */
function botCommand(state: engine.HandState, seat: number, random: SeededRandom): engine.Command {
  const legal = engine.legalActions(state, seat);
  const r = random.nextInt(100);
  if (legal.betOrRaise && r < 30)
    return { type: "betOrRaiseTo", seat, amount: legal.betOrRaise.max };
  if (legal.betOrRaise && r < 40) {
    const { min, max } = legal.betOrRaise;
    const fraction = random.nextInt(max - min + 1) / (max - min + 1);
    return { type: "betOrRaiseTo", seat, amount: engine.raiseAmountAt(legal.betOrRaise, fraction) };
  }
  if (legal.fold && !legal.check && r < 60) return { type: "fold", seat };
  return legal.check ? { type: "check", seat } : { type: "call", seat };
}

function shuffledDeck(random: SeededRandom): engine.Card[] {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 51; i > 0; i--) {
    const j = random.nextInt(i + 1);
    const card = deck[i] as number;
    deck[i] = deck[j] as number;
    deck[j] = card;
  }
  return deck as engine.Card[];
}

/** Blinds up by about half every three minutes (one hand per table a minute), antes from level 4. */
function fastStructure(): mtt.BlindStructure {
  const entries: mtt.StructureEntry[] = [];
  let bigBlind = 20;
  for (let level = 1; level <= 40; level++) {
    entries.push({
      kind: "level",
      smallBlind: bigBlind / 2,
      bigBlind,
      ante: level >= 4 ? Math.floor(bigBlind / 10) : 0,
      durationMs: LEVEL_MS,
    });
    if (level === 6) entries.push({ kind: "break", durationMs: 5 * 60_000 });
    bigBlind = roundToTwoFigures(bigBlind * 1.5);
  }
  return { anteKind: "each", entries };
}

/** Two significant figures, even (so the small blind is whole). */
function roundToTwoFigures(value: number): number {
  const scale = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 1);
  const rounded = Math.round(value / scale) * scale;
  return rounded % 2 === 0 ? rounded : rounded + scale;
}

/** Field sizes → places paid (about 15 % of big fields), shares falling off geometrically. */
function payoutTable(): mtt.PayoutTable {
  const brackets: [number, number | null, number][] = [
    [2, 5, 1],
    [6, 9, 2],
    [10, 20, 3],
    [21, 50, 6],
    [51, 100, 12],
    [101, 500, 50],
    [501, 2_000, 250],
    [2_001, 10_000, 1_200],
    [10_001, null, 1_500],
  ];
  return {
    brackets: brackets.map(([minEntries, maxEntries, places]) => ({
      minEntries,
      maxEntries,
      basisPoints: shares(places),
    })),
  };
}

/** `places` non-increasing basis points summing to 10 000, each at least 1. */
function shares(places: number): number[] {
  const weights = Array.from({ length: places }, (_, i) => 1 / (i + 1.5) ** 0.9);
  const total = weights.reduce((a, b) => a + b, 0);
  const free = mtt.BASIS_POINTS_TOTAL - places;
  const bp = weights.map((w) => 1 + Math.floor((w * free) / total));
  bp[0] = (bp[0] as number) + mtt.BASIS_POINTS_TOTAL - bp.reduce((a, b) => a + b, 0);
  return bp;
}

/** Every place gets what the payout table says (ties split what they span), and the pool exactly. */
function checkPayouts(
  standings: readonly mtt.Standing[],
  amounts: readonly number[],
  pool: number,
): string[] {
  const problems: string[] = [];
  const paid = standings.reduce((sum, s) => sum + s.prize, 0);
  if (paid !== pool) problems.push(`paid ${paid} but the pool is ${pool}`);
  const bySpan = new Map<string, { span: mtt.PlaceSpan; total: number; count: number }>();
  for (const s of standings) {
    const key = `${s.place.from}-${s.place.to}`;
    const entry = bySpan.get(key) ?? { span: s.place, total: 0, count: 0 };
    entry.total += s.prize;
    entry.count += 1;
    bySpan.set(key, entry);
  }
  for (const { span, total, count } of bySpan.values()) {
    let expected = 0;
    for (let place = span.from; place <= span.to; place++) expected += amounts[place - 1] ?? 0;
    if (total !== expected)
      problems.push(`places ${span.from}-${span.to} got ${total}, the table says ${expected}`);
    if (count !== span.to - span.from + 1)
      problems.push(`places ${span.from}-${span.to} held by ${count} entries`);
  }
  return problems;
}
