import { z } from "zod";

/**
 * A home game's table options as a host sets them before the game starts
 * (docs/rules.md#home-games): the engine's `HomeGameSetup`, bounded. Bad
 * values fail with zod's own issue codes at the field's path, which the API
 * turns into its stable field codes: NaN, Infinity or text `invalid_type`
 * (expected a number), a fraction `invalid_type` (expected an integer), too
 * small or negative `too_small`, too large `too_big`, an unknown key
 * `unrecognized_keys`. The engine checks them again (`createTable`:
 * `invalid_end_time`, `invalid_free_sets`, `invalid_set_chips`, and
 * `special_round_fixed_limit` when a game of the table is not fixed-limit).
 */
export const HOME_GAME_LIMITS = {
  /** H-3: ms since the epoch; the API also wants it in the future when the game is set up. */
  endsAt: { min: Date.UTC(2020, 0, 1), max: Date.UTC(2100, 0, 1) },
  /** H-4: free sets per player per game (text 001's default: 2, a second set and a third). */
  freeSets: { min: 1, max: 10, default: 2 },
  /** H-4: a free set's chips; left out, the table's maximum buy-in. */
  setChips: { min: 1, max: 1e12 },
} as const;

const whole = (bounds: { min: number; max: number }) =>
  z.number().int().min(bounds.min).max(bounds.max);

export const homeGameOptionsSchema = z.strictObject({
  /** H-3: when the game ends; null = no end. */
  endsAt: whole(HOME_GAME_LIMITS.endsAt).nullable().default(null),
  /** H-4 poverty poker: null = off; `{}` = on with the defaults. */
  poverty: z
    .strictObject({
      freeSets: whole(HOME_GAME_LIMITS.freeSets).default(HOME_GAME_LIMITS.freeSets.default),
      setChips: whole(HOME_GAME_LIMITS.setChips).optional(),
    })
    .nullable()
    .default(null),
  /** H-5: the special round after a showdown won with a full house or better (fixed limit only). */
  specialRound: z.boolean().default(false),
});
/** What the schema gives: the engine's `TableSetup.home`. */
export type HomeGameSetup = z.output<typeof homeGameOptionsSchema>;
