/**
 * A table's chat, in the room's SQLite apart from the feed: the last lines,
 * who may write (the stake's `chat`), and per writer the last `seq`s taken and
 * the times of his recent lines for the rate limit. A line is stored before
 * anyone hears it, so a reconnect shows the same recent chat everyone saw.
 */
import {
  type ChatLine,
  type ChatMessage,
  type ChatMode,
  chatModeSchema,
  cleanChatText,
  type ErrorParams,
} from "@felt/protocol";
import { z } from "zod";
import { parseStored } from "./core/stored";
import type { Viewer } from "./room-headers";

const numbersSchema = z.array(z.number());

/** Lines kept, and sent to a socket on connect or `sync`. */
export const KEEP_LINES = 50;
/** The rate limit: at most `BURST` lines per writer in any `WINDOW_MS`. */
export const BURST = 5;
export const WINDOW_MS = 10_000;
/** The same text again from the same writer within this time is refused. */
export const REPEAT_MS = 30_000;
/**
 * The seqs of a writer's last lines kept against replays. A resend of any of
 * them, or of anything older once the window is full, is refused. A window
 * rather than "above the last one", so that lines handled out of their order
 * are not taken for replays: in the API tests (the vitest pool's sockets) a
 * quick burst on one socket was now and then handled in reverse. Against the
 * real server (`serve.mjs`, a Node client) bursts arrived in order.
 */
export const SEQ_WINDOW = 32;
/** A table made without a stake (a tournament's) lets its players talk. */
export const DEFAULT_MODE: ChatMode = "players";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS chat (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  player_id TEXT NOT NULL,
  name TEXT NOT NULL,
  seat INTEGER,
  body TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS chat_settings (id INTEGER PRIMARY KEY CHECK (id = 1), mode TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS chat_writers (
  player_id TEXT PRIMARY KEY,
  seqs TEXT NOT NULL,
  recent TEXT NOT NULL,
  last_text TEXT NOT NULL,
  last_at INTEGER NOT NULL
);
`;

export type ChatRefusal = { code: string; message: string; params?: ErrorParams };
export type ChatResult = { ok: true; line: ChatLine } | ({ ok: false } & ChatRefusal);

type LineRow = {
  id: number;
  at: number;
  player_id: string;
  name: string;
  seat: number | null;
  body: string;
};
type WriterRow = { seqs: string; recent: string; last_text: string; last_at: number };

export class TableChat {
  private migrated = false;

  constructor(private readonly storage: DurableObjectStorage) {}

  private get sql() {
    if (!this.migrated) {
      this.storage.sql.exec(SCHEMA);
      this.migrated = true;
    }
    return this.storage.sql;
  }

  get mode(): ChatMode {
    const [row] = this.sql.exec<{ mode: string }>("SELECT mode FROM chat_settings").toArray();
    const parsed = chatModeSchema.safeParse(row?.mode);
    return parsed.success ? parsed.data : DEFAULT_MODE;
  }

  /** The stake's setting; true when it changed. Turning chat off keeps no lines. */
  setMode(mode: ChatMode): boolean {
    if (mode === this.mode) return false;
    this.sql.exec("INSERT OR REPLACE INTO chat_settings (id, mode) VALUES (1, ?)", mode);
    if (mode === "off") this.sql.exec("DELETE FROM chat");
    return true;
  }

  /** What a socket gets on connect, on `sync` and when the mode changes. */
  snapshot(): ChatMessage {
    const mode = this.mode;
    const rows =
      mode === "off"
        ? []
        : this.sql
            .exec<LineRow>("SELECT * FROM chat ORDER BY id DESC LIMIT ?", KEEP_LINES)
            .toArray()
            .reverse();
    return { type: "chat", mode, reset: true, lines: rows.map(lineOf) };
  }

  /**
   * A line from `viewer`, seated at `seat` (null: watching). Refused, with
   * nothing stored, when chat is off or not his to write, when `seq` is not
   * new, when the text cleans to nothing or too much, or when he writes too
   * fast or repeats himself.
   */
  say(
    viewer: Viewer | null,
    seat: number | null,
    text: string,
    seq: number,
    now: number,
  ): ChatResult {
    const mode = this.mode;
    if (mode === "off") return refuse("chat_off", "Chat is off at this table.");
    if (!viewer) return refuse("sign_in_required", "Sign in to chat.");
    if (mode === "players" && seat === null)
      return refuse("chat_players_only", "Only the players at this table can chat.");
    const [writer] = this.sql
      .exec<WriterRow>("SELECT * FROM chat_writers WHERE player_id = ?", viewer.playerId)
      .toArray();
    const seqs = writer ? parseStored(numbersSchema, writer.seqs, "chat seqs") : [];
    const last = Math.max(...seqs);
    if (seqs.includes(seq) || (seqs.length >= SEQ_WINDOW && seq < Math.min(...seqs))) {
      return refuse("duplicate_message", `Message ${seq} was already handled (last was ${last}).`, {
        seq,
        last,
      });
    }
    const cleaned = cleanChatText(text);
    if (!cleaned.ok) {
      return cleaned.code === "chat_empty"
        ? refuse("chat_empty", "Type something to send.")
        : refuse("chat_too_long", `A line holds at most ${cleaned.max} characters.`, {
            max: cleaned.max,
          });
    }
    const recent = (writer ? parseStored(numbersSchema, writer.recent, "chat times") : []).filter(
      (at) => at > now - WINDOW_MS,
    );
    if (recent.length >= BURST) {
      const seconds = Math.max(1, Math.ceil(((recent[0] ?? now) + WINDOW_MS - now) / 1000));
      return refuse("chat_too_fast", `Slow down: try again in ${seconds} s.`, { seconds });
    }
    if (writer && writer.last_text === cleaned.text && now - writer.last_at < REPEAT_MS)
      return refuse("chat_repeated", "You just said that.");
    recent.push(now);
    this.sql.exec(
      `INSERT OR REPLACE INTO chat_writers (player_id, seqs, recent, last_text, last_at)
       VALUES (?, ?, ?, ?, ?)`,
      viewer.playerId,
      JSON.stringify([...seqs, seq].slice(-SEQ_WINDOW)),
      JSON.stringify(recent),
      cleaned.text,
      now,
    );
    const row = this.sql
      .exec<LineRow>(
        "INSERT INTO chat (at, player_id, name, seat, body) VALUES (?, ?, ?, ?, ?) RETURNING *",
        now,
        viewer.playerId,
        viewer.name,
        seat,
        cleaned.text,
      )
      .one();
    this.sql.exec("DELETE FROM chat WHERE id <= ?", row.id - KEEP_LINES);
    return { ok: true, line: lineOf(row) };
  }
}

const refuse = (code: string, message: string, params?: ErrorParams): ChatResult => ({
  ok: false,
  code,
  message,
  ...(params ? { params } : {}),
});

const lineOf = (row: LineRow): ChatLine => ({
  id: row.id,
  at: row.at,
  playerId: row.player_id,
  name: row.name,
  seat: row.seat,
  text: row.body,
});
