/**
 * PHH's player order and forced-bet arrays ↔ the engine's seats, button and
 * config. PHH numbers players clockwise from the first player left of the
 * button (p1) to the button (pN), in every table size: heads-up the button
 * posts the small blind, so p1 is the big blind there. The forced-bet arrays
 * are still written [SB, BB, …] and PokerKit applies them reversed heads-up
 * (p1 pays index 1), so a big-blind ante is at index 1 in every table size.
 */
import { handRanking } from "../eval";
import type { HandConfig } from "../hand";
import { isRakeRule } from "../pots";
import {
  type HandHistory,
  isDrawVariant,
  isFixedLimitVariant,
  isStudVariant,
  type PhhError,
  type PhhVariant,
} from "./types";

/** Index into `antes` / `blinds_or_straddles` of what player `player` (0-based PHH order) pays. */
export const forcedBetIndex = (player: number, playerCount: number): number =>
  playerCount === 2 ? 1 - player : player;

/** What each player pays, in PHH order, from an array written [SB, BB, …]. */
export const paidBy = (written: readonly number[]): number[] =>
  written.map((_, player) => written[forcedBetIndex(player, written.length)] as number);

type Game = HandConfig["game"];
type Betting = HandConfig["betting"];

export const VARIANT_RULES: Record<
  PhhVariant,
  { game: Game; betting: Betting; wild?: HandConfig["wild"] }
> = {
  NT: { game: "holdem", betting: "no-limit" },
  FT: { game: "holdem", betting: "fixed-limit" },
  PO: { game: "omaha", betting: "pot-limit" },
  // Felt's own codes: PHH has no five-card draw high (see types.ts).
  F5D: { game: "five-card-draw", betting: "fixed-limit" },
  P5D: { game: "five-card-draw", betting: "pot-limit" },
  N5D: { game: "five-card-draw", betting: "no-limit" },
  // Stud (ST-8): the spec's F7S, and Felt's codes for five-card stud and the wild option (ST-7).
  F7S: { game: "stud7", betting: "fixed-limit", wild: "none" },
  F5S: { game: "stud5", betting: "fixed-limit", wild: "none" },
  F7SW: { game: "stud7", betting: "fixed-limit", wild: "low-hole-card" },
  F5SW: { game: "stud5", betting: "fixed-limit", wild: "lowest-card" },
};

/** The code of a game; stud's wild option has codes of its own (draw's wild cards are a field). */
export function variantOf(
  game: Game,
  betting: Betting,
  wild: HandConfig["wild"] = "none",
): PhhVariant | undefined {
  for (const [variant, rules] of Object.entries(VARIANT_RULES)) {
    if (rules.game === game && rules.betting === betting && (rules.wild ?? wild) === wild)
      return variant as PhhVariant;
  }
  return undefined;
}

/** User fields (PHH reserves `_` names for them) that carry Felt table options a PHH field cannot. */
export const FELT_ODD_CHIPS = "_felt_odd_chips";
export const FELT_RAISE_CAP = "_felt_raise_cap";
export const FELT_CAP_LIFTED_HEADS_UP = "_felt_cap_lifted_heads_up";
/** Draw games: C-1 the deck ("52" or "7A"), W-1…W-5 the wild cards, C-6 a flush over a full house. */
export const FELT_DECK = "_felt_deck";
export const FELT_WILD = "_felt_wild";
export const FELT_FLUSH_BEATS_FULL_HOUSE = "_felt_flush_beats_full_house";
/** T-10: the table's rake, so a raked hand replays to the stacks it ended with. */
export const FELT_RAKE_BASIS_POINTS = "_felt_rake_basis_points";
export const FELT_RAKE_CAP = "_felt_rake_cap";
export const FELT_RAKE_NO_FLOP_NO_DROP = "_felt_rake_no_flop_no_drop";
/** Stud: ST-4/ST-5's open-pair option; absent means off, as PokerKit plays F7S. */
export const FELT_OPEN_PAIR = "_felt_open_pair";

type RulesResult = { ok: true; rules: HandConfig } | { ok: false; error: PhhError };

const unsupported = (message: string): RulesResult => ({
  ok: false,
  error: { code: "phh_unsupported", message },
});
const badField = (message: string): RulesResult => ({
  ok: false,
  error: { code: "phh_bad_field", message },
});

/**
 * The engine rules that replay `history`. Forced bets the engine has no
 * config for (straddles, antes that are neither uniform nor a big-blind ante,
 * a minimum bet other than the big blind) are refused rather than
 * approximated. PHH files replay with PokerKit's odd-chip rule unless the file
 * says (`_felt_odd_chips`) it was played with another.
 */
export function rulesFromHistory(history: HandHistory): RulesResult {
  if (isStudVariant(history.variant)) {
    const stud = studRules(history);
    return stud.ok ? withFeltOptions(history, stud.rules) : stud;
  }
  const blinds = history.blindsOrStraddles;
  if (blinds.slice(2).some((blind) => blind !== 0)) {
    return unsupported("straddles (forced bets after the big blind) are not supported");
  }
  const smallBlind = blinds[0] as number;
  const bigBlind = blinds[1] as number;
  if (bigBlind === 0) return unsupported("a hand without a big blind is not supported");

  const rules: HandConfig = { ...VARIANT_RULES[history.variant], smallBlind, bigBlind };
  if (isFixedLimitVariant(history.variant)) {
    rules.smallBet = history.smallBet as number;
    rules.bigBet = history.bigBet as number;
  } else if (history.minBet !== bigBlind) {
    return unsupported(`min_bet ${history.minBet} differs from the big blind ${bigBlind} (B-2)`);
  }

  const antes = history.antes;
  const first = antes[0] as number;
  if (antes.every((ante) => ante === first)) {
    if (first > 0) {
      rules.ante = first;
      rules.anteKind = "each";
    }
  } else if (antes.every((ante, i) => i === 1 || ante === 0)) {
    rules.ante = antes[1] as number;
    rules.anteKind = "big-blind";
  } else {
    return unsupported(`antes ${JSON.stringify(antes)}: only uniform antes or a big-blind ante`);
  }
  if (history.anteTrimmingStatus) {
    const paid = paidBy(antes);
    if (history.startingStacks.some((stack, player) => stack < (paid[player] as number))) {
      return unsupported("ante trimming (a short ante winning in proportion) is not supported");
    }
  }

  const withOptions = withFeltOptions(history, rules);
  if (!withOptions.ok) return withOptions;
  return isDrawVariant(history.variant) ? withHomeOptions(history, withOptions.rules) : withOptions;
}

/** The table options Felt writes in user fields: odd chips, the cap, the rake. */
function withFeltOptions(history: HandHistory, rules: HandConfig): RulesResult {
  const oddChips = history.extra[FELT_ODD_CHIPS];
  if (oddChips === undefined) rules.oddChips = "pokerkit";
  else if (oddChips === "pokerkit" || oddChips === "one-per-winner") rules.oddChips = oddChips;
  else return badField(`${FELT_ODD_CHIPS}: "one-per-winner" or "pokerkit"`);

  // Fixed limit: PokerKit lets 4 raises follow the big blind; Felt caps at 4 bets (B-6) unless told.
  const cap = history.extra[FELT_RAISE_CAP];
  if (cap !== undefined) {
    if (cap !== false && (typeof cap !== "number" || !Number.isSafeInteger(cap) || cap < 1)) {
      return badField(`${FELT_RAISE_CAP}: expected a positive integer, or false for no cap`);
    }
    rules.raiseCap = cap === false ? null : (cap as number);
  }
  const lifted = history.extra[FELT_CAP_LIFTED_HEADS_UP];
  if (lifted !== undefined) {
    if (typeof lifted !== "boolean")
      return badField(`${FELT_CAP_LIFTED_HEADS_UP}: expected a boolean`);
    rules.capLiftedHeadsUp = lifted;
  }
  const basisPoints = history.extra[FELT_RAKE_BASIS_POINTS];
  if (basisPoints !== undefined) {
    const rake = {
      basisPoints,
      cap: history.extra[FELT_RAKE_CAP],
      noFlopNoDrop: history.extra[FELT_RAKE_NO_FLOP_NO_DROP],
    };
    if (!isRakeRule(rake))
      return badField(
        `${FELT_RAKE_BASIS_POINTS}/${FELT_RAKE_CAP}/${FELT_RAKE_NO_FLOP_NO_DROP}: 0–10000 basis points, a whole-chip cap, a boolean`,
      );
    rules.rake = rake;
  }
  return { ok: true, rules };
}

/**
 * Stud (ST-1 … ST-8): uniform antes, the bring-in, small and big bet; the
 * table's stakes read as bring-in / small bet. The open pair is off unless
 * the file says (`_felt_open_pair`): PokerKit's F7S has none.
 */
function studRules(history: HandHistory): RulesResult {
  const antes = history.antes;
  const ante = antes[0] as number;
  if (antes.some((a) => a !== ante)) return unsupported("stud antes must be the same for everyone");
  const { game, betting, wild } = VARIANT_RULES[history.variant];
  const bringIn = history.bringIn as number;
  const rules: HandConfig = {
    game,
    betting,
    smallBlind: bringIn,
    bigBlind: history.smallBet as number,
    bringIn,
    smallBet: history.smallBet as number,
    bigBet: history.bigBet as number,
    ...(ante > 0 ? { ante } : {}),
    ...(wild && wild !== "none" ? { wild } : {}),
  };
  const openPair = history.extra[FELT_OPEN_PAIR];
  if (openPair !== undefined && typeof openPair !== "boolean")
    return badField(`${FELT_OPEN_PAIR}: expected a boolean`);
  rules.openPair = openPair === true;
  return { ok: true, rules };
}

/** The deck and wild-card fields of a draw history (absent: the 52-card deck, no wild cards). */
function withHomeOptions(history: HandHistory, rules: HandConfig): RulesResult {
  const deckType = history.extra[FELT_DECK];
  const wild = history.extra[FELT_WILD];
  const flushBeatsFullHouse = history.extra[FELT_FLUSH_BEATS_FULL_HOUSE];
  const ranking = handRanking({ deckType, wild, flushBeatsFullHouse });
  if (!ranking.ok) return badField(`${FELT_DECK}/${FELT_WILD}: ${ranking.message}`);
  return {
    ok: true,
    rules: {
      ...rules,
      deckType: ranking.ranking.deckType,
      wild: ranking.ranking.wild,
      flushBeatsFullHouse: ranking.ranking.flushBeatsFullHouse,
    },
  };
}

/** The PHH forced-bet fields that describe `rules` for `playerCount` players. */
export function forcedBetsFromRules(rules: HandConfig, playerCount: number) {
  const antes = Array<number>(playerCount).fill(0);
  if (rules.ante && rules.ante > 0) {
    if (rules.anteKind === "big-blind") antes[1] = rules.ante;
    else antes.fill(rules.ante);
  }
  const blindsOrStraddles = Array<number>(playerCount).fill(0);
  blindsOrStraddles[0] = rules.smallBlind;
  blindsOrStraddles[1] = rules.bigBlind;
  return { antes, blindsOrStraddles };
}
