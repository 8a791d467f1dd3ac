/**
 * Tournament tables: the tournament package decides who sits where (moving
 * players between tables, MT-4) and where the button and blinds go (its own
 * dead-button rule, T-9), so the table only checks what it is told and
 * applies it. `seatPlayers` sets the seating between hands; `checkPlan`
 * turns a planned hand into what `startHand` needs (table.ts deals it like
 * any other hand). The table's own seat rules (T-7, T-8: debts, waiting for
 * the big blind, sitting out) play no part: MT-6 deals absent players in.
 */
import { type BlindPositions, GAMES, type HandConfig } from "../hand";
import { Ring } from "./blinds";
import { accepted, fail, handInProgress, isChips } from "./support";
import type {
  Occupant,
  PlannedHand,
  TableError,
  TableEvent,
  TablePositions,
  TableResult,
  TableState,
} from "./types";

const MAX_NAME = 32;

/**
 * The whole seating at once, between hands. A player who stays in his seat
 * keeps his status and timeout count; everyone starts with the stack given
 * (MT-7: tournament chips are not money, so no buy-in limits and no cash-out).
 */
export function seatPlayers(state: TableState, players: unknown): TableResult {
  if (handInProgress(state)) return fail("hand_in_progress", "seats change only between hands");
  if (!Array.isArray(players))
    return fail("invalid_command", "players is a list of { seat, playerId, name, stack }");
  const { seatCount } = state.config;
  const seats: (Occupant | null)[] = state.seats.map(() => null);
  const ids = new Set<string>();
  for (const entry of players as unknown[]) {
    if (typeof entry !== "object" || entry === null)
      return fail("invalid_command", "a player is { seat, playerId, name, stack }");
    const { seat, playerId, name, stack } = entry as Record<string, unknown>;
    if (!isSeat(seat, seatCount))
      return fail("invalid_seat", `seats are numbered 1 to ${seatCount}`);
    if (seats[seat - 1]) return fail("invalid_seat", `seat ${seat} is listed twice`);
    if (typeof playerId !== "string" || playerId.length === 0)
      return fail("invalid_command", "playerId is required");
    if (ids.has(playerId)) return fail("already_seated", `${playerId} is listed twice`);
    ids.add(playerId);
    if (typeof name !== "string" || name.trim().length === 0 || name.length > MAX_NAME)
      return fail("invalid_name", `a name is 1 to ${MAX_NAME} characters`);
    const was = state.seats[seat - 1];
    const kept = was?.playerId === playerId ? was : null;
    // MT-1: a player who busted keeps his seat, with no chips, while he decides on a rebuy.
    if (!isChips(stack) && !(stack === 0 && kept))
      return fail("invalid_amount", "a stack is a whole, positive number of chips");
    // MT-1: chips for a busted player are her rebuy, her own choice: she is back, not absent.
    const rebought = kept !== null && kept.stack === 0 && stack > 0;
    seats[seat - 1] = {
      seat,
      playerId,
      name: name.trim(),
      stack,
      pendingChips: 0,
      status: rebought ? "active" : (kept?.status ?? "active"),
      leaving: false,
      consecutiveTimeouts: rebought ? 0 : (kept?.consecutiveTimeouts ?? 0),
      owes: null,
      waitForBigBlind: kept?.waitForBigBlind ?? false,
      // Tournament chips are not bought: no auto-rebuy.
      autoRebuy: null,
      // S-2: his "show my hand" choice stays while he keeps the seat.
      ...(kept?.showMyHand ? { showMyHand: true } : {}),
    };
  }
  // Departures first, so that a player moved to another seat here leaves before he sits again.
  const events: TableEvent[] = [];
  for (const was of state.seats) {
    if (!was) continue;
    const now = seats[was.seat - 1];
    if (now?.playerId !== was.playerId)
      events.push({ type: "playerLeft", seat: was.seat, playerId: was.playerId, cashOut: 0 });
    else if (was.owes !== null) events.push({ type: "blindsOwed", seat: was.seat, owes: null });
    if (now?.playerId === was.playerId && was.status === "sittingOut" && now.status === "active")
      events.push({ type: "playerSatIn", seat: was.seat });
  }
  for (const now of seats) {
    if (!now || state.seats[now.seat - 1]?.playerId === now.playerId) continue;
    events.push({
      type: "playerSat",
      seat: now.seat,
      playerId: now.playerId,
      name: now.name,
      buyIn: now.stack,
    });
  }
  return accepted(state, { seats }, events);
}

/** What `startHand` needs for a planned hand, once checked. */
export interface CheckedPlan {
  ok: true;
  /** The table's game at the planned level: also the table's `config.hand` from now on. */
  hand: HandConfig;
  players: Occupant[];
  positions: TablePositions;
  blinds: BlindPositions;
}

/**
 * The level's ante as the table's game takes it. Stud (ST-1) antes from every
 * player and has no big blind: a big-blind ante (one ante for the table) is
 * shared out among the players dealt in, rounded down, at least 1 chip each,
 * so the antes in the pot stay what the structure meant. Each level brings in
 * for its small blind (ST-2); the bets are its big blind and twice it (B-6).
 */
function studLevel(
  hand: HandConfig,
  level: PlannedHand["blinds"],
  dealt: number,
): Pick<HandConfig, "ante" | "anteKind" | "bringIn"> {
  if (GAMES[hand.game].valuation !== "stud") return { ante: level.ante, anteKind: level.anteKind };
  const ante =
    level.anteKind === "each" || level.ante === 0
      ? level.ante
      : Math.max(1, Math.floor(level.ante / dealt));
  return { ante, anteKind: "each", bringIn: level.smallBlind };
}

/** Checks a planned hand against the table; any error leaves the table as it is. */
export function checkPlan(
  state: TableState,
  plan: unknown,
): CheckedPlan | { ok: false; error: TableError } {
  const refuse = (code: string, message: string) => ({
    ok: false as const,
    error: { code, message },
  });
  if (handInProgress(state)) return refuse("hand_in_progress", "a hand is already in progress");
  // Each game of a dealer's-choice table has its own rules: which one a level would change is unclear.
  if (state.config.games !== null)
    return refuse("invalid_command", "planned hands are for single-game tables");
  if (typeof plan !== "object" || plan === null)
    return refuse("invalid_command", "plan is { seats, button, smallBlind, bigBlind, blinds }");
  const { seats, button, smallBlind, bigBlind, blinds } = plan as Record<string, unknown>;
  if (!Array.isArray(seats)) return refuse("invalid_command", "plan.seats is a list of seats");
  const { seatCount } = state.config;
  const players: Occupant[] = [];
  for (const seat of seats as unknown[]) {
    if (!isSeat(seat, seatCount))
      return refuse("invalid_seat", `seats are numbered 1 to ${seatCount}`);
    const occupant = state.seats[seat - 1];
    if (!occupant || occupant.stack === 0)
      return refuse("invalid_seat", `seat ${seat} has no player with chips`);
    if (players.includes(occupant)) return refuse("invalid_seat", `seat ${seat} is listed twice`);
    players.push(occupant);
  }
  if (players.length < 2) return refuse("not_enough_players", "a hand needs two players");
  const dealt = (seat: unknown) => players.some((o) => o.seat === seat);
  if (!isSeat(button, seatCount))
    return refuse("invalid_seat", `the button is a seat from 1 to ${seatCount}`);
  if (!dealt(bigBlind)) return refuse("invalid_seat", "the big blind must be a seat dealt in");
  if (smallBlind !== null && (!dealt(smallBlind) || smallBlind === bigBlind))
    return refuse("invalid_seat", "the small blind is another seat dealt in, or null when dead");
  if (typeof blinds !== "object" || blinds === null)
    return refuse("invalid_command", "plan.blinds is { smallBlind, bigBlind, ante, anteKind }");
  const given = blinds as Record<string, unknown>;
  if (!isChips(given.smallBlind) || !isChips(given.bigBlind) || given.smallBlind > given.bigBlind)
    return refuse("invalid_amount", "the blinds are whole chips, the small one at most the big");
  if (given.ante !== 0 && !isChips(given.ante))
    return refuse("invalid_amount", "the ante is a whole number of chips, 0 for none");
  if (given.anteKind !== "each" && given.anteKind !== "big-blind")
    return refuse("invalid_command", 'anteKind is "each" or "big-blind"');
  const level = blinds as PlannedHand["blinds"];
  const big = bigBlind as number;
  const small = smallBlind as number | null;
  // The hand layer reads seats clockwise, in the order given.
  players.sort((a, b) => a.seat - b.seat);
  return {
    ok: true,
    // Fixed-limit bet sizes follow the big blind unless the table set them.
    hand: {
      ...state.config.hand,
      smallBlind: level.smallBlind,
      bigBlind: level.bigBlind,
      ...studLevel(state.config.hand, level, players.length),
    },
    players,
    positions: {
      button,
      smallBlind: small ?? deadSmallBlindSeat(state, button, big),
      smallBlindDead: small === null,
      bigBlind: big,
      newGame: false,
    },
    blinds: { smallBlind: small, bigBlind: big },
  };
}

/**
 * Whose turn for the small blind it was when nobody posts it: the last
 * hand's big blind when it lies between the button and this big blind (the
 * usual dead small blind, T-9), else the seat right of the big blind. Only
 * the table's own seat rules read it (should a normal `startHand` follow).
 */
function deadSmallBlindSeat(state: TableState, button: number, bigBlind: number): number {
  const ring = new Ring(state.config.seatCount);
  const last = state.positions?.bigBlind;
  return last !== undefined && ring.strictlyBetween(last, button, bigBlind)
    ? last
    : ring.before(bigBlind);
}

const isSeat = (seat: unknown, seatCount: number): seat is number =>
  Number.isInteger(seat) && (seat as number) >= 1 && (seat as number) <= seatCount;
