"use client";
import { type ServerMessage, serverMessageSchema, type TableState } from "@felt/protocol";
import { useCallback, useEffect, useRef, useState } from "react";
import { tableSocketUrl, useApiUrl } from "./api-url";

export type SocketStatus = "connecting" | "open" | "reconnecting";

/**
 * The table's live state over its WebSocket: reconnects with backoff and asks
 * for a fresh snapshot each time, so a dropped connection never shows stale state.
 */
export function useTableSocket(tableId: string) {
  const [state, setState] = useState<TableState | null>(null);
  const [status, setStatus] = useState<SocketStatus>("connecting");
  const [lastError, setLastError] = useState<string | null>(null);
  const socketRef = useRef<WebSocket | null>(null);
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
      };
      socket.onmessage = (event) => {
        const parsed = serverMessageSchema.safeParse(JSON.parse(String(event.data)));
        if (!parsed.success) return;
        const message: ServerMessage = parsed.data;
        if (message.type === "state") setState(message.state);
        else setLastError(message.message);
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
  }, [apiUrl, tableId]);

  const send = useCallback((message: object) => {
    const socket = socketRef.current;
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }, []);

  return { state, status, lastError, send };
}
