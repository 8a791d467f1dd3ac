/**
 * Russian poker (docs/rules.md#5-russian-poker): one round at a table of 6 boxes against the
 * dealer.
 *
 * Where the source text is ambiguous and the team made no decision, we play what a real
 * casino does (docs/rules.md#how-felt-runs-a-round):
 * - Open or closed (RP-1) follows the order a player places boxes: while he has fewer than
 *   two open boxes a new box is open, otherwise it is closed and takes ANTE + BET at once.
 *   Clearing a box during betting frees its place.
 * - A closed box is played blind: its cards stay face down, even to its owner, until the
 *   settlement. Seeing them would only leak information into the open boxes' decisions.
 * - The bonus may be placed on closed boxes too: they never exchange, buy or fold, so RP-2
 *   applies to them as written.
 * - Cards are dealt one at a time, box 0 first and the dealer last; the dealer's fifth card
 *   is the one face up (the main source text: "the dealer's last card is dealt face up").
 * - Decisions on the boxes may arrive in any order. Exchanges and sixth cards are dealt once
 *   every open box has decided, in one pass from the last box backwards (RP-4: "the dealer
 *   deals them starting from the last box"); with `exchange-then-sixth`, sixth cards bought
 *   after an exchange are dealt in a second pass the same way.
 * - Insurance may go with any BET of an open box holding three of a kind or better, improved
 *   or not (RP-10 "placed with the BET"; the second source lists it among the first decisions).
 * - Buying a game needs ace-king or better ("a player holding a significant combination"). All
 *   choices are made first; the dealer then swaps once for every box that bought: he has one
 *   hand. Closed boxes and boxes that may not buy take the ANTE without being asked.
 * - Insurance is paid when the dealer reveals no game, before the RP-8 choice, so the winnings
 *   can pay for buying a game.
 * - When the stub runs out, the house shuffles the discards (exchanged, folded and swapped-out
 *   cards, never the current box's own discards) and sends them with a `reshuffle` command;
 *   they go under what is left of the stub.
 * - A folded box's cards are mucked unseen. Fees are taken when the improvement is bought.
 * - The action clock (`timeout`): undecided boxes fold; undecided no-game choices take the ANTE.
 * - A box bets only the chips its owner has at the table (T-5): no credit.
 */
import { STANDARD_DECK } from "../cards";
import { isAmount } from "./amounts";
import {
  betFor,
  checkBuyGame,
  checkBuySixthCard,
  checkClearBets,
  checkDeal,
  checkExchange,
  checkFold,
  checkPlaceBets,
  checkPlay,
  checkReshuffle,
  checkTakeAnte,
  checkTimeout,
  findPlayer,
  nextBoxIsClosed,
} from "./checks";
import { isCardList, parseCommand } from "./commands";
import { advance, awaitsNoGameChoice, chooseNoGame } from "./dealer-turn";
import { dealInitialCards } from "./dealing";
import { failure, type RussianError } from "./errors";
import { resolveOptions } from "./options";
import {
  type ApplyResult,
  BOX_COUNT,
  type BoxState,
  type PlayerState,
  type RussianCommand,
  type RussianEvent,
  type RussianState,
  type StartRoundCommand,
} from "./types";

const emptyBox = (box: number): BoxState => ({
  box,
  ownerId: null,
  closed: false,
  status: "empty",
  ante: 0,
  bet: 0,
  bonus: 0,
  insurance: 0,
  fees: { exchange: 0, sixthCard: 0, buyGame: 0 },
  cards: [],
  firstFive: [],
  exchanged: null,
  boughtSixthCard: false,
  pendingImprovement: null,
  noGameChoice: null,
  insuranceResult: null,
});

function isFullDeck(deck: unknown): boolean {
  return (
    isCardList(deck) && deck.length === STANDARD_DECK.length && new Set(deck).size === deck.length
  );
}

/** Opens a round for betting. The deck is shuffled by the caller, so the round replays exactly. */
export function startRound(command: StartRoundCommand): ApplyResult {
  if (typeof command !== "object" || command === null) {
    return failure("invalid_command", "startRound needs { players, deck, options? }");
  }
  const resolved = resolveOptions(command.options ?? {});
  if (!resolved.ok) return resolved;
  const { players, deck } = command;
  if (!Array.isArray(players) || players.length < 1 || players.length > BOX_COUNT) {
    return failure("invalid_players", `a round needs 1 to ${BOX_COUNT} players`);
  }
  for (const player of players) {
    if (typeof player?.id !== "string" || player.id === "") {
      return failure("invalid_players", "every player needs a non-empty string id");
    }
    if (!isAmount(player.chips)) {
      return failure("invalid_amount", `player ${player.id}'s chips must be a whole number`);
    }
  }
  if (new Set(players.map((player) => player.id)).size !== players.length) {
    return failure("invalid_players", "player ids must be unique");
  }
  if (!isFullDeck(deck))
    return failure("invalid_deck", "the deck must be a permutation of 52 cards");

  const state: RussianState = {
    game: "russian",
    version: 0,
    phase: "betting",
    resumePhase: null,
    options: resolved.options,
    players: players.map(({ id, chips }) => ({ id, chips, chipsAtStart: chips })),
    boxes: Array.from({ length: BOX_COUNT }, (_, box) => emptyBox(box)),
    dealer: { cards: [], upCard: null, revealed: false, hasGame: null, swaps: [] },
    stub: [...deck],
    discards: [],
    houseResult: 0,
    settlements: [],
  };
  return {
    ok: true,
    state,
    events: [{ type: "roundStarted", players: players.map(({ id, chips }) => ({ id, chips })) }],
  };
}

/** The reason the command is refused, or null; shared with legalActions. */
export function checkCommand(state: RussianState, command: RussianCommand): RussianError | null {
  switch (command.type) {
    case "placeBets":
      return checkPlaceBets(state, command);
    case "clearBets":
      return checkClearBets(state, command);
    case "fold":
      return checkFold(state, command);
    case "play":
      return checkPlay(state, command);
    case "exchange":
      return checkExchange(state, command);
    case "buySixthCard":
      return checkBuySixthCard(state, command);
    case "takeAnte":
      return checkTakeAnte(state, command);
    case "buyGame":
      return checkBuyGame(state, command);
    case "deal":
      return checkDeal(state);
    case "reshuffle":
      return checkReshuffle(state, command);
    case "timeout":
      return checkTimeout(state);
  }
}

/**
 * Applies one command. A refused command returns an error and the caller keeps its state;
 * an accepted one returns a new state (the input is never modified) and what happened.
 */
export function apply(state: RussianState, input: RussianCommand): ApplyResult {
  const parsed = parseCommand(input);
  if (!parsed.ok) return parsed;
  const { command } = parsed;
  if (command.expectedVersion !== undefined && command.expectedVersion !== state.version) {
    return failure("stale_version", `state is at version ${state.version}`);
  }
  const problem = checkCommand(state, command);
  if (problem !== null) return { ok: false, error: problem };

  // The handlers below edit a private deep copy: simpler than threading spreads through
  // every nested update, and the caller's state (plain JSON by design) stays untouched.
  const next = JSON.parse(JSON.stringify(state)) as RussianState;
  const events: RussianEvent[] = [];
  handle(next, command, events);
  advance(next, events);
  next.version = state.version + 1;
  return { ok: true, state: next, events };
}

const playerOf = (state: RussianState, playerId: string): PlayerState => {
  const player = findPlayer(state, playerId);
  if (player === undefined) throw new Error(`unknown player ${playerId} after checks`);
  return player;
};

const boxOf = (state: RussianState, index: number): BoxState => {
  const box = state.boxes[index];
  if (box === undefined) throw new Error(`unknown box ${index} after checks`);
  return box;
};

function handle(state: RussianState, command: RussianCommand, events: RussianEvent[]): void {
  switch (command.type) {
    case "placeBets": {
      const player = playerOf(state, command.playerId);
      const closed = nextBoxIsClosed(state, player.id);
      const box = boxOf(state, command.box);
      Object.assign(box, {
        ownerId: player.id,
        closed,
        status: "staked",
        ante: command.ante,
        bonus: command.bonus ?? 0,
        bet: closed ? 2 * command.ante : 0,
      });
      player.chips -= box.ante + box.bonus + box.bet;
      events.push({
        type: "betsPlaced",
        box: box.box,
        playerId: player.id,
        closed,
        ...stakes(box),
      });
      return;
    }
    case "clearBets": {
      const box = boxOf(state, command.box);
      const refunded = box.ante + box.bonus + box.bet;
      playerOf(state, command.playerId).chips += refunded;
      state.boxes[box.box] = emptyBox(box.box);
      events.push({ type: "betsCleared", box: box.box, playerId: command.playerId, refunded });
      return;
    }
    case "deal":
      events.push(dealInitialCards(state));
      state.phase = "decisions";
      return;
    case "fold": {
      const box = boxOf(state, command.box);
      box.status = "folded";
      state.discards.push(...box.cards);
      box.cards = [];
      events.push({ type: "boxFolded", box: box.box });
      return;
    }
    case "play": {
      const box = boxOf(state, command.box);
      box.bet = betFor(box);
      box.insurance = command.insurance ?? 0;
      box.status = "playing";
      playerOf(state, command.playerId).chips -= box.bet + box.insurance;
      events.push({ type: "boxPlayed", box: box.box, bet: box.bet, insurance: box.insurance });
      return;
    }
    case "exchange": {
      const box = boxOf(state, command.box);
      box.fees.exchange = box.ante;
      box.exchanged = command.cards.length;
      box.pendingImprovement = { kind: "exchange", discard: [...command.cards] };
      box.status = "improving";
      playerOf(state, command.playerId).chips -= box.ante;
      events.push({ type: "exchangeBought", box: box.box, count: box.exchanged, fee: box.ante });
      return;
    }
    case "buySixthCard": {
      const box = boxOf(state, command.box);
      box.fees.sixthCard = box.ante;
      box.boughtSixthCard = true;
      box.pendingImprovement = { kind: "sixthCard" };
      box.status = "improving";
      playerOf(state, command.playerId).chips -= box.ante;
      events.push({ type: "sixthCardBought", box: box.box, fee: box.ante });
      return;
    }
    case "takeAnte":
      chooseNoGame(boxOf(state, command.box), "takeAnte", false, events);
      return;
    case "buyGame": {
      const box = boxOf(state, command.box);
      box.fees.buyGame = box.ante;
      playerOf(state, command.playerId).chips -= box.ante;
      chooseNoGame(box, "buyGame", false, events);
      return;
    }
    case "reshuffle":
      state.stub = [...state.stub, ...command.cards];
      state.discards = [];
      state.phase = state.resumePhase ?? "decisions";
      state.resumePhase = null;
      events.push({ type: "deckReshuffled", cardCount: command.cards.length });
      return;
    case "timeout":
      for (const box of state.boxes) {
        if (state.phase === "decisions" && box.status === "deciding") {
          handle(state, { type: "fold", playerId: box.ownerId ?? "", box: box.box }, events);
        }
        if (state.phase === "noGameChoices" && awaitsNoGameChoice(box)) {
          chooseNoGame(box, "takeAnte", true, events);
        }
      }
      return;
  }
}

const stakes = (box: BoxState) => ({ ante: box.ante, bet: box.bet, bonus: box.bonus });
