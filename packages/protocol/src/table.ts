import { z } from "zod";

/**
 * The table socket's wire format. Both sides parse with these schemas: the
 * room never trusts a client's JSON, and the client never trusts the room's.
 */

/** Longest message a client may send; anything larger is refused unparsed. */
export const MAX_CLIENT_MESSAGE_BYTES = 4096;

export const clientMessageSchema = z.discriminatedUnion("type", [
  /** Ask for a fresh snapshot (after a reconnect, or when the client suspects it missed one). */
  z.object({ type: z.literal("sync") }).strict(),
  /** Walking-skeleton message: the room bumps its version and echoes it to every socket. */
  z
    .object({
      type: z.literal("echo"),
      text: z.string().min(1).max(200),
      expectedVersion: z.number().int().nonnegative(),
    })
    .strict(),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export const tableStateSchema = z.object({
  tableId: z.string(),
  version: z.number().int().nonnegative(),
  connections: z.number().int().nonnegative(),
  lastEcho: z.string().nullable(),
});
export type TableState = z.infer<typeof tableStateSchema>;

export const errorCodeSchema = z.enum(["message_too_large", "malformed_message", "stale_version"]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const serverMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("state"), state: tableStateSchema }),
  z.object({ type: z.literal("error"), code: errorCodeSchema, message: z.string() }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

export type ParsedClientMessage =
  | { ok: true; message: ClientMessage }
  | { ok: false; code: ErrorCode; message: string };

/** Parse raw socket data without throwing: every failure is an error value the room can send back. */
export function parseClientMessage(raw: string | ArrayBuffer): ParsedClientMessage {
  if (typeof raw !== "string") {
    return { ok: false, code: "malformed_message", message: "Send JSON text, not binary frames." };
  }
  const text = raw;
  if (text.length > MAX_CLIENT_MESSAGE_BYTES) {
    return { ok: false, code: "message_too_large", message: "Message is too large." };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, code: "malformed_message", message: "Message is not JSON." };
  }
  const parsed = clientMessageSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join(".")}` : "";
    return {
      ok: false,
      code: "malformed_message",
      message: `${issue?.message ?? "Invalid"}${where}.`,
    };
  }
  return { ok: true, message: parsed.data };
}
