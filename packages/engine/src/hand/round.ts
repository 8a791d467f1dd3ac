/** The betting round: whose turn it is, and what the betting structure sees (B-2 … B-7). */
import { BETTING_STRUCTURES, type BettingSituation, type BettingStructure } from "../betting";
import { countNotFolded, playerAt } from "./draft";
import type { BettingRoundState, HandRules, HandState, PlayerState, Street } from "./types";

export const structureOf = (rules: HandRules): BettingStructure =>
  BETTING_STRUCTURES[rules.betting];

/**
 * B-6: small bet pre-flop and on the flop (before the draw), big bet on the
 * turn and river (after it). The street records (games.ts) say the same; this
 * runs on every betting decision, so it compares names instead of looking the
 * record up (games.test.ts checks the two agree).
 */
export const unitOf = (rules: HandRules, street: Street): number =>
  street === "preflop" ||
  street === "flop" ||
  street === "predraw" ||
  street === "second" ||
  street === "third" ||
  street === "fourth"
    ? rules.smallBet
    : rules.bigBet;

/** A hand stored before `fullBetTo` existed lacks it: its short all-ins are then sized from the highest bet. */
export const fullBetToOf = (round: BettingRoundState): number =>
  round.fullBetTo ?? round.highestBet;

export function situationFor(state: HandState, player: PlayerState): BettingSituation {
  const { rules, round } = state;
  let pot = state.antes;
  for (const p of state.players) pot += p.committed;
  const headsUp = rules.capLiftedHeadsUp && countNotFolded(state.players) === 2;
  return {
    bigBlind: rules.bigBlind,
    // ST-4, ST-5 open pair: either unit, until the big one is used.
    unit: round.openPair === "big" ? rules.bigBet : unitOf(rules, state.street),
    ...(round.openPair === "either" ? { largerUnit: rules.bigBet } : {}),
    raiseCap: headsUp ? null : rules.raiseCap,
    highestBet: round.highestBet,
    fullBetTo: fullBetToOf(round),
    fullRaise: round.fullRaise,
    betCount: round.betCount,
    pot,
    playerBet: player.bet,
  };
}

/**
 * B-7: a player still has to act until he has acted since the last full raise
 * and matched the highest bet. A player alone with chips (everyone else folded
 * or all-in) has nothing left to decide once he covers every other bet.
 */
export function needsToAct(
  players: readonly PlayerState[],
  index: number,
  highestBet: number,
): boolean {
  const p = playerAt(players, index);
  if (p.folded || p.allIn) return false;
  if (p.acted && p.bet >= highestBet) return false;
  let otherBet = 0;
  for (let j = 0; j < players.length; j++) {
    const other = playerAt(players, j);
    if (j === index || other.folded) continue;
    if (!other.allIn) return true;
    if (other.bet > otherBet) otherBet = other.bet;
  }
  return p.bet < otherBet;
}

/** The first player from `from` clockwise (inclusive) who has to act, or −1 when the round is over. */
export function nextToAct(
  players: readonly PlayerState[],
  from: number,
  highestBet: number,
): number {
  const n = players.length;
  for (let k = 0; k < n; k++) {
    const i = (from + k) % n;
    if (needsToAct(players, i, highestBet)) return i;
  }
  return -1;
}
