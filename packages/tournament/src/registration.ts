/**
 * Which purchases are allowed right now (MT-1, MT-2): registration, late
 * registration, re-entry, unregistering, rebuys and add-ons. Each check
 * returns null when allowed, or the error value saying why not, so the
 * lobby can grey out a button with the same answer the tournament gives.
 *
 * Windows are by blind level: "until level L" includes the break after L
 * (during a break the level is the one just played).
 */
import type { TournamentRules } from "./config";
import type { TournamentError } from "./result";

/** Where the tournament is: before the start, levelNumber is 0. */
export interface Moment {
  started: boolean;
  finished: boolean;
  levelNumber: number;
}

/** A player's entries so far; `alive` = one of them is still in play. */
export interface EntryStatus {
  entries: number;
  alive: boolean;
}

/** The entry in play: its chips and what it has bought. */
export interface LiveEntry {
  stack: number;
  rebuys: number;
  addOns: number;
}

const no = (code: TournamentError["code"], message: string): TournamentError => ({ code, message });

export function isLateRegistrationOpen(rules: TournamentRules, moment: Moment): boolean {
  return rules.lateRegistration !== null && moment.levelNumber <= rules.lateRegistration.untilLevel;
}

/** Registration closes for good at the start, or at the end of late registration. */
export function isRegistrationOpen(rules: TournamentRules, moment: Moment): boolean {
  if (moment.finished) return false;
  return !moment.started || isLateRegistrationOpen(rules, moment);
}

export function checkRegister(
  rules: TournamentRules,
  moment: Moment,
  player: EntryStatus | null,
  totalEntries: number,
): TournamentError | null {
  if (moment.finished) return no("tournament_finished", "the tournament is over");
  if (player?.alive || (player !== null && !moment.started)) {
    return no("already_registered", "already registered");
  }
  if (!isRegistrationOpen(rules, moment)) {
    return no("registration_closed", "registration has closed");
  }
  if (player !== null) {
    // Busted: a new entry is a re-entry.
    if (rules.reEntry === null) {
      return no("re_entry_not_offered", "this tournament has no re-entry");
    }
    if (player.entries >= rules.reEntry.maxEntriesPerPlayer) {
      return no(
        "re_entry_limit",
        `at most ${rules.reEntry.maxEntriesPerPlayer} entries per player`,
      );
    }
  }
  if (rules.maxEntries !== null && totalEntries >= rules.maxEntries) {
    return no("tournament_full", `the field is capped at ${rules.maxEntries} entries`);
  }
  return null;
}

/** MT-1: unregistering before the start refunds the buy-in; afterwards it is not possible. */
export function checkUnregister(
  moment: Moment,
  player: EntryStatus | null,
): TournamentError | null {
  if (moment.started) return no("already_started", "the tournament has started: no unregistering");
  if (player === null) return no("not_registered", "not registered");
  return null;
}

export function checkRebuy(
  rules: TournamentRules,
  moment: Moment,
  entry: LiveEntry | null,
): TournamentError | null {
  if (rules.rebuy === null) return no("rebuy_not_offered", "this tournament has no rebuys");
  if (!moment.started) return no("not_started", "rebuys start with the tournament");
  if (moment.finished) return no("tournament_finished", "the tournament is over");
  if (entry === null) return no("not_playing", "only a player still in the tournament can rebuy");
  if (moment.levelNumber > rules.rebuy.untilLevel) {
    return no("rebuy_closed", `rebuys ended after level ${rules.rebuy.untilLevel}`);
  }
  if (rules.rebuy.maxPerEntry !== null && entry.rebuys >= rules.rebuy.maxPerEntry) {
    return no("rebuy_limit", `at most ${rules.rebuy.maxPerEntry} rebuys per entry`);
  }
  if (entry.stack > rules.rebuy.stackAtMost) {
    return no("stack_too_large", `rebuy only with ${rules.rebuy.stackAtMost} chips or fewer`);
  }
  return null;
}

export function checkAddOn(
  rules: TournamentRules,
  moment: Moment,
  entry: LiveEntry | null,
): TournamentError | null {
  if (rules.addOn === null) return no("add_on_not_offered", "this tournament has no add-on");
  if (!moment.started) return no("not_started", "the add-on comes after the start");
  if (moment.finished) return no("tournament_finished", "the tournament is over");
  if (entry === null) return no("not_playing", "only a player still in the tournament can add on");
  const { fromLevel, untilLevel } = rules.addOn;
  if (moment.levelNumber < fromLevel || moment.levelNumber > untilLevel) {
    return no("add_on_closed", `the add-on is open from level ${fromLevel} through ${untilLevel}`);
  }
  if (entry.addOns >= 1) return no("add_on_taken", "one add-on per entry");
  return null;
}

/** The pool can no longer grow: no more entries, rebuys or add-ons. */
export function isPoolFinal(rules: TournamentRules, moment: Moment): boolean {
  if (moment.finished) return true;
  if (!moment.started || isLateRegistrationOpen(rules, moment)) return false;
  if (rules.rebuy !== null && moment.levelNumber <= rules.rebuy.untilLevel) return false;
  if (rules.addOn !== null && moment.levelNumber <= rules.addOn.untilLevel) return false;
  return true;
}
