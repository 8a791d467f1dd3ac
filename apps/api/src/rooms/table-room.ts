import { DurableObject } from "cloudflare:workers";
import {
  type ClientMessage,
  parseClientMessage,
  type ServerMessage,
  type TableState,
} from "@felt/protocol";
import type { Env } from "../env";

const STATE_KEY = "state";

/**
 * One Durable Object per table: the only writer of that table's state.
 * WebSockets use the hibernation API, so an idle table costs nothing and
 * its sockets survive the object being evicted from memory.
 */
export class TableRoom extends DurableObject<Env> {
  private state: TableState = { tableId: "", version: 0, connections: 0, lastEcho: null };

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      const stored = await ctx.storage.get<TableState>(STATE_KEY);
      if (stored) this.state = stored;
    });
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    const tableId = request.headers.get("X-Felt-Table-Id") ?? "";
    if (this.state.tableId === "") this.state = { ...this.state, tableId };

    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    this.state = { ...this.state, connections: this.ctx.getWebSockets().length };
    this.send(server, { type: "state", state: this.state });
    this.broadcast();
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(socket: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const parsed = parseClientMessage(raw);
    if (!parsed.ok) {
      this.send(socket, { type: "error", code: parsed.code, message: parsed.message });
      return;
    }
    await this.handle(socket, parsed.message);
  }

  override async webSocketClose(socket: WebSocket): Promise<void> {
    socket.close();
    this.state = { ...this.state, connections: this.openSockets().length };
    this.broadcast();
  }

  private async handle(socket: WebSocket, message: ClientMessage): Promise<void> {
    switch (message.type) {
      case "sync":
        this.send(socket, { type: "state", state: this.state });
        return;
      case "echo": {
        if (message.expectedVersion !== this.state.version) {
          this.send(socket, {
            type: "error",
            code: "stale_version",
            message: `Expected version ${this.state.version}, got ${message.expectedVersion}.`,
          });
          return;
        }
        const next = { ...this.state, version: this.state.version + 1, lastEcho: message.text };
        // Persist before anyone hears about it: a broadcast state is never lost.
        await this.ctx.storage.put(STATE_KEY, next);
        this.state = next;
        this.broadcast();
        return;
      }
    }
  }

  private openSockets(): WebSocket[] {
    return this.ctx.getWebSockets().filter((s) => s.readyState === WebSocket.OPEN);
  }

  private broadcast(): void {
    for (const socket of this.openSockets())
      this.send(socket, { type: "state", state: this.state });
  }

  private send(socket: WebSocket, message: ServerMessage): void {
    socket.send(JSON.stringify(message));
  }
}
