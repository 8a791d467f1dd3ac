import { DurableObject } from "cloudflare:workers";
import {
  type ClientMessage,
  parseClientMessage,
  type ServerMessage,
  type TableState,
} from "@felt/protocol";
import { database } from "../db/client";
import type { Env } from "../env";
import { buyIn, cashOut, walletOf } from "../ledger/ledger";
import { publishLobbyCounts } from "../lobby/rows";
import {
  type BuyInRequest,
  type CashOutRequest,
  checkBuyIn,
  type SeatResult,
  tableLimits,
} from "./table-bank";

const STATE_KEY = "state";
const STACKS_KEY = "stacks";
/** `done:<kind>:<user>:<key>` → the stack after it, so a retried request changes nothing twice. */
const doneKey = (kind: "buy_in" | "cash_out", userId: string, key: string) =>
  `done:${kind}:${userId}:${key}`;

/**
 * One Durable Object per table: the only writer of that table's state.
 * WebSockets use the hibernation API, so an idle table costs nothing and
 * its sockets survive the object being evicted from memory.
 */
export class TableRoom extends DurableObject<Env> {
  private state: TableState = { tableId: "", version: 0, connections: 0, lastEcho: null };
  /** Chips in front of each seated player; their sum is what the ledger holds in escrow. */
  private stacks: Record<string, number> = {};
  /** Money requests run one at a time: D1 calls would otherwise let them interleave. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      const stored = await ctx.storage.get<TableState>(STATE_KEY);
      if (stored) this.state = stored;
      this.stacks = (await ctx.storage.get<Record<string, number>>(STACKS_KEY)) ?? {};
    });
  }

  /**
   * RPC from the Worker (cashier.buyIn): sit down with chips from the wallet,
   * or add chips while seated (T-4, T-5). The ledger moves the money first;
   * the stack is credited only once per key, even if the ledger call is
   * retried after a crash between the two.
   */
  async buyIn(request: BuyInRequest): Promise<SeatResult> {
    return this.serial(async () => {
      const done = await this.ctx.storage.get<number>(
        doneKey("buy_in", request.userId, request.key),
      );
      if (done !== undefined) return { ok: true, stack: done, replayed: true };
      const db = database(this.env.DB);
      const limits = await tableLimits(db, request.tableId);
      if (!limits) return { ok: false, code: "table_closed" };
      const refusal = checkBuyIn(limits, this.stacks, request.userId, request.amount);
      if (refusal) return { ok: false, ...refusal };
      const moved = await buyIn(db, request);
      if (!moved.ok) {
        return moved.reason === "key_reused"
          ? { ok: false, code: "key_reused" }
          : {
              ok: false,
              code: "insufficient_funds",
              balance: moved.balances[walletOf(request.userId).id] ?? 0,
            };
      }
      const stack = (this.stacks[request.userId] ?? 0) + request.amount;
      await this.saveStacks(
        { ...this.stacks, [request.userId]: stack },
        doneKey("buy_in", request.userId, request.key),
        stack,
      );
      await this.publishCounts(request.tableId);
      return { ok: true, stack, replayed: moved.replayed };
    });
  }

  /** RPC from the Worker (cashier.cashOut): leave the table, the whole stack back to the wallet. */
  async cashOut(request: CashOutRequest): Promise<SeatResult> {
    return this.serial(async () => {
      const done = await this.ctx.storage.get<number>(
        doneKey("cash_out", request.userId, request.key),
      );
      if (done !== undefined) return { ok: true, stack: done, replayed: true };
      const stack = this.stacks[request.userId];
      if (stack === undefined) return { ok: false, code: "not_seated" };
      if (stack > 0) {
        const moved = await cashOut(database(this.env.DB), {
          ...request,
          amount: stack,
        });
        if (!moved.ok && moved.reason === "key_reused") return { ok: false, code: "key_reused" };
        // The escrow always holds every stack: anything else is a broken invariant, not bad input.
        if (!moved.ok)
          throw new Error(`table ${request.tableId}: escrow cannot pay a stack of ${stack}`);
      }
      const { [request.userId]: _left, ...rest } = this.stacks;
      await this.saveStacks(rest, doneKey("cash_out", request.userId, request.key), 0);
      await this.publishCounts(request.tableId);
      return { ok: true, stack: 0, replayed: false };
    });
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Stacks and the request's key in one storage write: both happen or neither. */
  private async saveStacks(stacks: Record<string, number>, done: string, after: number) {
    await this.ctx.storage.put({ [STACKS_KEY]: stacks, [done]: after });
    this.stacks = stacks;
  }

  private async publishCounts(tableId: string) {
    await publishLobbyCounts(database(this.env.DB), tableId, {
      playersSeated: Object.keys(this.stacks).length,
      averagePot: null,
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
