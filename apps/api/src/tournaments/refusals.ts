/**
 * A room's refusal: the state machine's code and English message, with the
 * numbers that message quotes so a client can word the code itself. The
 * routers turn it into an API error (lobby/tournaments-router.ts).
 */
import type { TournamentRules } from "@felt/tournament";

/** Numbers a message quotes, by name (the same shape as the API errors' params). */
export type Params = Record<string, number | string>;

/** `params`: the numbers the English `message` quotes, so a client can word the `code` itself. */
export type Refusal = { ok: false; code: string; message: string; params?: Params };

export const refusal = (code: string, message: string, params?: Params): Refusal => ({
  ok: false,
  code,
  message,
  ...(params && Object.keys(params).length > 0 ? { params } : {}),
});

/** The numbers behind a state machine's refusal, from the rules it checked (registration.ts). */
export function refusalParams(rules: TournamentRules, code: string): Params | undefined {
  switch (code) {
    case "tournament_full":
      return rules.maxEntries === null ? undefined : { maxEntries: rules.maxEntries };
    case "re_entry_limit":
      return rules.reEntry ? { maxEntriesPerPlayer: rules.reEntry.maxEntriesPerPlayer } : undefined;
    case "rebuy_closed":
      return rules.rebuy ? { untilLevel: rules.rebuy.untilLevel } : undefined;
    case "rebuy_limit":
      return rules.rebuy?.maxPerEntry != null
        ? { maxPerEntry: rules.rebuy.maxPerEntry }
        : undefined;
    case "stack_too_large":
      return rules.rebuy ? { stackAtMost: rules.rebuy.stackAtMost } : undefined;
    case "add_on_closed":
      return rules.addOn
        ? { fromLevel: rules.addOn.fromLevel, untilLevel: rules.addOn.untilLevel }
        : undefined;
    default:
      return undefined;
  }
}

/** A state machine's refusal, with the numbers it quotes. */
export const refusalOf = (
  state: { rules: TournamentRules },
  error: { code: string; message: string },
): Refusal => refusal(error.code, error.message, refusalParams(state.rules, error.code));
