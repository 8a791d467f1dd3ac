/**
 * Home games (docs/rules.md#home-games, from text 001): the table options a
 * host sets before the game starts, checked here, and the end time (H-3).
 * Poverty poker (H-4) is poverty.ts, the special round (H-5) special-round.ts.
 *
 * H-3: time is an input. The room says what time it is with every
 * `startHand` (`now`); once `now` reaches `endsAt`, the hand in play has
 * already been finished (a hand is only dealt between hands), and at a
 * dealer's-choice table the orbit in play is dealt to its end too. The first
 * deal that would start anything new closes the table instead: it deals
 * nothing, says `tableClosed`, and from then on the table refuses every
 * command that would bring chips or players in or deal; the room cashes
 * everyone out (`leave`). With fewer than two players it closes all the same,
 * so the room may send `startHand` when the end time's alarm rings.
 */
import type { HandConfig } from "../hand";
import type { HandPlan } from "./blinds";
import { startsOrbit } from "./dealers-choice";
import { checkSpecialRound } from "./special-round";
import { accepted, fail, isChips } from "./support";
import type {
  HomeGameOptions,
  HomeGameState,
  HomeGameView,
  TableCommand,
  TableError,
  TableResult,
  TableState,
} from "./types";

/** H-4: free sets per player when the host turns poverty poker on without a number (text 001: two). */
export const DEFAULT_FREE_SETS = 2;
/** H-4: more free sets than this would be no limit at all. */
export const MAX_FREE_SETS = 10;

/** What a host sets (`TableSetup.home`); left-out fields are off, a set's chips default to the maximum buy-in. */
export interface HomeGameSetup {
  /** H-3: the end time, ms since the epoch; null or absent = no end. */
  endsAt?: number | null;
  /** H-4: poverty poker on (an object, `{}` for the defaults) or off (null or absent). */
  poverty?: { freeSets?: number; setChips?: number } | null;
  /** H-5: the special round after a full house or better (fixed-limit games only). */
  specialRound?: boolean;
}

const refuse = (code: string, message: string) =>
  ({ ok: false, error: { code, message } }) as const;

/** A whole number of ms since the epoch (never negative, exactly representable). */
export const isTime = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

/**
 * The home options of a new table, or null for none (`home` absent or null),
 * or the error of the first bad one. `hands` are every game the table deals
 * (H-5 needs them all fixed-limit); `maxBuyIn` is a set's default size.
 */
export function checkHomeGame(
  home: unknown,
  hands: readonly HandConfig[],
  maxBuyIn: number,
): { ok: true; options: HomeGameOptions | null } | { ok: false; error: TableError } {
  if (home === undefined || home === null) return { ok: true, options: null };
  if (typeof home !== "object" || Array.isArray(home))
    return refuse("invalid_config", "home-game options are an object");
  const { endsAt = null, poverty = null, specialRound = false } = home as HomeGameSetup;
  if (endsAt !== null && !(isTime(endsAt) && endsAt > 0))
    return refuse("invalid_end_time", "the end time is a whole number of ms since the epoch");
  let povertyOptions: HomeGameOptions["poverty"] = null;
  if (poverty !== null) {
    if (typeof poverty !== "object" || Array.isArray(poverty))
      return refuse("invalid_config", "poverty poker is an object of options, or null");
    const { freeSets = DEFAULT_FREE_SETS, setChips = maxBuyIn } = poverty;
    if (!Number.isInteger(freeSets) || freeSets < 1 || freeSets > MAX_FREE_SETS)
      return refuse("invalid_free_sets", `free sets are 1 to ${MAX_FREE_SETS} a player`);
    if (!isChips(setChips))
      return refuse("invalid_set_chips", "a free set is a whole, positive number of chips");
    povertyOptions = { freeSets, setChips };
  }
  if (typeof specialRound !== "boolean")
    return refuse("invalid_config", "the special round is on (true) or off (false)");
  if (specialRound) {
    const issue = checkSpecialRound(hands);
    if (issue !== null) return { ok: false, error: issue };
  }
  return { ok: true, options: { endsAt, poverty: povertyOptions, specialRound } };
}

export const NEW_HOME_GAME: HomeGameState = { closed: false, freeSets: {}, specialRound: null };

/** The commands a table closed for time (H-3) refuses: what would deal, seat or bring chips. */
const REFUSED_WHEN_CLOSED = new Set<TableCommand["type"]>([
  "sit",
  "addChips",
  "sitIn",
  "chooseGame",
  "startHand",
  "startPlannedHand",
  "seatPlayers",
  "changeStakes",
  "timeout",
]);

/** `table_closed` for a command a closed table refuses, else null. */
export function refusedWhenClosed(state: TableState, command: TableCommand): TableResult | null {
  if (state.homeGame?.closed !== true || !REFUSED_WHEN_CLOSED.has(command.type)) return null;
  return fail("table_closed", "the game is over: the table closed at its end time");
}

/**
 * H-3 at a deal (`plan` = who would be dealt in, null when nobody can play):
 * an error for a missing or bad `now`, the table closed when its time has
 * come and nothing is left to finish, or null to deal as usual.
 */
export function closeForTime(
  state: TableState,
  plan: HandPlan | null,
  now: unknown,
): TableResult | null {
  if (now !== undefined && !isTime(now))
    return fail("invalid_command", "now is a whole number of ms since the epoch");
  const endsAt = state.config.home?.endsAt ?? null;
  const home = state.homeGame;
  if (endsAt === null || home === undefined) return null;
  if (now === undefined) return fail("now_required", "a table with an end time deals with `now`");
  if (now < endsAt) return null;
  // Dealer's choice: the orbit in play is finished first (its chooser chose for all of it).
  if (state.config.games !== null && plan !== null && !startsOrbit(state, plan)) return null;
  return accepted(state, { homeGame: { ...home, closed: true } }, [
    { type: "tableClosed", reason: "endTime" },
  ]);
}

/** What every viewer sees of the home options, or null at a table without them. */
export function homeGameView(state: TableState, handInPlay: boolean): HomeGameView | null {
  const options = state.config.home;
  const home = state.homeGame;
  if (!options || !home) return null;
  const { poverty } = options;
  const special = home.specialRound;
  return {
    endsAt: options.endsAt,
    closed: home.closed,
    freeSets:
      poverty === null
        ? null
        : {
            perPlayer: poverty.freeSets,
            setChips: poverty.setChips,
            used: state.seats.flatMap((o) =>
              o === null ? [] : [{ seat: o.seat, used: home.freeSets[o.playerId] ?? 0 }],
            ),
          },
    specialRound:
      special === null
        ? null
        : special.status === "due"
          ? { status: "due", hands: null, handsLeft: null }
          : {
              status: "playing",
              hands: special.hands,
              // Between hands the last one dealt is over; during a hand it still counts.
              handsLeft: special.hands - special.dealt + (handInPlay ? 1 : 0),
            },
  };
}
