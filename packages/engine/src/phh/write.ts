/**
 * Typed hand histories → PHH text, laid out like PokerKit's files (required
 * fields first, single-quoted strings) but with one action per line so that
 * diffs of hand histories stay readable.
 */
import type { TomlValue } from "smol-toml";
import { formatAction } from "./actions";
import { type HandHistory, isStudVariant } from "./types";

export function writePhh(history: HandHistory): string {
  return `${lines(history).join("\n")}\n`;
}

/** A `.phhs` file: hand i under the table `[i]`, counting from 1. */
export function writePhhs(histories: readonly HandHistory[]): string {
  return histories.map((history, i) => `[${i + 1}]\n${lines(history).join("\n")}\n`).join("\n");
}

function lines(history: HandHistory): string[] {
  const out: string[] = [];
  const field = (key: string, value: TomlValue | undefined) => {
    if (value !== undefined) out.push(`${formatKey(key)} = ${formatValue(value)}`);
  };
  field("variant", history.variant);
  field("ante_trimming_status", history.anteTrimmingStatus);
  field("antes", history.antes);
  // Stud has no blinds: F7S has no such field (its forced bets are the antes and the bring-in).
  if (!isStudVariant(history.variant)) field("blinds_or_straddles", history.blindsOrStraddles);
  field("bring_in", history.bringIn);
  field("small_bet", history.smallBet);
  field("big_bet", history.bigBet);
  field("min_bet", history.minBet);
  field("starting_stacks", history.startingStacks);
  if (history.actions.length === 0) out.push("actions = []");
  else {
    out.push("actions = [");
    for (const action of history.actions) out.push(`  ${formatString(formatAction(action))},`);
    out.push("]");
  }
  field("hand", history.hand);
  field("table", history.table);
  field("seat_count", history.seatCount);
  field("seats", history.seats);
  field("players", history.players);
  field("currency", history.currency);
  field("finishing_stacks", history.finishingStacks);
  field("winnings", history.winnings);
  for (const [key, value] of Object.entries(history.extra)) field(key, value);
  return out;
}

const formatKey = (key: string): string => (/^[A-Za-z0-9_-]+$/.test(key) ? key : basicString(key));

/** A literal string when the text allows one (PokerKit's style), else an escaped basic string. */
function formatString(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters need escapes in TOML.
  return /['\u0000-\u001f\u007f]/.test(text) ? basicString(text) : `'${text}'`;
}

function basicString(text: string): string {
  const escapes: Record<string, string> = {
    "\\": "\\\\",
    '"': '\\"',
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
  };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters need escapes in TOML.
  const escaped = text.replace(/[\\"\u0000-\u001f\u007f]/g, (char) => {
    return escapes[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
  return `"${escaped}"`;
}

function formatNumber(value: number): string {
  if (Number.isNaN(value)) return "nan";
  if (value === Number.POSITIVE_INFINITY) return "inf";
  if (value === Number.NEGATIVE_INFINITY) return "-inf";
  if (Number.isInteger(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER) return String(value);
  const text = String(value);
  return /[.e]/.test(text) ? text : `${text}.0`;
}

/** Any TOML value on one line: arrays and tables inline, so no `[section]` can clash with `[n]`. */
export function formatValue(value: TomlValue): string {
  if (typeof value === "string") return formatString(value);
  if (typeof value === "number") return formatNumber(value);
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `[${value.map(formatValue).join(", ")}]`;
  if (typeof value === "object" && value !== null && isPlain(value)) {
    const entries = Object.entries(value as Record<string, TomlValue>);
    if (entries.length === 0) return "{}";
    return `{ ${entries.map(([k, v]) => `${formatKey(k)} = ${formatValue(v)}`).join(", ")} }`;
  }
  // Temporal values (smol-toml's opt-in date API) print themselves in TOML's ISO forms.
  return String(value);
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype;
}
