"use client";
import {
  followRussianFeed,
  type ProofsMessage,
  type RussianClientMessage,
  type RussianDecision,
  type RussianServerMessage,
  type RussianStateMessage,
  russianServerMessageSchema,
  russianStateMessageSchema,
} from "@felt/protocol";
import { useCallback, useEffect, useRef, useState } from "react";
import { tableSocketUrl, useApiUrl } from "./api-url";
import { type TableError, useSocketChat } from "./use-socket-chat";
import type { SocketStatus } from "./use-table-socket";

const NOT_CONNECTED: TableError = {
  code: "not_connected",
  message: "Not connected: your decision was not sent.",
};

/**
 * A Russian poker table's live state over its socket (the same path as a
 * poker table's; the room sends the whole state after every change, it is
 * small). Reconnects with backoff and asks for a fresh state each time; every
 * decision carries the next sequence number and the round it was made in,
 * so the room never applies it twice or to the next round.
 */
export function useRussianSocket(tableId: string) {
  const [state, setState] = useState<RussianStateMessage | null>(null);
  const [status, setStatus] = useState<SocketStatus>("connecting");
  const [lastError, setLastError] = useState<TableError | null>(null);
  const [proofs, setProofs] = useState<ProofsMessage | null>(null);
  const socketRef = useRef<WebSocket | null>(null);
  const seqRef = useRef(Date.now());
  const { chat, onChat, onRefusal, say } = useSocketChat(socketRef, seqRef, NOT_CONNECTED);
  const stateRef = useRef<RussianStateMessage | null>(null);
  const apiUrl = useApiUrl();

  useEffect(() => {
    let closed = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const socket = new WebSocket(tableSocketUrl(apiUrl, tableId));
      socketRef.current = socket;
      socket.onopen = () => {
        attempt = 0;
        setStatus("open");
        socket.send(JSON.stringify({ type: "sync" } satisfies RussianClientMessage));
      };
      socket.onmessage = (event) => {
        let json: unknown;
        try {
          json = JSON.parse(String(event.data));
        } catch {
          return;
        }
        const parsed = russianServerMessageSchema.safeParse(json);
        if (!parsed.success) return;
        const message: RussianServerMessage = parsed.data;
        if (message.type === "chat") return onChat(message);
        if (message.type === "proofs") return setProofs(message);
        if (message.type === "russianState" || message.type === "russianDelta") {
          const followed = followRussianFeed(stateRef.current, message);
          const next = followed.ok ? russianStateMessageSchema.safeParse(followed.state) : null;
          if (!next?.success) {
            // A missed or garbled change: start again from a whole state.
            socket.send(JSON.stringify({ type: "sync" } satisfies RussianClientMessage));
            return;
          }
          stateRef.current = next.data;
          setState(next.data);
          setLastError(null);
        } else if (!onRefusal(message)) {
          if (message.code === "replaced") {
            closed = true;
            setStatus("replaced");
          }
          // The room closed its side (4003), but workerd keeps the connection until the
          // client ends it: close at once, and the reconnect comes back as a spectator.
          if (message.code === "session_ended") socket.close();
          setLastError(message);
        }
      };
      socket.onclose = () => {
        if (closed) return;
        setStatus("reconnecting");
        timer = setTimeout(open, Math.min(10_000, 500 * 2 ** attempt++));
      };
    };
    open();
    return () => {
      closed = true;
      clearTimeout(timer);
      socketRef.current?.close();
    };
  }, [apiUrl, tableId, onChat, onRefusal]);

  const send = useCallback((message: RussianClientMessage) => {
    const socket = socketRef.current;
    if (socket?.readyState !== WebSocket.OPEN) return setLastError(NOT_CONNECTED);
    socket.send(JSON.stringify(message));
  }, []);

  const decide = useCallback(
    (decision: RussianDecision) => {
      const round = stateRef.current?.view.roundNumber;
      if (round === undefined) return;
      seqRef.current += 1;
      send({ type: "decide", decision, round, seq: seqRef.current });
    },
    [send],
  );

  const command = useCallback(
    (type: "ready" | "leave") => {
      seqRef.current += 1;
      send({ type, seq: seqRef.current });
    },
    [send],
  );

  const askProofs = useCallback(() => send({ type: "proofs" }), [send]);

  return { state, status, lastError, decide, command, chat, say, proofs, askProofs };
}
