/**
 * Dealer's choice (docs/rules.md#dealers-choice, from text 001): the table
 * has a list of games and the player on the button picks the one played for
 * the orbit.
 *
 * An orbit starts with the chooser on the button and lasts until the button
 * has gone round the table back to his seat (he deals his game first and
 * last); the next hand starts a new orbit with the next button choosing. So
 * the choice passes round the table one player per orbit. The orbit is
 * measured in seats the button moves, so dead buttons, empty seats and
 * heads-up play (the button jumping) end it just as well.
 *
 * The choice is made between hands, before the orbit's first hand
 * (`chooseGame`); until then `startHand` is refused. If the chooser's clock
 * runs out the room sends `timeout` and the next game in the list is
 * played. With a dead button (the seat empty, or its player not dealt in)
 * nobody chooses: the next game in the list again.
 */
import type { HandConfig } from "../hand";
import { type HandPlan, planHand, Ring } from "./blinds";
import { accepted, fail, handInProgress } from "./support";
import type {
  DealersChoiceState,
  DealersChoiceView,
  GameChoice,
  TableEvent,
  TableGame,
  TableResult,
  TableState,
} from "./types";

export const NO_CHOICE_YET: DealersChoiceState = {
  game: null,
  orbitButton: null,
  moved: 0,
  chosen: null,
};

/** Whether the hand `plan` describes starts a new orbit. */
export function startsOrbit(state: TableState, plan: HandPlan): boolean {
  const dc = state.dealersChoice;
  if (dc === null) return false;
  if (dc.orbitButton === null || state.button === null) return true;
  const ring = new Ring(state.config.seatCount);
  return dc.moved + ring.offset(plan.positions.button, state.button) > state.config.seatCount;
}

/** The player who must choose before the next hand: the new orbit's button, if he is dealt in. */
export function chooserFor(
  state: TableState,
  plan: HandPlan | null,
): { seat: number; playerId: string } | null {
  if (plan === null || !startsOrbit(state, plan)) return null;
  const seat = plan.positions.button;
  const player = plan.players.find((o) => o.seat === seat);
  return player ? { seat, playerId: player.playerId } : null;
}

/** The default: the game after this orbit's in the list (the first one before any). */
export function nextGameIndex(state: TableState): number {
  const games = state.config.games ?? [];
  const current = state.dealersChoice?.game;
  return current === null || current === undefined ? 0 : (current + 1) % games.length;
}

const gameName = (state: TableState, game: number): string =>
  ((state.config.games ?? [])[game] as TableGame).name;

export function choiceEvent(
  state: TableState,
  seat: number | null,
  game: number,
  by: "player" | "timeout" | "deadButton",
): TableEvent {
  return { type: "gameChosen", seat, game, name: gameName(state, game), by };
}

/**
 * The game for the hand `plan` describes and the dealer's-choice state once
 * it is dealt; `null` when a new orbit is due and its chooser has not chosen.
 */
export function gameForDeal(
  state: TableState,
  plan: HandPlan,
): { game: number; next: DealersChoiceState; events: TableEvent[] } | null {
  const dc = state.dealersChoice as DealersChoiceState;
  if (!startsOrbit(state, plan)) {
    const ring = new Ring(state.config.seatCount);
    const moved = dc.moved + ring.offset(plan.positions.button, state.button as number);
    return { game: dc.game as number, next: { ...dc, moved }, events: [] };
  }
  const chooser = chooserFor(state, plan);
  const events: TableEvent[] = [];
  let game: number;
  if (chooser === null) {
    game = nextGameIndex(state);
    events.push(choiceEvent(state, null, game, "deadButton"));
  } else if (dc.chosen?.seat === chooser.seat && dc.chosen.playerId === chooser.playerId) {
    game = dc.chosen.game;
  } else {
    return null;
  }
  return {
    game,
    next: { game, orbitButton: plan.positions.button, moved: 0, chosen: null },
    events,
  };
}

export function dealersChoiceView(
  state: TableState,
  plan: HandPlan | null,
): DealersChoiceView | null {
  const dc = state.dealersChoice;
  const games = state.config.games;
  if (dc === null || games === null) return null;
  const chooser = chooserFor(state, plan);
  const chosen =
    chooser && dc.chosen?.seat === chooser.seat && dc.chosen.playerId === chooser.playerId
      ? dc.chosen.game
      : null;
  return {
    games: games.map((g) => g.name),
    playing: dc.game,
    chooser: chooser && chosen === null ? chooser.seat : null,
    chosen,
    orbit: orbitProgress(state),
  };
}

/**
 * Where the hand last dealt stands in its orbit ("hand 2 of 4"). The orbit's first hand
 * is 1; then one hand for each player dealt in as the button reaches his seat on its way
 * round, the chooser's own seat last: one hand more than the players dealt in (the
 * chooser deals first and last; three players, four hands). The length counts the
 * players of the last hand, so it changes when players come or go.
 */
export function orbitProgress(state: TableState): { hand: number; hands: number } | null {
  const dc = state.dealersChoice;
  const seats = (state.dealtIn ?? []).map((p) => p.seat);
  if (dc === null || dc.game === null || dc.orbitButton === null || seats.length === 0) return null;
  const size = state.config.seatCount;
  const ring = new Ring(size);
  const orbitButton = dc.orbitButton;
  // How far the button travels from the orbit's first hand to reach a seat: the chooser's
  // own seat is the whole way round.
  const distance = (seat: number) => ring.offset(seat, orbitButton) || size;
  const hand = 1 + seats.filter((seat) => distance(seat) <= dc.moved).length;
  return { hand, hands: Math.max(hand, seats.length + 1) };
}

/** `chooseGame`: the player due to choose picks the coming orbit's game, between hands. */
export function chooseGame(state: TableState, playerId: string, game: unknown): TableResult {
  const games = state.config.games;
  if (games === null) return fail("no_choice_due", "this table plays one game");
  if (handInProgress(state)) return fail("hand_in_progress", "choose between hands");
  const chooser = chooserFor(state, planHand(state));
  if (chooser === null) return fail("no_choice_due", "no game is to be chosen now");
  if (chooser.playerId !== playerId)
    return fail("not_your_choice", `seat ${chooser.seat} chooses the game`);
  if (typeof game !== "number" || !Number.isInteger(game) || game < 0 || game >= games.length)
    return fail("invalid_game", `game is an index from 0 to ${games.length - 1}`);
  return choose(state, { ...chooser, game }, "player");
}

/**
 * The player who must choose the game before the next hand can be dealt, or
 * null when no choice is awaited (one game, a hand in progress, the choice
 * made, a dead button, fewer than two to deal in): the room's clock for him.
 */
export function choiceDue(state: TableState): { seat: number; playerId: string } | null {
  if (state.config.games === null || handInProgress(state)) return null;
  const chooser = chooserFor(state, planHand(state));
  const dc = state.dealersChoice as DealersChoiceState;
  if (
    chooser === null ||
    (dc.chosen?.seat === chooser.seat && dc.chosen.playerId === chooser.playerId)
  )
    return null;
  return chooser;
}

/**
 * The rules the next hand will be dealt with: the table's game, or at dealer's
 * choice the orbit's (continuing, chosen, or the dead button's next game);
 * null while its chooser has still to choose.
 */
export function nextHandConfig(state: TableState): HandConfig | null {
  const games = state.config.games;
  if (games === null) return state.config.hand;
  const plan = planHand(state);
  // No hand can be dealt yet: the game being played, or the first one.
  if (plan === null) return (games[state.dealersChoice?.game ?? 0] as TableGame).hand;
  const game = gameForDeal(state, plan);
  return game === null ? null : (games[game.game] as TableGame).hand;
}

/** `timeout` between hands: the chooser ran out of time, the next game in the list is played. */
export function chooseByTimeout(state: TableState): TableResult | null {
  const chooser = choiceDue(state);
  if (chooser === null) return null;
  return choose(state, { ...chooser, game: nextGameIndex(state) }, "timeout");
}

function choose(state: TableState, choice: GameChoice, by: "player" | "timeout"): TableResult {
  const dc = state.dealersChoice as DealersChoiceState;
  return accepted(state, { dealersChoice: { ...dc, chosen: choice } }, [
    choiceEvent(state, choice.seat, choice.game, by),
  ]);
}
