/**
 * TOML text → typed, validated hand histories. Validation is strict where a
 * lenient reading could replay a different hand (amounts, array lengths,
 * cards, the deal), and lenient where nothing depends on it (unknown fields
 * are kept, not rejected).
 */
import { parse as parseToml, TomlError, type TomlTable, type TomlValue } from "smol-toml";
import { parseAction } from "./actions";
import { collectDeal } from "./deal";
import {
  type HandHistory,
  HOLE_CARDS,
  isDrawVariant,
  isFixedLimitVariant,
  isStudVariant,
  PHH_VARIANTS,
  type PhhAction,
  type PhhError,
  type PhhVariant,
  phhError,
} from "./types";

export type ParseResult = { ok: true; history: HandHistory } | { ok: false; error: PhhError };
export type ParseAllResult =
  | { ok: true; histories: HandHistory[] }
  | { ok: false; error: PhhError & { hand?: string } };

/** One table of a `.phhs` file, parsed on its own so one bad hand does not hide the others. */
export interface PhhsEntry {
  /** The table name: "1", "2", … */
  name: string;
  result: ParseResult;
}

/** Keys this layer types; everything else goes to `extra`. */
const TYPED_KEYS = new Set([
  "variant",
  "ante_trimming_status",
  "antes",
  "blinds_or_straddles",
  "bring_in",
  "small_bet",
  "big_bet",
  "min_bet",
  "starting_stacks",
  "actions",
  "finishing_stacks",
  "winnings",
  "players",
  "seats",
  "seat_count",
  "hand",
  "table",
  "currency",
]);

/**
 * A deck deals at most this many players: their hole cards plus 3 burns and 5
 * board cards; in draw, five cards each from at most 54 (replay checks the
 * table's actual deck).
 */
const maxPlayers = (variant: PhhVariant): number =>
  isStudVariant(variant)
    ? HOLE_CARDS[variant] === 3
      ? 8
      : 10
    : isDrawVariant(variant)
      ? Math.floor(54 / 5)
      : Math.floor((52 - 8) / HOLE_CARDS[variant]);

function readToml(text: string): { ok: true; table: TomlTable } | { ok: false; error: PhhError } {
  try {
    return { ok: true, table: parseToml(text) };
  } catch (error) {
    if (error instanceof TomlError) {
      const first = error.message.split("\n")[0] ?? "invalid TOML";
      return phhError("phh_syntax", `line ${error.line}, column ${error.column}: ${first}`);
    }
    throw error;
  }
}

export function parsePhh(text: string): ParseResult {
  const toml = readToml(text);
  if (!toml.ok) return toml;
  return fromToml(toml.table);
}

/** Every table of a `.phhs` file, each parsed separately (for tools that report per hand). */
export function parsePhhsEntries(
  text: string,
): { ok: true; entries: PhhsEntry[] } | { ok: false; error: PhhError } {
  const toml = readToml(text);
  if (!toml.ok) return toml;
  const entries: PhhsEntry[] = [];
  for (const [name, value] of Object.entries(toml.table)) {
    if (!isTable(value)) {
      return phhError(
        "phh_bad_field",
        `"${name}": a .phhs file holds only hand tables [1], [2], …`,
      );
    }
    entries.push({ name, result: fromToml(value) });
  }
  return { ok: true, entries };
}

/** A `.phhs` file: numbered tables `[1]`, `[2]`, … Fails on the first bad hand. */
export function parsePhhs(text: string): ParseAllResult {
  const all = parsePhhsEntries(text);
  if (!all.ok) return all;
  const histories: HandHistory[] = [];
  for (const { name, result } of all.entries) {
    if (!result.ok) {
      return {
        ok: false,
        error: { ...result.error, message: `[${name}] ${result.error.message}`, hand: name },
      };
    }
    histories.push(result.history);
  }
  return { ok: true, histories };
}

function isTable(value: TomlValue | undefined): value is TomlTable {
  return (
    typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date)
  );
}

class FieldError {
  constructor(readonly error: PhhError) {}
}

const fail = (code: PhhError["code"], message: string): never => {
  throw new FieldError({ code, message });
};

/** A chip amount: a whole number ≥ `min` (floats are refused: Felt plays integer chips). */
function amount(key: string, value: TomlValue, min: number, allowInfinity = false): number {
  if (typeof value !== "number" || Number.isNaN(value)) {
    return fail("phh_bad_field", `${key}: expected a number, got ${describe(value)}`);
  }
  if (value === Number.POSITIVE_INFINITY && allowInfinity) return value;
  if (!Number.isSafeInteger(value)) {
    return fail(
      "phh_bad_amount",
      `${key}: ${value} is not a whole chip amount (integer chips only)`,
    );
  }
  if (value < min) return fail("phh_bad_amount", `${key}: ${value} is below ${min}`);
  return value;
}

function amounts(key: string, value: TomlValue, count: number, min: number, allowInfinity = false) {
  if (!Array.isArray(value)) return fail("phh_bad_field", `${key}: expected an array`);
  if (value.length !== count) {
    return fail("phh_bad_field", `${key}: ${value.length} entries for ${count} players`);
  }
  return value.map((entry, i) => amount(`${key}[${i}]`, entry, min, allowInfinity));
}

function describe(value: TomlValue): string {
  if (Array.isArray(value)) return "an array";
  if (value instanceof Date) return "a date";
  return typeof value === "object" ? "a table" : JSON.stringify(value);
}

function fromToml(table: TomlTable): ParseResult {
  try {
    return { ok: true, history: readHistory(table) };
  } catch (error) {
    if (error instanceof FieldError) return { ok: false, error: error.error };
    throw error;
  }
}

function readHistory(table: TomlTable): HandHistory {
  const get = (key: string): TomlValue | undefined => table[key];
  const required = (key: string): TomlValue =>
    get(key) ?? fail("phh_missing_field", `required field "${key}" is missing`);

  const variantValue = required("variant");
  if (typeof variantValue !== "string") return fail("phh_bad_field", "variant: expected a string");
  if (!PHH_VARIANTS.includes(variantValue as PhhVariant)) {
    return fail(
      "phh_unsupported_variant",
      `variant "${variantValue}" is not played here (supported: ${PHH_VARIANTS.join(", ")})`,
    );
  }
  const variant = variantValue as PhhVariant;
  const fixedLimit = isFixedLimitVariant(variant);

  // Check presence in the spec's order so the first missing field is the one reported.
  const stud = isStudVariant(variant);
  const needed = stud
    ? ["antes", "bring_in", "small_bet", "big_bet", "starting_stacks", "actions"]
    : fixedLimit
      ? ["antes", "blinds_or_straddles", "small_bet", "big_bet", "starting_stacks", "actions"]
      : ["antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions"];
  for (const key of needed) required(key);

  const stacksValue = required("starting_stacks");
  if (!Array.isArray(stacksValue))
    return fail("phh_bad_field", "starting_stacks: expected an array");
  const count = stacksValue.length;
  if (count < 2) return fail("phh_bad_field", `starting_stacks: ${count} players, need at least 2`);
  if (count > maxPlayers(variant)) {
    return fail("phh_bad_field", `${count} players do not fit one deck in ${variant}`);
  }
  const startingStacks = amounts("starting_stacks", stacksValue, count, 1, true);
  const antes = amounts("antes", required("antes"), count, 0);
  // Stud has no blinds (ST-1): absent, or zeros.
  const blindsOrStraddles =
    stud && get("blinds_or_straddles") === undefined
      ? Array<number>(count).fill(0)
      : amounts("blinds_or_straddles", required("blinds_or_straddles"), count, 0);
  if (stud && blindsOrStraddles.some((blind) => blind !== 0))
    fail("phh_bad_field", "blinds_or_straddles: stud has no blinds");

  const foreign = stud
    ? ["min_bet"]
    : ["bring_in", ...(fixedLimit ? ["min_bet"] : ["small_bet", "big_bet"])];
  for (const key of foreign) {
    if (get(key) !== undefined)
      fail("phh_bad_field", `${key} does not belong to variant ${variant}`);
  }

  const history: HandHistory = {
    variant,
    antes,
    blindsOrStraddles,
    startingStacks,
    actions: [],
    extra: {},
  };
  const trimming = get("ante_trimming_status");
  if (trimming !== undefined) {
    if (typeof trimming !== "boolean")
      fail("phh_bad_field", "ante_trimming_status: expected a boolean");
    history.anteTrimmingStatus = trimming as boolean;
  }
  if (stud) history.bringIn = amount("bring_in", required("bring_in"), 1);
  if (fixedLimit) {
    history.smallBet = amount("small_bet", required("small_bet"), 1);
    history.bigBet = amount("big_bet", required("big_bet"), 1);
  } else {
    history.minBet = amount("min_bet", required("min_bet"), 1);
  }

  const actionsValue = required("actions");
  if (!Array.isArray(actionsValue))
    return fail("phh_bad_field", "actions: expected an array of strings");
  history.actions = actionsValue.map((entry, i): PhhAction => {
    if (typeof entry !== "string") return fail("phh_bad_field", `actions[${i}]: expected a string`);
    const parsed = parseAction(entry, count, isDrawVariant(variant));
    if (!parsed.ok) return fail(parsed.error.code, `actions[${i}]: ${parsed.error.message}`);
    return parsed.value;
  });
  const deal = collectDeal(variant, count, history.actions);
  if (!deal.ok) throw new FieldError(deal.error);

  const finishing = get("finishing_stacks");
  if (finishing !== undefined) {
    history.finishingStacks = amounts("finishing_stacks", finishing, count, 0, true);
  }
  const winnings = get("winnings");
  if (winnings !== undefined) history.winnings = amounts("winnings", winnings, count, 0);
  const players = get("players");
  if (players !== undefined) {
    if (
      !Array.isArray(players) ||
      players.length !== count ||
      players.some((p) => typeof p !== "string")
    ) {
      fail("phh_bad_field", `players: expected ${count} names`);
    }
    history.players = players as string[];
  }
  const seats = get("seats");
  if (seats !== undefined) {
    history.seats = amounts("seats", seats, count, 1);
    if (new Set(history.seats).size !== count)
      fail("phh_bad_field", "seats: a seat is listed twice");
  }
  const seatCount = get("seat_count");
  if (seatCount !== undefined) {
    history.seatCount = amount("seat_count", seatCount, count);
    if (history.seats?.some((seat) => seat > (history.seatCount as number))) {
      fail("phh_bad_field", "seats: a seat number exceeds seat_count");
    }
  }
  for (const key of ["hand", "table"] as const) {
    const value = get(key);
    if (value === undefined) continue;
    if (typeof value !== "string" && !(typeof value === "number" && Number.isSafeInteger(value))) {
      fail("phh_bad_field", `${key}: expected an integer or a string`);
    }
    history[key] = value as number | string;
  }
  const currency = get("currency");
  if (currency !== undefined) {
    if (typeof currency !== "string") fail("phh_bad_field", "currency: expected a string");
    history.currency = currency as string;
  }

  for (const [key, value] of Object.entries(table)) {
    if (!TYPED_KEYS.has(key)) history.extra[key] = value;
  }
  return history;
}
