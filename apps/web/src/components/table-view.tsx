"use client";
import Link from "next/link";
import { useTableSocket } from "@/lib/use-table-socket";

export function TableView({ tableId }: { tableId: string }) {
  const { state, status, lastError, send } = useTableSocket(tableId);

  return (
    <div className="table-page">
      <p>
        <Link href="/">← Lobby</Link>
      </p>
      <h1>Table {tableId}</h1>
      {status !== "open" && (
        <p role="status" className="banner">
          {status === "connecting" ? "Connecting…" : "Connection lost — reconnecting…"}
        </p>
      )}
      <div className="felt" data-testid="table-state">
        {state ? (
          <dl>
            <dt>State version</dt>
            <dd data-testid="state-version">{state.version}</dd>
            <dt>Connected</dt>
            <dd data-testid="connections">{state.connections}</dd>
            <dt>Last message</dt>
            <dd data-testid="last-echo">{state.lastEcho ?? "—"}</dd>
          </dl>
        ) : (
          <p className="muted">Waiting for the table…</p>
        )}
      </div>
      <button
        type="button"
        disabled={!state || status !== "open"}
        onClick={() =>
          state && send({ type: "echo", text: "hello", expectedVersion: state.version })
        }
      >
        Wave to the table
      </button>
      {lastError && (
        <p role="alert" className="error">
          {lastError}
        </p>
      )}
    </div>
  );
}
