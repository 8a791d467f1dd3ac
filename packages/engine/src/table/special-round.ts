/**
 * H-5 the special round (docs/rules.md#home-games, text 001; fixed limit):
 * after a showdown won with a full house or better, the next orbit is played
 * at double stakes, then the normal limits come back.
 *
 * - Double stakes: the blinds, the ante and both bet units (small and big
 *   bet) twice the table's; the raise cap stays. Fixed-limit bets are tied to
 *   the blinds (the big blind is the first small bet), so all move together.
 * - An orbit: each player deals once. It is counted in hands, fixed when the
 *   round starts: as many hands as there are players dealt into its first
 *   hand (the hand after the showdown). Players who come or go during it,
 *   and dead buttons, change nothing: the round is that many hands.
 * - "Full house or better" in the hand's own ranking: a full house, four of
 *   a kind, a straight flush, five of a kind (wild cards), and a flush where
 *   a flush beats a full house (the 7–A deck, C-6). Any pot's winner counts,
 *   a side pot's too; a pot won without a showdown does not.
 * - Only a hand at normal limits starts a round: a full house during the
 *   special round does not make it longer or start another one after it.
 */

import type { Category } from "../eval/value";
import { type HandConfig, type HandState, normalizeConfig } from "../hand";
import type { HandPlan } from "./blinds";
import { MAX_CHIPS } from "./support";
import type { HomeGameState, TableError, TableEvent, TableState } from "./types";

const FULL_HOUSE_OR_BETTER: ReadonlySet<Category> = new Set([
  "full-house",
  "four-of-a-kind",
  "straight-flush",
  "five-of-a-kind",
]);

/** The hand's rules at double stakes (H-5); `config` must be playable. */
export function doubled(config: HandConfig): HandConfig {
  const normal = normalizeConfig(config);
  if (!normal.ok) throw new Error(`special round of an unplayable game: ${normal.error.code}`);
  const { smallBlind, bigBlind, ante, smallBet, bigBet } = normal.rules;
  return {
    ...config,
    smallBlind: 2 * smallBlind,
    bigBlind: 2 * bigBlind,
    ante: 2 * ante,
    smallBet: 2 * smallBet,
    bigBet: 2 * bigBet,
  };
}

/** Why the option cannot be on at a table dealing `hands`, or null: fixed limit only, and doubled stakes still playable. */
export function checkSpecialRound(hands: readonly HandConfig[]): TableError | null {
  for (const hand of hands) {
    if (hand.betting !== "fixed-limit")
      return {
        code: "special_round_fixed_limit",
        message: "the special round is for fixed-limit games only (every game of the table)",
      };
    const twice = normalizeConfig(doubled(hand));
    if (!twice.ok)
      return { code: "invalid_config", message: `at double stakes: ${twice.error.message}` };
    if (Math.max(twice.rules.bigBlind, twice.rules.bigBet, twice.rules.ante) > MAX_CHIPS)
      return { code: "invalid_config", message: `double stakes go above ${MAX_CHIPS} chips` };
  }
  return null;
}

/**
 * The hand a deal gives (`hand`, at the table's limits) and the home state
 * once it is dealt: at double stakes while a round is due or being played.
 */
export function specialRoundDeal(
  state: TableState,
  plan: HandPlan,
  hand: HandConfig,
): { hand: HandConfig; homeGame: HomeGameState | undefined; events: TableEvent[] } {
  const home = state.homeGame;
  const round = home?.specialRound ?? null;
  if (home === undefined || round === null) return { hand, homeGame: home, events: [] };
  if (round.status === "due") {
    const hands = plan.players.length;
    return {
      hand: doubled(hand),
      homeGame: { ...home, specialRound: { status: "playing", hands, dealt: 1 } },
      events: [{ type: "specialRoundStarted", hands }],
    };
  }
  return {
    hand: doubled(hand),
    homeGame: { ...home, specialRound: { ...round, dealt: round.dealt + 1 } },
    events: [],
  };
}

/** Whether a pot of `hand` went to a hand shown down that was a full house or better. */
export function wonWithFullHouseOrBetter(hand: HandState): boolean {
  return hand.awards.some((award) =>
    award.winners.some(
      (w) =>
        w.hand !== null &&
        (FULL_HOUSE_OR_BETTER.has(w.hand.category) ||
          (w.hand.category === "flush" && hand.rules.flushBeatsFullHouse)),
    ),
  );
}

/** The home state after `hand` is over: the round's last hand ends it; a normal hand may start one. */
export function specialRoundAfterHand(
  state: TableState,
  hand: HandState,
): { homeGame: HomeGameState | undefined; events: TableEvent[] } {
  const home = state.homeGame;
  if (home === undefined || state.config.home?.specialRound !== true)
    return { homeGame: home, events: [] };
  const round = home.specialRound;
  if (round !== null && round.status === "playing") {
    if (round.dealt < round.hands) return { homeGame: home, events: [] };
    return { homeGame: { ...home, specialRound: null }, events: [{ type: "specialRoundEnded" }] };
  }
  if (round === null && wonWithFullHouseOrBetter(hand))
    return {
      homeGame: { ...home, specialRound: { status: "due" } },
      events: [{ type: "specialRoundDue" }],
    };
  return { homeGame: home, events: [] };
}
