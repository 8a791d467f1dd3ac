/**
 * Money at the table (T-4, T-5): the requests the cashier sends the room and
 * the pure decision of what a buy-in means — sitting down or adding chips —
 * checked by the engine's own rules before any money moves.
 */
import {
  applyTable,
  liveStack,
  occupantOf,
  type TableCommand,
  type TableError,
  type TableEvent,
  type TableState,
} from "@felt/engine";

export type BuyInRequest = {
  tableId: string;
  userId: string;
  /** Shown at the table. */
  name: string;
  amount: number;
  /** The client's idempotency key. */
  key: string;
  /** Where to sit; the first free seat when left out. Ignored when already seated. */
  seat?: number;
  /** T-6, asked with the buy-in: top up to this many chips before each hand; null turns it off, absent leaves it. */
  autoRebuy?: number | null;
};
export type CashOutRequest = { tableId: string; userId: string; key: string };

export type SeatRefusal =
  | { code: "table_closed" }
  | { code: "game_unavailable"; reason: string }
  | { code: "table_full"; seats: number }
  /** T-12: the free seats are held for players on the waiting list. */
  | { code: "seat_held"; seats: number }
  | { code: "seat_taken"; seat: number }
  | { code: "invalid_seat"; seats: number }
  | { code: "below_min"; minBuyIn: number }
  /** T-5: adding chips to a stack below the minimum must bring it at least up to it. */
  | { code: "below_min_stack"; minBuyIn: number; stack: number }
  | { code: "above_max"; maxBuyIn: number; stack: number }
  /** T-6: an auto-rebuy amount outside the table's buy-in limits. */
  | { code: "invalid_auto_rebuy"; minBuyIn: number; maxBuyIn: number }
  | { code: "insufficient_funds"; balance: number }
  | { code: "key_reused" }
  | { code: "not_seated" }
  /** The engine refused: `refusal` is its code (`hand_in_progress`…), `message` its English. */
  | { code: "refused"; message: string; refusal?: string };

export type BuyInResult =
  | {
      ok: true;
      seat: number;
      /** Every chip the player now has on the table, including chips that play from the next hand. */
      stack: number;
      /** T-5: chips added during a hand play from the next one. */
      effective: "now" | "nextHand";
      replayed: boolean;
    }
  | ({ ok: false } & SeatRefusal);

export type CashOutResult =
  | {
      ok: true;
      /** Chips sent back to the wallet now (0 when leaving after the hand in progress). */
      cashedOut: number;
      /** In a hand: the cards are folded and the stack goes back when the hand ends. */
      leavingAfterHand: boolean;
      replayed: boolean;
    }
  | ({ ok: false } & SeatRefusal);

/** A leave's answer: paid out now, or after the hand in play (no `playerLeft` event yet). */
export function leaveResult(events: readonly { type: string }[]): CashOutResult {
  const paid = events.find(
    (e): e is { type: "playerLeft"; cashOut: number } => e.type === "playerLeft",
  );
  return {
    ok: true,
    cashedOut: paid?.cashOut ?? 0,
    leavingAfterHand: paid === undefined,
    replayed: false,
  };
}

function firstFreeSeat(table: TableState): number | null {
  const index = table.seats.indexOf(null);
  return index < 0 ? null : index + 1;
}

/**
 * The command a buy-in becomes, checked against the table as it is: money
 * moves only for a command the engine would accept now.
 */
export function planBuyIn(
  table: TableState,
  request: Pick<BuyInRequest, "userId" | "name" | "amount" | "seat" | "autoRebuy">,
): { ok: true; commands: TableCommand[]; seat: number } | { ok: false; refusal: SeatRefusal } {
  const occupant = occupantOf(table, request.userId);
  let command: TableCommand;
  let seat: number;
  if (occupant) {
    seat = occupant.seat;
    command = { type: "addChips", playerId: request.userId, amount: request.amount };
  } else {
    const chosen = request.seat ?? firstFreeSeat(table);
    if (chosen === null)
      return { ok: false, refusal: { code: "table_full", seats: table.config.seatCount } };
    seat = chosen;
    command = {
      type: "sit",
      seat,
      playerId: request.userId,
      name: request.name,
      buyIn: request.amount,
    };
  }
  const tried = applyTable(table, command);
  if (!tried.ok) return { ok: false, refusal: refusalOf(tried.error, table, request.userId, seat) };
  if (request.autoRebuy === undefined) return { ok: true, commands: [command], seat };
  // The wish is checked on the table as the buy-in leaves it, before any money moves.
  const wish: TableCommand = {
    type: "setAutoRebuy",
    playerId: request.userId,
    upTo: request.autoRebuy,
  };
  if (!applyTable(tried.state, wish).ok) {
    const { minBuyIn, maxBuyIn } = table.config;
    return { ok: false, refusal: { code: "invalid_auto_rebuy", minBuyIn, maxBuyIn } };
  }
  return { ok: true, commands: [command, wish], seat };
}

function refusalOf(
  error: TableError,
  table: TableState,
  userId: string,
  seat: number,
): SeatRefusal {
  switch (error.code) {
    case "buy_in_too_small":
      return { code: "below_min", minBuyIn: table.config.minBuyIn };
    case "top_up_too_small": {
      const occupant = occupantOf(table, userId);
      const stack = occupant ? occupant.stack + occupant.pendingChips : 0;
      return { code: "below_min_stack", minBuyIn: table.config.minBuyIn, stack };
    }
    case "buy_in_too_large": {
      // The engine counts the stack the hand started with, so the message does too.
      const occupant = occupantOf(table, userId);
      const stack = occupant ? occupant.stack + occupant.pendingChips : 0;
      return { code: "above_max", maxBuyIn: table.config.maxBuyIn, stack };
    }
    case "seat_taken":
      return { code: "seat_taken", seat };
    case "invalid_seat":
      return { code: "invalid_seat", seats: table.config.seatCount };
    default:
      return { code: "refused", message: error.message, refusal: error.code };
  }
}

/** A buy-in (or auto-rebuy) between "move the money" and "put the chips on the table". */
export type FundingIntent = {
  /** The ledger's key suffix (`buy_in:<user>:<ledgerKey>`). */
  ledgerKey: string;
  userId: string;
  amount: number;
  /**
   * Applied once the money is in escrow: sit or addChips, then the auto-rebuy
   * wish asked with the buy-in, or sitIn for a busted auto-rebuyer.
   */
  commands: TableCommand[];
  /** The cashier request this answers, or null for an auto-rebuy. */
  requestKey: string | null;
  /** What that request asked (`buyInTerms`); absent in intents stored before terms were kept. */
  terms?: string;
};

/**
 * What a buy-in asks for, beside its key: a retry must ask the same, or it is
 * a different request reusing the key (API.md: a CONFLICT, not a replay).
 */
export const buyInTerms = (request: Pick<BuyInRequest, "amount" | "seat" | "autoRebuy">) =>
  JSON.stringify({
    amount: request.amount,
    seat: request.seat ?? null,
    // Absent for a buy-in without the wish, so terms stored before it still match.
    ...(request.autoRebuy === undefined ? {} : { autoRebuy: request.autoRebuy }),
  });

/** Ledger keys are per user, so the stored intent is keyed by both. */
export const intentKey = (intent: FundingIntent) => `${intent.userId}:${intent.ledgerKey}`;

/**
 * The money is in escrow: put the chips on the table. When the first command
 * no longer fits (the seat went while the ledger answered, or a crash came in
 * between), the caller refunds the money.
 */
export function applyFunding(
  table: TableState,
  intent: FundingIntent,
  replayed: boolean,
):
  | { ok: true; state: TableState; events: TableEvent[]; result: BuyInResult }
  | { ok: false; result: BuyInResult } {
  const [first, ...rest] = intent.commands;
  const applied = first ? applyTable(table, first) : null;
  if (!applied?.ok) {
    const message = applied ? applied.error.message : "nothing to do";
    const refusal = applied ? applied.error.code : "nothing_to_do";
    return { ok: false, result: { ok: false, code: "refused", message, refusal } };
  }
  let state = applied.state;
  const events = [...applied.events];
  for (const command of rest) {
    // Best effort (both were checked before the money moved): a player who cannot sit
    // back in keeps his chips and sits in himself.
    const more = applyTable(state, command);
    if (more.ok) {
      state = more.state;
      events.push(...more.events);
    }
  }
  const occupant = occupantOf(state, intent.userId);
  if (!occupant) return { ok: false, result: { ok: false, code: "not_seated" } };
  const added = events.find((e) => e.type === "chipsAdded");
  return {
    ok: true,
    state,
    events,
    result: {
      ok: true,
      seat: occupant.seat,
      stack: liveStack(state, intent.userId),
      effective: added?.type === "chipsAdded" ? added.effective : "now",
      replayed,
    },
  };
}

/** T-6: the funding of one auto-rebuy. Its ledger key is unique to the table's version and seat. */
export function rebuyIntent(
  tableId: string,
  table: TableState,
  rebuy: { playerId: string; seat: number; amount: number; sitIn: boolean },
): FundingIntent {
  const commands: TableCommand[] = [
    { type: "addChips", playerId: rebuy.playerId, amount: rebuy.amount },
  ];
  if (rebuy.sitIn) commands.push({ type: "sitIn", playerId: rebuy.playerId });
  return {
    ledgerKey: `auto:${tableId}:v${table.version}:s${rebuy.seat}`,
    userId: rebuy.playerId,
    amount: rebuy.amount,
    commands,
    requestKey: null,
  };
}
