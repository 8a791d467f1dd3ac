/** Turns a HandConfig into HandRules (defaults filled in), or says what is wrong with it. */
import { isBettingKind } from "../betting";
import { type HandRanking, handRanking, STANDARD_RANKING, type WildCards } from "../eval";
import { isRakeRule } from "../pots";
import { HOLE_CARD_COUNT } from "./deck";
import { failure, handError, isChipAmount } from "./errors";
import { GAMES, isStud } from "./games";
import type { HandError, HandRules } from "./types";

const DEFAULT_RAISE_CAP = 4;

export function normalizeConfig(
  config: unknown,
): { ok: true; rules: HandRules } | { ok: false; error: HandError } {
  if (typeof config !== "object" || config === null)
    return failure("invalid_config", "config must be an object");
  const c = config as Record<string, unknown>;
  if (typeof c.game !== "string" || !Object.hasOwn(GAMES, c.game))
    return failure("invalid_config", `unknown game ${String(c.game)}`);
  const game = c.game as keyof typeof GAMES;
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

  const stud = isStud(game) ? studOptions(c, game, smallBet) : null;
  if (stud && "code" in stud) return { ok: false, error: stud };
  if (!stud && (c.bringIn !== undefined || c.openPair !== undefined))
    return failure("invalid_config", `bringIn and openPair are stud options, not ${game}'s`);

  // C-1, W-1 … W-6: home-game options, offered with draw (hold'em and Omaha keep the fast evaluator).
  const home =
    !stud &&
    (c.deckType !== undefined || c.wild !== undefined || c.flushBeatsFullHouse !== undefined);
  if (home && !GAMES[game].homeOptions)
    return failure("invalid_config", `the 7–A deck and wild cards are for draw games, not ${game}`);
  // Most hands name no option: skip the checks (this runs once a hand).
  const ranking = home
    ? handRanking({
        deckType: c.deckType,
        wild: c.wild,
        flushBeatsFullHouse: c.flushBeatsFullHouse,
      })
    : { ok: true as const, ranking: stud ? stud.ranking : STANDARD_RANKING };
  if (!ranking.ok) return failure("invalid_config", ranking.message);

  return {
    ok: true,
    rules: {
      game,
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
      holeCardCount: HOLE_CARD_COUNT[game],
      deckType: ranking.ranking.deckType,
      wild: ranking.ranking.wild,
      flushBeatsFullHouse: ranking.ranking.flushBeatsFullHouse,
      bringIn: stud ? stud.bringIn : 0,
      openPair: stud ? stud.openPair : false,
    },
  };
}

/** ST-7 wild options: seven-card stud's lowest hole card, five-card stud's lowest card in the hand. */
const STUD_WILD: Readonly<Record<"stud7" | "stud5", WildCards>> = {
  stud7: "low-hole-card",
  stud5: "lowest-card",
};

/**
 * Stud's options (ST-1 … ST-7): fixed limit (ST heading), antes from every
 * player, the bring-in below the small bet (default the small blind, so a
 * table's 1/2 stakes read as bring-in 1, small bet 2), open pair on by
 * default, the 52-card deck and the game's one wild option.
 */
function studOptions(
  c: Record<string, unknown>,
  game: keyof typeof GAMES,
  smallBet: number,
): { bringIn: number; openPair: boolean; ranking: HandRanking } | HandError {
  if (c.betting !== "fixed-limit")
    return handError("invalid_config", "stud is played fixed limit (ST-1 … ST-5)");
  if ((c.anteKind ?? "each") !== "each")
    return handError("invalid_config", "every stud player posts the ante (ST-1)");
  const bringIn = c.bringIn ?? c.smallBlind;
  if (!isChipAmount(bringIn) || bringIn === 0 || bringIn >= smallBet)
    return handError(
      "invalid_amount",
      `the bring-in must be a positive integer below the small bet ${smallBet} (ST-2)`,
    );
  const openPair = c.openPair ?? true;
  if (typeof openPair !== "boolean")
    return handError("invalid_config", "openPair must be a boolean");
  if ((c.deckType ?? "52") !== "52" || (c.flushBeatsFullHouse ?? false) !== false)
    return handError("invalid_config", "stud is dealt from the 52-card deck");
  const wildOption = STUD_WILD[game as "stud7" | "stud5"];
  const wild = c.wild ?? "none";
  if (wild !== "none" && wild !== wildOption)
    return handError("invalid_config", `${game}'s wild option is ${wildOption} (ST-7)`);
  return {
    bringIn,
    openPair,
    ranking: { deckType: "52", wild: wild as WildCards, flushBeatsFullHouse: false },
  };
}
