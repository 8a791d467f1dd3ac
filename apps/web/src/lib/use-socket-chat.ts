"use client";
import type { ChatLine, ChatMessage, ChatMode, ServerMessage } from "@felt/protocol";
import { type RefObject, useCallback, useRef, useState } from "react";

/** How many chat lines the page keeps (the room sends its last 50 on connect). */
const CHAT_LIMIT = 100;

/** A refusal from a room, as its message carries it (`code` and `params` are what the web words). */
export type TableError = Pick<
  Extract<ServerMessage, { type: "error" }>,
  "code" | "message" | "params"
>;

/** The table's chat: who may write (`mode`), the lines, and the last refusal of a line this page sent. */
export type TableChat = { mode: ChatMode | null; lines: ChatLine[]; error: TableError | null };

/**
 * A table socket's chat, the same at poker and Russian poker tables: the
 * lines held (a snapshot replaces them, new lines are appended once each),
 * and `say`, whose refusals go to the chat rather than the table's error
 * line. The socket's own hook passes its messages in (`onChat`, `onRefusal`)
 * and shares its sequence counter, so chat lines count up with every other
 * message.
 */
export function useSocketChat(
  socketRef: RefObject<WebSocket | null>,
  seqRef: RefObject<number>,
  notConnected: TableError,
) {
  const [chat, setChat] = useState<TableChat>({ mode: null, lines: [], error: null });
  /** The seqs of chat lines sent, to tell their refusals from the table's. */
  const sent = useRef(new Set<number>());

  const onChat = useCallback(({ mode, reset, lines }: ChatMessage) => {
    setChat((old) => {
      // A line already held (sent again with a snapshot) is not shown twice.
      const last = reset ? 0 : (old.lines.at(-1)?.id ?? 0);
      const kept = reset ? [] : old.lines;
      const added = lines.filter((line) => line.id > last);
      return { ...old, mode, lines: [...kept, ...added].slice(-CHAT_LIMIT) };
    });
  }, []);

  /** True when `error` answers a chat line of this page (it is then the chat's to show). */
  const onRefusal = useCallback((error: TableError & { seq: number | null }) => {
    if (error.seq === null || !sent.current.delete(error.seq)) return false;
    setChat((old) => ({ ...old, error }));
    return true;
  }, []);

  /** Send a chat line; the room answers with the line to everyone, or a refusal to this page. */
  const say = useCallback(
    (text: string) => {
      const socket = socketRef.current;
      if (socket?.readyState !== WebSocket.OPEN) {
        setChat((old) => ({ ...old, error: notConnected }));
        return;
      }
      seqRef.current += 1;
      sent.current.add(seqRef.current);
      setChat((old) => ({ ...old, error: null }));
      socket.send(JSON.stringify({ type: "chat", text, seq: seqRef.current }));
    },
    [socketRef, seqRef, notConnected],
  );

  return { chat, onChat, onRefusal, say };
}
