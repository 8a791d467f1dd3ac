"use client";
import {
  type ClientMessage,
  followFeed,
  type PlayerAction,
  type ProofsMessage,
  type ServerMessage,
  type StateMessage,
  serverMessageSchema,
  stateMessageSchema,
} from "@felt/protocol";
import { useCallback, useEffect, useRef, useState } from "react";
import { tableSocketUrl, useApiUrl } from "./api-url";
import { type LogEntry, logEntriesOf, recentLogEntries } from "./log-entries";
import { type TableError, useSocketChat } from "./use-socket-chat";

export type SocketStatus = "connecting" | "open" | "reconnecting" | "replaced";

/** How many past events the hand-history panel keeps. */
const LOG_LIMIT = 200;

export type { TableChat, TableError } from "./use-socket-chat";

/** Said by the client itself when an action could not be sent. */
const NOT_CONNECTED: TableError = {
  code: "not_connected",
  message: "Not connected: your action was not sent.",
};

type Command = Exclude<ClientMessage, { type: "sync" } | { type: "act" } | { type: "chat" }>;
type CommandWithoutSeq = Command extends infer C
  ? C extends Command
    ? Omit<C, "seq">
    : never
  : never;

/**
 * The table's live state over its WebSocket: reconnects with backoff and asks
 * for a fresh snapshot each time, so a dropped connection never shows stale
 * state. Between snapshots the room sends deltas, folded into the state held;
 * one that does not follow it (a gap) asks for a snapshot again. Every change
 * the player sends carries the next sequence number and the version it was
 * decided on, so the room never applies it twice.
 */
export function useTableSocket(tableId: string) {
  const [state, setState] = useState<StateMessage | null>(null);
  const [log, setLog] = useState<LogEntry[]>([]);
  const [status, setStatus] = useState<SocketStatus>("connecting");
  /** The room's last refusal (its code says what; `useErrors().socket` words it), or a local one. */
  const [lastError, setLastError] = useState<TableError | null>(null);
  /** The latest answer to `proofs` (the leaves of the cards one sees), asked for by `askProofs`. */
  const [proofs, setProofs] = useState<ProofsMessage | null>(null);
  const socketRef = useRef<WebSocket | null>(null);
  // Starts at the clock so a reloaded page still counts up from where the last one stopped.
  const seqRef = useRef(Date.now());
  const { chat, onChat, onRefusal, say } = useSocketChat(socketRef, seqRef, NOT_CONNECTED);
  const stateRef = useRef<StateMessage | null>(null);
  const apiUrl = useApiUrl();
  /** Bumped by `playHere`: connects again after another tab took the table. */
  const [claim, setClaim] = useState(0);

  useEffect(() => {
    let closed = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const open = () => {
      const socket = new WebSocket(tableSocketUrl(apiUrl, tableId));
      socketRef.current = socket;
      // Waiting for the snapshot asked for: deltas until then are dropped.
      let syncing = true;
      socket.onopen = () => {
        attempt = 0;
        setStatus("open");
        socket.send(JSON.stringify({ type: "sync" } satisfies ClientMessage));
      };
      socket.onmessage = (event) => {
        let json: unknown;
        try {
          json = JSON.parse(String(event.data));
        } catch {
          return;
        }
        const parsed = serverMessageSchema.safeParse(json);
        if (!parsed.success) return;
        const message: ServerMessage = parsed.data;
        if (message.type === "state" || message.type === "delta") {
          // Deltas already on their way when a snapshot was asked for are older than it.
          if (message.type === "delta" && syncing) return;
          const followed = followFeed(stateRef.current, message);
          const next = followed.ok ? stateMessageSchema.safeParse(followed.state) : null;
          if (!next?.success) {
            syncing = true;
            socket.send(JSON.stringify({ type: "sync" } satisfies ClientMessage));
            return;
          }
          syncing = false;
          const { recent, ...state } = next.data;
          const entries = logEntriesOf(stateRef.current, state);
          // A fresh page starts its log from the hand it came into (a reload mid-hand, say).
          const fresh = stateRef.current === null && recent ? recentLogEntries(state, recent) : [];
          stateRef.current = state;
          setState(state);
          if (fresh.length > 0) setLog(fresh.slice(-LOG_LIMIT));
          if (entries.length > 0) setLog((old) => [...old, ...entries].slice(-LOG_LIMIT));
          setLastError(null);
        } else if (message.type === "proofs") {
          setProofs(message);
        } else if (message.type === "chat") {
          onChat(message);
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
        const delay = Math.min(10_000, 500 * 2 ** attempt++);
        timer = setTimeout(open, delay);
      };
    };
    open();
    return () => {
      closed = true;
      clearTimeout(timer);
      socketRef.current?.close();
    };
  }, [apiUrl, tableId, onChat, onRefusal, claim]);

  const send = useCallback((message: ClientMessage) => {
    const socket = socketRef.current;
    if (socket?.readyState !== WebSocket.OPEN) {
      setLastError(NOT_CONNECTED);
      return;
    }
    socket.send(JSON.stringify(message));
  }, []);

  const act = useCallback(
    (action: PlayerAction) => {
      const current = stateRef.current;
      if (!current) return;
      seqRef.current += 1;
      send({ type: "act", action, expectedVersion: current.view.version, seq: seqRef.current });
    },
    [send],
  );

  const command = useCallback(
    (message: CommandWithoutSeq) => {
      seqRef.current += 1;
      send({ ...message, seq: seqRef.current } as ClientMessage);
    },
    [send],
  );

  const askProofs = useCallback(() => send({ type: "proofs" }), [send]);

  /**
   * "Play here": after another tab of the same player took the table, connect again. The
   * room gives the seat to the newest socket, so this tab plays and the other is told.
   */
  const playHere = useCallback(() => {
    setLastError(null);
    setStatus("connecting");
    setClaim((n) => n + 1);
  }, []);

  return {
    state,
    log,
    status,
    lastError,
    act,
    command,
    chat,
    say,
    proofs,
    askProofs,
    playHere,
  };
}
