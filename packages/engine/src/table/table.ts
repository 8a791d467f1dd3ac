/**
 * `applyTable(state, command)`: seats and money between hands, and the hand
 * in progress through the hand state machine. Errors are values and leave
 * the state untouched; a throw means a broken invariant.
 */
import {
  apply as applyHand,
  type BlindPositions,
  type Command,
  GAMES,
  type HandConfig,
  type HandState,
  normalizeConfig,
  startHand,
} from "../hand";
import { isRakeRule } from "../pots";
import { setAutoRebuy } from "./auto-rebuy";
import { canPlay, type HandPlan, planHand } from "./blinds";
import { chooseByTimeout, chooseGame, gameForDeal, NO_CHOICE_YET } from "./dealers-choice";
import {
  checkHomeGame,
  closeForTime,
  type HomeGameSetup,
  NEW_HOME_GAME,
  refusedWhenClosed,
} from "./home-game";
import { checkPlan, seatPlayers } from "./planned";
import { freeSetFor } from "./poverty";
import { setShowMyHand, showAfterHand, withShowChoices } from "./show-hand";
import { specialRoundAfterHand, specialRoundDeal } from "./special-round";
import { accepted, fail, handInProgress, isChips, occupantOf, upgraded, withSeat } from "./support";
import type {
  BlindDebt,
  Occupant,
  PlayerAction,
  TableCommand,
  TableConfig,
  TableError,
  TableEvent,
  TableGame,
  TablePositions,
  TableResult,
  TableState,
} from "./types";

export { handInProgress, handSeatOf, occupantOf } from "./support";

const MAX_NAME = 32;
const MAX_GAMES = 20;

export type TableSetup = {
  /** The game dealt at this table; optional with dealer's choice (the first game then). */
  hand?: HandConfig;
  /** Dealer's choice (§4): the games the button picks from, one per orbit. */
  games?: TableGame[];
  seatCount: number;
  minBuyIn: number;
  maxBuyIn: number;
  rake?: TableConfig["rake"];
  timeoutsBeforeSitOut?: number;
  /** Home-game options (H-3 end time, H-4 poverty poker, H-5 special round); absent = none. */
  home?: HomeGameSetup | null;
};

const invalidConfig = (message: string) =>
  ({ ok: false, error: { code: "invalid_config", message } }) as const;

/** Dealer's-choice games, checked one by one: a name and playable hand rules each. */
function checkGames(
  games: unknown,
): { ok: true; games: TableGame[] } | { ok: false; error: TableError } {
  if (!Array.isArray(games) || games.length === 0 || games.length > MAX_GAMES)
    return invalidConfig(`dealer's choice needs 1 to ${MAX_GAMES} games`);
  const checked: TableGame[] = [];
  for (const entry of games as unknown[]) {
    const { name, hand } = (entry ?? {}) as Record<string, unknown>;
    if (typeof name !== "string" || name.trim().length === 0 || name.length > MAX_NAME)
      return invalidConfig(`a game's name is 1 to ${MAX_NAME} characters`);
    const rules = normalizeConfig(hand);
    if (!rules.ok)
      return { ok: false, error: { ...rules.error, message: `${name}: ${rules.error.message}` } };
    checked.push({ name: name.trim(), hand: hand as HandConfig });
  }
  return { ok: true, games: checked };
}

/** A new empty table, or an error when the setup is not playable. */
export function createTable(
  setup: TableSetup,
): { ok: true; state: TableState } | { ok: false; error: TableError } {
  let games: TableGame[] | null = null;
  if (setup.games !== undefined) {
    const checked = checkGames(setup.games);
    if (!checked.ok) return checked;
    games = checked.games;
  }
  const handConfig = setup.hand ?? games?.[0]?.hand;
  const hand = normalizeConfig(handConfig);
  if (!hand.ok) return hand;
  const { seatCount, minBuyIn, maxBuyIn } = setup;
  if (!Number.isInteger(seatCount) || seatCount < 2 || seatCount > 10) {
    return { ok: false, error: { code: "invalid_config", message: "a table has 2 to 10 seats" } };
  }
  // ST-1, ST-5: the deck serves at most so many stud players; a table never seats more than its games deal.
  for (const config of games === null ? [handConfig as HandConfig] : games.map((g) => g.hand)) {
    const most = GAMES[config.game].maxPlayers;
    if (most !== null && seatCount > most)
      return invalidConfig(`${config.game} deals at most ${most} players: seat at most ${most}`);
  }
  if (!isChips(minBuyIn) || !isChips(maxBuyIn) || maxBuyIn < minBuyIn) {
    return {
      ok: false,
      error: {
        code: "invalid_config",
        message: "buy-in limits must be whole chips with min ≤ max",
      },
    };
  }
  const rake = setup.rake ?? null;
  if (rake !== null && !isRakeRule(rake)) {
    return {
      ok: false,
      error: {
        code: "invalid_config",
        message: "rake is 0–10000 basis points with a whole-chip cap",
      },
    };
  }
  const timeouts = setup.timeoutsBeforeSitOut ?? 2;
  const home = checkHomeGame(
    setup.home,
    games === null ? [handConfig as HandConfig] : games.map((g) => g.hand),
    maxBuyIn,
  );
  if (!home.ok) return home;
  return {
    ok: true,
    state: {
      version: 0,
      config: {
        hand: handConfig as HandConfig,
        games,
        seatCount,
        minBuyIn,
        maxBuyIn,
        rake,
        timeoutsBeforeSitOut: timeouts,
        ...(home.options && { home: home.options }),
      },
      seats: Array.from({ length: seatCount }, () => null),
      button: null,
      handNumber: 0,
      hand: null,
      rakeTaken: 0,
      positions: null,
      dealersChoice: games === null ? null : NO_CHOICE_YET,
      ...(home.options && { homeGame: NEW_HOME_GAME }),
    },
  };
}

/** What an operator may change at an open table (its seats and home-game options stay as they are). */
export type TableStakes = Omit<TableSetup, "seatCount" | "timeoutsBeforeSitOut" | "home">;

/**
 * New stakes from the admin (the game, blinds, T-4 buy-in limits, T-10 rake) take effect
 * between hands, checked as a new table's would be. Stacks stay as they are,
 * above the new maximum too. A dealer's-choice orbit goes on unless its list
 * of games changed; then the next button chooses afresh.
 */
function changeStakes(state: TableState, stakes: TableStakes): TableResult {
  if (handInProgress(state)) return fail("hand_in_progress", "stakes change between hands");
  if (typeof stakes !== "object" || stakes === null)
    return fail("invalid_command", "stakes are an object");
  const { seatCount, timeoutsBeforeSitOut, home } = state.config;
  // The home options stay, checked against the new games (H-5 wants them fixed-limit).
  const checked = createTable({ ...stakes, seatCount, timeoutsBeforeSitOut, home });
  if (!checked.ok) return checked;
  const { config } = checked.state;
  const sameGames = JSON.stringify(config.games) === JSON.stringify(state.config.games);
  const dealersChoice =
    config.games === null ? null : sameGames ? state.dealersChoice : NO_CHOICE_YET;
  const { smallBlind, bigBlind } = config.hand;
  const { minBuyIn, maxBuyIn } = config;
  return accepted(state, { config, dealersChoice }, [
    { type: "stakesChanged", smallBlind, bigBlind, minBuyIn, maxBuyIn },
  ]);
}

/** Players dealt into the current hand, by seat. */
function inHand(state: TableState, seat: number): boolean {
  return handInProgress(state) && (state.hand?.players.some((p) => p.seat === seat) ?? false);
}

export function applyTable(stored: TableState, command: TableCommand): TableResult {
  if (typeof command !== "object" || command === null)
    return fail("invalid_command", "a command is an object with a type");
  const state = upgraded(stored);
  const closed = refusedWhenClosed(state, command);
  if (closed) return closed;
  switch (command.type) {
    case "sit":
      return sit(state, command);
    case "addChips":
      return addChips(state, command);
    case "sitOut":
      return sitOut(state, command.playerId);
    case "sitIn":
      return sitIn(state, command.playerId, command.waitForBigBlind);
    case "waitForBigBlind":
      return setWaitForBigBlind(state, command.playerId, command.wait);
    case "chooseGame":
      return chooseGame(state, command.playerId, command.game);
    case "leave":
      return leave(state, command.playerId);
    case "startHand":
      return deal(state, command.deck, command.now);
    case "act":
      return act(state, command.playerId, command.action);
    case "reshuffle":
      return reshuffle(state, command.order);
    case "timeout":
      return timeout(state);
    case "seatPlayers":
      return seatPlayers(state, command.players);
    case "startPlannedHand":
      return dealPlanned(state, command.deck, command.plan);
    case "changeStakes":
      return changeStakes(state, command.stakes);
    case "setAutoRebuy":
      return setAutoRebuy(state, command.playerId, command.upTo);
    case "show":
      return showAfterHand(state, command.playerId);
    case "showMyHand":
      return setShowMyHand(state, command.playerId, command.show);
    default:
      return fail(
        "invalid_command",
        `unknown command type ${JSON.stringify((command as { type?: unknown }).type)}`,
      );
  }
}

function sit(state: TableState, c: Extract<TableCommand, { type: "sit" }>): TableResult {
  const { seat, playerId, name, buyIn } = c;
  if (!Number.isInteger(seat) || seat < 1 || seat > state.config.seatCount) {
    return fail("invalid_seat", `seats are numbered 1 to ${state.config.seatCount}`);
  }
  if (typeof playerId !== "string" || playerId.length === 0)
    return fail("invalid_command", "playerId is required");
  if (typeof name !== "string" || name.trim().length === 0 || name.length > MAX_NAME) {
    return fail("invalid_name", `a name is 1 to ${MAX_NAME} characters`);
  }
  if (state.seats[seat - 1]) return fail("seat_taken", `seat ${seat} is taken`);
  if (occupantOf(state, playerId))
    return fail("already_seated", "you already have a seat at this table");
  if (!isChips(buyIn)) return fail("invalid_amount", "the buy-in must be a whole number of chips");
  if (buyIn < state.config.minBuyIn)
    return fail("buy_in_too_small", `the minimum buy-in is ${state.config.minBuyIn}`);
  if (buyIn > state.config.maxBuyIn)
    return fail("buy_in_too_large", `the maximum buy-in is ${state.config.maxBuyIn}`);
  const wait = c.waitForBigBlind ?? true;
  if (typeof wait !== "boolean") return fail("invalid_command", "waitForBigBlind is a boolean");
  // T-7: before the first hand everyone starts together; once the game runs a newcomer owes a big blind.
  const owes: BlindDebt | null = state.positions === null ? null : "newPlayer";
  const occupant: Occupant = {
    seat,
    playerId,
    name: name.trim(),
    stack: buyIn,
    pendingChips: 0,
    status: "active",
    leaving: false,
    consecutiveTimeouts: 0,
    owes,
    waitForBigBlind: wait,
    autoRebuy: null,
  };
  const events: TableEvent[] = [{ type: "playerSat", seat, playerId, name: occupant.name, buyIn }];
  if (owes !== null) events.push({ type: "blindsOwed", seat, owes });
  return accepted(state, { seats: withSeat(state, seat, occupant) }, events);
}

function addChips(state: TableState, c: Extract<TableCommand, { type: "addChips" }>): TableResult {
  const occupant = occupantOf(state, c.playerId);
  if (!occupant) return fail("not_seated", "you are not seated at this table");
  if (!isChips(c.amount)) return fail("invalid_amount", "add a whole, positive number of chips");
  // T-4/T-5: never above the maximum buy-in, counting chips already waiting to play.
  if (occupant.stack + occupant.pendingChips + c.amount > state.config.maxBuyIn) {
    const room = state.config.maxBuyIn - occupant.stack - occupant.pendingChips;
    return fail(
      "buy_in_too_large",
      `you can add at most ${Math.max(0, room)} chips (table maximum ${state.config.maxBuyIn})`,
    );
  }
  // T-5 Decision: a stack below the table minimum (busted too) is brought up to at least it.
  const have = occupant.stack + occupant.pendingChips;
  if (have < state.config.minBuyIn && have + c.amount < state.config.minBuyIn) {
    return fail(
      "top_up_too_small",
      `add at least ${state.config.minBuyIn - have} chips: a stack below the table minimum of ${state.config.minBuyIn} is brought up to it`,
    );
  }
  const later = inHand(state, occupant.seat);
  const updated: Occupant = later
    ? { ...occupant, pendingChips: occupant.pendingChips + c.amount }
    : { ...occupant, stack: occupant.stack + c.amount };
  return accepted(state, { seats: withSeat(state, occupant.seat, updated) }, [
    {
      type: "chipsAdded",
      seat: occupant.seat,
      amount: c.amount,
      effective: later ? "nextHand" : "now",
    },
  ]);
}

function sitOut(state: TableState, playerId: string): TableResult {
  const occupant = occupantOf(state, playerId);
  if (!occupant) return fail("not_seated", "you are not seated at this table");
  if (occupant.status === "sittingOut")
    return fail("already_sitting_out", "you are already sitting out");
  return accepted(
    state,
    { seats: withSeat(state, occupant.seat, { ...occupant, status: "sittingOut" }) },
    [{ type: "playerSatOut", seat: occupant.seat, reason: "requested" }],
  );
}

/** Back in; what he owes (T-8) stands, and he waits for the big blind unless he chose to post. */
function sitIn(state: TableState, playerId: string, wait: unknown): TableResult {
  const occupant = occupantOf(state, playerId);
  if (!occupant) return fail("not_seated", "you are not seated at this table");
  if (occupant.status !== "sittingOut") return fail("not_sitting_out", "you are not sitting out");
  if (occupant.stack + occupant.pendingChips === 0)
    return fail("no_chips", "add chips before sitting in");
  if (wait !== undefined && typeof wait !== "boolean")
    return fail("invalid_command", "waitForBigBlind is a boolean");
  const updated: Occupant = {
    ...occupant,
    status: "active",
    consecutiveTimeouts: 0,
    waitForBigBlind: wait ?? occupant.waitForBigBlind,
  };
  return accepted(state, { seats: withSeat(state, occupant.seat, updated) }, [
    { type: "playerSatIn", seat: occupant.seat },
  ]);
}

/** T-7/T-8: the seat's standing choice, used whenever he owes blinds; it takes effect at the next deal. */
function setWaitForBigBlind(state: TableState, playerId: string, wait: unknown): TableResult {
  const occupant = occupantOf(state, playerId);
  if (!occupant) return fail("not_seated", "you are not seated at this table");
  if (typeof wait !== "boolean") return fail("invalid_command", "wait is a boolean");
  return accepted(
    state,
    { seats: withSeat(state, occupant.seat, { ...occupant, waitForBigBlind: wait }) },
    [{ type: "waitForBigBlindSet", seat: occupant.seat, wait }],
  );
}

function leave(state: TableState, playerId: string): TableResult {
  const occupant = occupantOf(state, playerId);
  if (!occupant) return fail("not_seated", "you are not seated at this table");
  if (!inHand(state, occupant.seat)) {
    const cashOut = occupant.stack + occupant.pendingChips;
    return accepted(state, { seats: withSeat(state, occupant.seat, null) }, [
      { type: "playerLeft", seat: occupant.seat, playerId, cashOut },
    ]);
  }
  if (occupant.leaving) return fail("invalid_command", "you are already leaving after this hand");
  const marked: TableState = {
    ...state,
    seats: withSeat(state, occupant.seat, { ...occupant, leaving: true }),
    version: state.version + 1,
  };
  // A leaving player's cards are folded at once when it is his turn; otherwise when it comes.
  return continueHand(marked, [{ type: "leaveRequested", seat: occupant.seat }]);
}

/**
 * Deals the next hand: who plays and who posts what come from the seat rules
 * (blinds.ts: T-7 … T-9), the game from dealer's choice when the table has it,
 * at double stakes in a special round (H-5); at a home game's end time (H-3)
 * it may close the table instead.
 */
function deal(state: TableState, deck: number[], now: unknown): TableResult {
  if (handInProgress(state)) return fail("hand_in_progress", "a hand is already in progress");
  let plan = planHand(state);
  const closing = closeForTime(state, plan, now);
  if (closing) return closing;
  if (plan === null)
    return fail("not_enough_players", "a hand needs two players sitting in with chips");
  let config = state.config.hand;
  let dealersChoice = state.dealersChoice;
  const events: TableEvent[] = [];
  if (state.config.games !== null) {
    const game = gameForDeal(state, plan);
    if (game === null) return fail("game_not_chosen", "the button has not chosen the game yet");
    config = (state.config.games[game.game] as TableGame).hand;
    dealersChoice = game.next;
    events.push(...game.events);
  }
  // Stud has no blinds (ST-1: antes and the bring-in): everyone who can play is dealt in.
  if (GAMES[config.game].valuation === "stud") plan = studPlan(state, plan);
  const seats = state.seats.slice();
  for (const { seat, owes } of plan.debts) {
    const occupant = seats[seat - 1] as Occupant;
    seats[seat - 1] = { ...occupant, owes };
    events.push({ type: "blindsOwed", seat, owes });
  }
  // T-10: the table's rake rule, whatever the game; none at all when the table has none.
  const special = specialRoundDeal(state, plan, { ...config, rake: state.config.rake });
  events.push(...special.events);
  const dealt = {
    ...state,
    seats,
    dealersChoice,
    ...(special.homeGame && { homeGame: special.homeGame }),
  };
  return dealHand(dealt, deck, special.hand, plan, events);
}

/**
 * A stud deal (ST-1, ST-5): every player who can play is dealt in, newcomers
 * and players back from sitting out alike, since there are no blinds to wait
 * for; whatever they owed from a blind game is settled. The button and the
 * blind positions still move as in any game (dealer's choice counts its orbit
 * by them).
 */
function studPlan(state: TableState, plan: HandPlan): HandPlan {
  const players = state.seats.filter((o): o is Occupant => o !== null && canPlay(o));
  return {
    ...plan,
    players,
    // No blind passed anyone in a stud hand, so nobody is marked as having missed one.
    debts: players.filter((o) => o.owes !== null).map((o) => ({ seat: o.seat, owes: null })),
  };
}

/**
 * Tournaments: deals the hand the tournament planned (planned.ts checks it),
 * at the level's blinds, which stay the table's blinds from now on.
 */
function dealPlanned(state: TableState, deck: number[], plan: unknown): TableResult {
  const checked = checkPlan(state, plan);
  if (!checked.ok) return checked;
  const config = { ...state.config, hand: checked.hand };
  // MT-7: no rake in tournaments, whatever the table was created with.
  const hand = { ...checked.hand, rake: null };
  return dealHand({ ...state, config }, deck, hand, checked, []);
}

/**
 * Every deal's common part: the hand started with these players, button and
 * blinds, numbered and recorded as the table's positions. `state` carries
 * the deal's other changes; nothing is kept if the hand refuses to start.
 */
function dealHand(
  state: TableState,
  deck: number[],
  config: HandConfig,
  plan: { players: readonly Occupant[]; positions: TablePositions; blinds: BlindPositions },
  events: TableEvent[],
): TableResult {
  const handNumber = state.handNumber + 1;
  const { button } = plan.positions;
  const started = startHand({
    type: "start",
    config,
    players: plan.players.map((o) => ({
      seat: o.seat,
      stack: o.stack,
      name: o.name,
      ...(o.showMyHand ? { atShowdown: "show" as const } : {}),
    })),
    button,
    deck,
    blinds: plan.blinds,
  });
  if (!started.ok) return { ok: false, error: started.error };
  const next: TableState = {
    ...state,
    button,
    positions: plan.positions,
    handNumber,
    hand: started.state,
    dealtIn: plan.players.map((o) => ({ seat: o.seat, playerId: o.playerId })),
    version: state.version + 1,
  };
  for (const event of started.events) events.push({ type: "handEvent", handNumber, event });
  return continueHand(next, events);
}

function act(state: TableState, playerId: string, action: PlayerAction): TableResult {
  if (!handInProgress(state)) return fail("no_hand_in_progress", "there is no hand in progress");
  const occupant = occupantOf(state, playerId);
  if (!occupant || !inHand(state, occupant.seat))
    return fail("not_in_hand", "you are not in this hand");
  if (typeof action !== "object" || action === null)
    return fail("invalid_command", "an action is an object with a type");
  // The choice is the seat's (setShowMyHand), taken by the hand with its next action.
  if ((action as { type?: unknown }).type === "showMyHand")
    return fail("invalid_command", "show my hand is a command of its own");
  const command = { ...action, seat: occupant.seat } as Command;
  const result = applyHand(withShowChoices(state, state.hand as HandState), command);
  if (!result.ok) return { ok: false, error: result.error };
  // A voluntary action resets the timeout count.
  const seats =
    occupant.consecutiveTimeouts > 0
      ? withSeat(state, occupant.seat, { ...occupant, consecutiveTimeouts: 0 })
      : state.seats;
  const next: TableState = { ...state, seats, hand: result.state, version: state.version + 1 };
  return continueHand(
    next,
    result.events.map((event) => ({ type: "handEvent", handNumber: state.handNumber, event })),
  );
}

/** Draw games: the room's shuffle of the muck when the stub ran short (the hand checks the order). */
function reshuffle(state: TableState, order: unknown): TableResult {
  if (!handInProgress(state)) return fail("no_hand_in_progress", "there is no hand in progress");
  const hand = withShowChoices(state, state.hand as HandState);
  const result = applyHand(hand, { type: "reshuffle", order } as Command);
  if (!result.ok) return { ok: false, error: result.error };
  const next: TableState = { ...state, hand: result.state, version: state.version + 1 };
  return continueHand(
    next,
    result.events.map((event) => ({ type: "handEvent", handNumber: state.handNumber, event })),
  );
}

function timeout(state: TableState): TableResult {
  const choice = chooseByTimeout(state);
  if (choice) return choice;
  const hand = state.hand;
  if (hand && handInProgress(state) && hand.needsReshuffle)
    return fail("reshuffle_pending", "the hand waits for the discards to be reshuffled");
  if (!hand || !handInProgress(state) || hand.toAct === null)
    return fail("no_hand_in_progress", "nobody is on the clock");
  const seat = hand.toAct;
  const result = applyHand(withShowChoices(state, hand), { type: "timeout", seat });
  if (!result.ok) return { ok: false, error: result.error };
  const events: TableEvent[] = result.events.map((event) => ({
    type: "handEvent",
    handNumber: state.handNumber,
    event,
  }));
  let seats = state.seats;
  const occupant = seats[seat - 1];
  // Only betting timeouts sit a player out (a draw's does not, nor a showdown stored mid-way).
  if (occupant && hand.phase === "betting") {
    const count = occupant.consecutiveTimeouts + 1;
    const sitOutNow = count >= state.config.timeoutsBeforeSitOut && occupant.status === "active";
    seats = withSeat(state, seat, {
      ...occupant,
      consecutiveTimeouts: count,
      status: sitOutNow ? "sittingOut" : occupant.status,
    });
    if (sitOutNow) events.push({ type: "playerSatOut", seat, reason: "timeouts" });
  }
  return continueHand({ ...state, seats, hand: result.state, version: state.version + 1 }, events);
}

/**
 * A player the clock sat out (his betting timeouts reached the limit) who is still in
 * the hand is not there to decide: he gets no new clock (issue 48, bug 7).
 */
const satOutByTimeouts = (state: TableState, occupant: Occupant) =>
  occupant.status === "sittingOut" &&
  occupant.consecutiveTimeouts >= state.config.timeoutsBeforeSitOut;

/**
 * After an accepted command (its version already counted): plays the turns of
 * players who have left, and of players the clock sat out, then settles the hand
 * if it is over.
 */
function continueHand(state: TableState, events: TableEvent[]): TableResult {
  let current = state;
  for (;;) {
    const hand = current.hand;
    if (!hand) break;
    if (hand.phase === "complete") return settle(current, events);
    const seat = hand.toAct;
    const occupant = seat === null ? null : current.seats[seat - 1];
    if (seat === null || !occupant) break;
    if (!occupant.leaving && !satOutByTimeouts(current, occupant)) break;
    // The player has left the table: fold for him without waiting on the clock. One sat out
    // by the clock acts as his timeout would, at once: he checks when checking is free and
    // folds when he faces a bet (stands pat in the draw); a showdown stored mid-way by an
    // older engine finishes by the timeout.
    const withChoices = withShowChoices(current, hand);
    const move: Command = occupant.leaving ? { type: "fold", seat } : { type: "timeout", seat };
    const result = applyHand(withChoices, move);
    const fallback = result.ok ? result : applyHand(withChoices, { type: "timeout", seat });
    if (!fallback.ok) throw new Error(`absent player could not act: ${fallback.error.code}`);
    events.push(
      ...fallback.events.map(
        (event): TableEvent => ({ type: "handEvent", handNumber: current.handNumber, event }),
      ),
    );
    current = { ...current, hand: fallback.state };
  }
  return { ok: true, state: current, events };
}

/**
 * The hand is over: stacks back to the seats, pending chips in, leavers cashed
 * out, the busted given a free set (H-4) or sat out; a special round (H-5)
 * counted down or made due.
 */
function settle(state: TableState, events: TableEvent[]): TableResult {
  const hand = state.hand as HandState;
  const rake = hand.rakeTaken;
  const special = specialRoundAfterHand(state, hand);
  let homeGame = special.homeGame;
  let seats = state.seats.slice();
  const stacks: { seat: number; stack: number }[] = [];
  for (const player of hand.players) {
    const occupant = seats[player.seat - 1];
    if (!occupant) throw new Error(`seat ${player.seat} emptied during a hand`);
    seats[player.seat - 1] = { ...occupant, stack: player.stack };
    stacks.push({ seat: player.seat, stack: player.stack });
  }
  events.push({ type: "handSettled", handNumber: state.handNumber, rake, stacks });
  events.push(...special.events);
  seats = seats.map((occupant) => {
    if (!occupant) return null;
    let updated = occupant;
    if (updated.pendingChips > 0) {
      updated = { ...updated, stack: updated.stack + updated.pendingChips, pendingChips: 0 };
    }
    if (updated.leaving) {
      events.push({
        type: "playerLeft",
        seat: updated.seat,
        playerId: updated.playerId,
        cashOut: updated.stack,
      });
      return null;
    }
    const dealtIn = hand.players.some((p) => p.seat === updated.seat);
    const freeSet = dealtIn && homeGame ? freeSetFor(state, homeGame, updated) : null;
    if (freeSet) {
      events.push(freeSet.event);
      homeGame = freeSet.home;
      updated = freeSet.occupant;
    }
    if (updated.stack === 0 && updated.status === "active") {
      events.push({ type: "playerSatOut", seat: updated.seat, reason: "busted" });
      updated = { ...updated, status: "sittingOut" };
    }
    return updated;
  });
  const settled = { ...state, seats, rakeTaken: state.rakeTaken + rake };
  return { ok: true, state: homeGame ? { ...settled, homeGame } : settled, events };
}

/** Every chip the table holds: stacks, chips waiting to play, and the hand in progress. */
export function chipsOnTable(state: TableState): number {
  let total = 0;
  const hand = handInProgress(state) ? state.hand : null;
  for (const occupant of state.seats) {
    if (!occupant) continue;
    total += occupant.pendingChips;
    const player = hand?.players.find((p) => p.seat === occupant.seat);
    // During a hand the seat's stack is the hand's starting stack; the hand holds the live count.
    if (!player) total += occupant.stack;
  }
  if (hand) {
    for (const p of hand.players) total += p.stack + p.committed + p.ante;
  }
  return total;
}
