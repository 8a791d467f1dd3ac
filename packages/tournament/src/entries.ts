/**
 * Buying in and buying more (MT-1, MT-2): registration, unregistering,
 * the start with its seat draw (MT-4), late registration and re-entry,
 * rebuys and add-ons. The checks themselves live in registration.ts.
 */
import { cancelBeforeStart } from "./cancel";
import { type Draft, isPlayerId, MAX_PLAYER_ID_LENGTH, refusal, replaceTable } from "./draft";
import { drawSeats, tableCountFor } from "./draw";
import { afterChange, eliminate } from "./flow";
import type { Bust } from "./places";
import { type PlayerRecord, withoutRecord, withRecord } from "./players";
import { findPlayer, momentOf, playerRecord } from "./queries";
import { checkAddOn, checkRebuy, checkRegister, checkUnregister } from "./registration";
import type { TournamentError } from "./result";
import type { TournamentEvent } from "./state";
import {
  chipsOf,
  emptyTable,
  playerCount,
  seatsAtTable,
  type Table,
  withSeat,
  worstEmptySeat,
} from "./table";

export function register(
  d: Draft,
  events: TournamentEvent[],
  playerId: unknown,
): TournamentError | null {
  if (!isPlayerId(playerId)) {
    return refusal("invalid_player_id", `a player id is 1–${MAX_PLAYER_ID_LENGTH} characters`);
  }
  const moment = momentOf(d);
  const record = playerRecord(d, playerId);
  const alive = moment.started ? findPlayer(d, playerId) !== null : record !== null;
  const refused = checkRegister(
    d.rules,
    moment,
    record === null ? null : { entries: record.entries, alive },
    d.totals.entries,
  );
  if (refused) return refused;
  const entry = (record?.entries ?? 0) + 1;
  d.players = withRecord(d.players, { playerId, entries: entry, rebuys: 0, addOns: 0 });
  d.totals = { ...d.totals, entries: d.totals.entries + 1 };
  const { prize, fee } = d.rules.buyIn;
  events.push({ type: "playerRegistered", playerId, entry, prize, fee, late: moment.started });
  if (moment.started) {
    seatLateEntrant(d, events, playerId);
    afterChange(d, events);
  }
  return null;
}

/**
 * A late entrant takes the worst seat at the shortest table below its size;
 * when all are at their size he joins the shortest with a free seat if the
 * field still needs no more tables (at two per table a third sits in rather
 * than alone, MT-4), else a table opens (and balancing joins him there).
 */
function seatLateEntrant(d: Draft, events: TournamentEvent[], playerId: string): void {
  const { seatsPerTable } = d.rules;
  const shortest = (fits: (table: Table) => boolean) => {
    let target = -1;
    for (let i = 0; i < d.tables.length; i++) {
      const table = d.tables[i] as Table;
      if (
        fits(table) &&
        (target < 0 || playerCount(table) < playerCount(d.tables[target] as Table))
      )
        target = i;
    }
    return target;
  };
  let target = shortest((t) => playerCount(t) < seatsPerTable);
  const seated = d.tables.reduce((sum, t) => sum + playerCount(t), 0);
  if (target < 0 && tableCountFor(seated + 1, seatsPerTable) <= d.tables.length)
    target = shortest((t) => worstEmptySeat(t) !== null);
  const tables = d.tables.slice();
  if (target < 0) {
    const number = Math.max(0, ...tables.map((t) => t.number)) + 1;
    tables.push(emptyTable(number, seatsAtTable(seatsPerTable)));
    target = tables.length - 1;
    events.push({ type: "tableOpened", table: number });
  }
  const table = tables[target] as Table;
  const seat = worstEmptySeat(table) as number;
  const stack = d.rules.startingStack;
  tables[target] = withSeat(table, seat, { playerId, stack });
  d.tables = tables;
  d.alive += 1;
  events.push({ type: "playerSeated", playerId, table: table.number, seat, stack });
}

export function unregister(
  d: Draft,
  events: TournamentEvent[],
  playerId: unknown,
): TournamentError | null {
  if (!isPlayerId(playerId)) return refusal("invalid_player_id", "unknown player id");
  const record = playerRecord(d, playerId);
  const refused = checkUnregister(
    momentOf(d),
    record === null ? null : { entries: record.entries, alive: true },
  );
  if (refused) return refused;
  d.players = withoutRecord(d.players, playerId);
  d.totals = { ...d.totals, entries: d.totals.entries - 1 };
  const { prize, fee } = d.rules.buyIn;
  events.push({ type: "registrationCancelled", playerId, refundPrize: prize, refundFee: fee });
  return null;
}

export function start(
  d: Draft,
  events: TournamentEvent[],
  randomInts: unknown,
): TournamentError | null {
  if (d.phase !== "registering") {
    return refusal("already_started", "the tournament has already started");
  }
  // Sorted by id, so the caller's integers alone decide the draw, whatever order registrations came in.
  const playerIds = d.players.map((p) => p.playerId);
  // MT-1: too small a field is not a refusal but the end: everyone is refunded.
  if (playerIds.length < d.rules.minEntrants) {
    cancelBeforeStart(d, events, "min_field");
    return null;
  }
  const drawn = drawSeats({
    playerIds,
    seatsPerTable: d.rules.seatsPerTable,
    startingStack: d.rules.startingStack,
    randomInts: Array.isArray(randomInts) ? randomInts : [],
  });
  if (!drawn.ok) return drawn.error;
  d.phase = "running";
  d.startedAt = d.clock;
  d.tables = drawn.tables;
  d.alive = playerIds.length;
  events.push({
    type: "tournamentStarted",
    entrants: playerIds.length,
    tables: drawn.tables.length,
  });
  for (const table of drawn.tables) {
    table.seats.forEach((occupant, i) => {
      if (occupant) {
        events.push({
          type: "playerSeated",
          playerId: occupant.playerId,
          table: table.number,
          seat: i + 1,
          stack: occupant.stack,
        });
      }
    });
  }
  afterChange(d, events);
  return null;
}

/**
 * A rebuy's or add-on's chips for the player (MT-1). Between hands, or while
 * the player's table deals a hand he is not in, they go onto his stack at
 * once. While his own hand is in play they are kept aside (`bought`) and
 * join his stack when that hand ends: never into a hand under way (T-5).
 */
function addChips(
  d: Draft,
  found: NonNullable<ReturnType<typeof findPlayer>>,
  chips: number,
): { stack: number; nextHand: boolean } {
  const { table, tableIndex, seat, occupant } = found;
  const inHand =
    table.handInProgress && (table.lastHand?.dealtIn.includes(occupant.playerId) ?? false);
  const next = inHand
    ? { ...occupant, bought: (occupant.bought ?? 0) + chips }
    : { ...occupant, stack: occupant.stack + chips };
  replaceTable(d, tableIndex, withSeat(table, seat, next));
  return { stack: chipsOf(next), nextHand: inHand };
}

export function rebuy(
  d: Draft,
  events: TournamentEvent[],
  playerId: unknown,
): TournamentError | null {
  if (!isPlayerId(playerId)) return refusal("invalid_player_id", "unknown player id");
  const record = playerRecord(d, playerId);
  const found = findPlayer(d, playerId);
  const pending = d.pendingRebuys.find((p) => p.playerId === playerId);
  const live =
    record === null || found === null || pending?.declined
      ? null
      : { stack: chipsOf(found.occupant), rebuys: record.rebuys, addOns: record.addOns };
  const refused = checkRebuy(d.rules, momentOf(d), live);
  if (refused) return refused;
  const option = d.rules.rebuy as NonNullable<typeof d.rules.rebuy>;
  const { stack, nextHand } = addChips(d, found as NonNullable<typeof found>, option.chips);
  d.players = withRecord(d.players, {
    ...(record as PlayerRecord),
    rebuys: (record as PlayerRecord).rebuys + 1,
  });
  d.totals = { ...d.totals, rebuys: d.totals.rebuys + 1 };
  events.push({
    type: "rebuyTaken",
    playerId,
    chips: option.chips,
    prize: option.prize,
    fee: option.fee,
    stack,
    nextHand,
  });
  if (pending) {
    d.pendingRebuys = d.pendingRebuys.filter((p) => p !== pending);
    settleDeclinedRebuys(d, events, pending.hand);
  }
  afterChange(d, events);
  return null;
}

export function declineRebuy(
  d: Draft,
  events: TournamentEvent[],
  playerId: unknown,
): TournamentError | null {
  const pending = d.pendingRebuys.find((p) => p.playerId === playerId && !p.declined);
  if (!pending) return refusal("no_rebuy_pending", "no rebuy decision is pending for this player");
  d.pendingRebuys = d.pendingRebuys.map((p) => (p === pending ? { ...p, declined: true } : p));
  events.push({ type: "rebuyDeclined", playerId: pending.playerId });
  settleDeclinedRebuys(d, events, pending.hand);
  afterChange(d, events);
  return null;
}

/**
 * Time passing (`tick`): a rebuy offer nobody answered within the rules'
 * `rebuyDecisionMs` is declined, so the busted player's table can go on.
 * Nothing times out before the start or after the end.
 */
export function declineStaleRebuys(d: Draft, events: TournamentEvent[]): TournamentError | null {
  const stale = d.pendingRebuys.filter(
    (p) => !p.declined && d.clock - p.offeredAt >= d.rules.rebuyDecisionMs,
  );
  for (const p of stale) {
    if (d.phase !== "running") break;
    const refused = declineRebuy(d, events, p.playerId);
    if (refused) return refused;
  }
  return null;
}

/**
 * Once everyone busted in a hand has chosen, those who declined leave
 * together: they busted in the same hand, so they place as one group (MT-5).
 */
function settleDeclinedRebuys(d: Draft, events: TournamentEvent[], hand: number): void {
  const ofHand = d.pendingRebuys.filter((p) => p.hand === hand);
  if (ofHand.some((p) => !p.declined)) return;
  d.pendingRebuys = d.pendingRebuys.filter((p) => p.hand !== hand);
  const busts: Bust[] = ofHand.map(
    ({ hand: _hand, declined: _declined, offeredAt: _offeredAt, ...bust }) => bust,
  );
  for (const bust of busts) {
    const found = findPlayer(d, bust.playerId);
    if (found) replaceTable(d, found.tableIndex, withSeat(found.table, found.seat, null));
  }
  eliminate(d, events, busts);
}

export function addOn(
  d: Draft,
  events: TournamentEvent[],
  playerId: unknown,
): TournamentError | null {
  if (!isPlayerId(playerId)) return refusal("invalid_player_id", "unknown player id");
  const record = playerRecord(d, playerId);
  const found = findPlayer(d, playerId);
  const pending = d.pendingRebuys.some((p) => p.playerId === playerId);
  const live =
    record === null || found === null || pending
      ? null
      : { stack: chipsOf(found.occupant), rebuys: record.rebuys, addOns: record.addOns };
  const refused = checkAddOn(d.rules, momentOf(d), live);
  if (refused) return refused;
  const option = d.rules.addOn as NonNullable<typeof d.rules.addOn>;
  const { stack, nextHand } = addChips(d, found as NonNullable<typeof found>, option.chips);
  d.players = withRecord(d.players, { ...(record as PlayerRecord), addOns: 1 });
  d.totals = { ...d.totals, addOns: d.totals.addOns + 1 };
  events.push({
    type: "addOnTaken",
    playerId,
    chips: option.chips,
    prize: option.prize,
    fee: option.fee,
    stack,
    nextHand,
  });
  return null;
}
