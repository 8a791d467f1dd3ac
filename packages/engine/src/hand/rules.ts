/** Turns a HandConfig into HandRules (defaults filled in), or says what is wrong with it. */
import { isBettingKind } from "../betting";
import { handRanking, STANDARD_RANKING } from "../eval";
import { isRakeRule } from "../pots";
import { HOLE_CARD_COUNT } from "./deck";
import { failure, isChipAmount } from "./errors";
import { GAMES } from "./games";
import type { HandError, HandRules } from "./types";

const DEFAULT_RAISE_CAP = 4;

export function normalizeConfig(
  config: unknown,
): { ok: true; rules: HandRules } | { ok: false; error: HandError } {
  if (typeof config !== "object" || config === null)
    return failure("invalid_config", "config must be an object");
  const c = config as Record<string, unknown>;
  if (c.game !== "holdem" && c.game !== "omaha" && c.game !== "five-card-draw")
    return failure("invalid_config", `unknown game ${String(c.game)}`);
  if (!isBettingKind(c.betting))
    return failure("invalid_config", `unknown betting structure ${String(c.betting)}`);

  const { smallBlind, bigBlind } = c;
  if (!isChipAmount(bigBlind) || bigBlind === 0)
    return failure("invalid_amount", "bigBlind must be a positive integer");
  if (!isChipAmount(smallBlind))
    return failure("invalid_amount", "smallBlind must be a non-negative integer");
  if (smallBlind > bigBlind)
    return failure("invalid_config", "smallBlind must not exceed bigBlind");
  const ante = c.ante ?? 0;
  if (!isChipAmount(ante)) return failure("invalid_amount", "ante must be a non-negative integer");
  const smallBet = c.smallBet ?? bigBlind;
  const bigBet = c.bigBet ?? 2 * bigBlind;
  if (!isChipAmount(smallBet) || smallBet === 0 || !isChipAmount(bigBet) || bigBet === 0) {
    return failure("invalid_amount", "smallBet and bigBet must be positive integers");
  }

  const anteKind = c.anteKind ?? "each";
  if (anteKind !== "each" && anteKind !== "big-blind")
    return failure("invalid_config", `unknown anteKind ${String(anteKind)}`);
  const raiseCap = c.raiseCap === undefined ? DEFAULT_RAISE_CAP : c.raiseCap;
  if (raiseCap !== null && !(isChipAmount(raiseCap) && raiseCap >= 1)) {
    return failure("invalid_config", "raiseCap must be a positive integer or null");
  }
  const capLiftedHeadsUp = c.capLiftedHeadsUp ?? false;
  if (typeof capLiftedHeadsUp !== "boolean")
    return failure("invalid_config", "capLiftedHeadsUp must be a boolean");
  const oddChips = c.oddChips ?? "one-per-winner";
  if (oddChips !== "one-per-winner" && oddChips !== "pokerkit")
    return failure("invalid_config", `unknown oddChips ${String(oddChips)}`);
  const rake = c.rake ?? null;
  if (rake !== null && !isRakeRule(rake)) {
    return failure(
      "invalid_config",
      "rake is { basisPoints 0–10000, cap in whole chips, noFlopNoDrop }",
    );
  }

  // C-1, W-1 … W-6: home-game options, offered with draw (hold'em and Omaha keep the fast evaluator).
  const home =
    c.deckType !== undefined || c.wild !== undefined || c.flushBeatsFullHouse !== undefined;
  if (home && !GAMES[c.game].homeOptions)
    return failure(
      "invalid_config",
      `the 7–A deck and wild cards are for draw games, not ${c.game}`,
    );
  // Most hands name no option: skip the checks (this runs once a hand).
  const ranking = home
    ? handRanking({
        deckType: c.deckType,
        wild: c.wild,
        flushBeatsFullHouse: c.flushBeatsFullHouse,
      })
    : { ok: true as const, ranking: STANDARD_RANKING };
  if (!ranking.ok) return failure("invalid_config", ranking.message);

  return {
    ok: true,
    rules: {
      game: c.game,
      betting: c.betting,
      smallBlind,
      bigBlind,
      ante,
      anteKind,
      smallBet,
      bigBet,
      raiseCap,
      capLiftedHeadsUp,
      oddChips,
      // A copy, so that a state never shares the caller's object.
      rake: rake && {
        basisPoints: rake.basisPoints,
        cap: rake.cap,
        noFlopNoDrop: rake.noFlopNoDrop,
      },
      holeCardCount: HOLE_CARD_COUNT[c.game],
      deckType: ranking.ranking.deckType,
      wild: ranking.ranking.wild,
      flushBeatsFullHouse: ranking.ranking.flushBeatsFullHouse,
    },
  };
}
