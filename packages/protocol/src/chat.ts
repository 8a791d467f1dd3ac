import { z } from "zod";

/**
 * Table chat, on the table's socket beside the feed: chat lines never bump
 * `feed`, so a line costs one small message and no state. The stake decides
 * who may write (`chat` on the stake): nobody, the seated players, or every
 * signed-in viewer; whenever chat is on, everyone watching may read it.
 */
export const CHAT_MODES = ["off", "players", "everyone"] as const;
export type ChatMode = (typeof CHAT_MODES)[number];
export const chatModeSchema = z.enum(CHAT_MODES);

/** Longest line, in code points after cleaning (`cleanChatText`). */
export const CHAT_MAX_CHARS = 200;

export const chatLineSchema = z.strictObject({
  /** Counts up per table: a client appends lines above the last id it holds. */
  id: z.number().int().positive(),
  /** When the room took the line (epoch ms). */
  at: z.number().int().nonnegative(),
  playerId: z.string().min(1).max(100),
  /** The writer's display name when he wrote it. */
  name: z.string().min(1).max(100),
  /** His seat then, or null for a spectator. */
  seat: z.number().int().positive().nullable(),
  /** Plain text, already cleaned: a client shows it as text, never as HTML. */
  text: z
    .string()
    .min(1)
    .max(CHAT_MAX_CHARS * 2),
});
export type ChatLine = z.infer<typeof chatLineSchema>;

/**
 * `reset`: the whole recent chat (on connect, on `sync`, and when the mode
 * changes), to replace what the client holds; otherwise new lines to append.
 */
export const chatMessageSchema = z.strictObject({
  type: z.literal("chat"),
  mode: chatModeSchema,
  reset: z.boolean(),
  lines: z.array(chatLineSchema).max(100),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** What a client sends; the room cleans and checks the text (`cleanChatText`). */
export const chatClientMessageSchema = z.strictObject({
  type: z.literal("chat"),
  text: z.string(),
  /** As for every message that changes something: counts up, so a resend is refused. */
  seq: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
});

// Control, format (bidi overrides, zero-width), private-use and lone surrogate
// code points: invisible or able to disguise a line. The zero-width joiner
// stays, since emoji sequences are built with it.
const HIDDEN = /(?!\u200d)[\p{Cc}\p{Cf}\p{Co}\p{Cs}]/gu;
/**
 * What shows as blank space: Unicode's White_Space, and the letters and
 * symbols that render as nothing though they are neither space nor format
 * characters: the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0) and the
 * blank braille pattern (U+2800). Each becomes a plain space.
 */
const BLANK = /[\p{White_Space}\u115f\u1160\u3164\uffa0\u2800]+/gu;
/**
 * A character that shows something: not blank, and not one Unicode says a
 * renderer may show as nothing (Default_Ignorable_Code_Point: joiners,
 * variation selectors, the combining grapheme joiner, ...).
 */
const VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}]/u;

export type CleanedChat =
  | { ok: true; text: string }
  | { ok: false; code: "chat_empty" | "chat_too_long"; max: number };

/**
 * A line as the table shows it: NFC, hidden characters removed, every run of
 * blank characters (white space, line breaks, Hangul fillers, blank braille)
 * one space, trimmed; 1–200 code points, at least one of them visible.
 */
export function cleanChatText(raw: string): CleanedChat {
  // Blanks first (line breaks and tabs are control characters too), then what is hidden.
  const text = raw
    .normalize("NFC")
    .replace(BLANK, " ")
    .replace(HIDDEN, "")
    .replace(/ {2,}/g, " ")
    .trim();
  const length = [...text].length;
  if (!VISIBLE.test(text)) return { ok: false, code: "chat_empty", max: CHAT_MAX_CHARS };
  if (length > CHAT_MAX_CHARS) return { ok: false, code: "chat_too_long", max: CHAT_MAX_CHARS };
  return { ok: true, text };
}
