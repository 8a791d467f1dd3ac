import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import {
  type ChatLine,
  type ChatMode,
  followFeed,
  type PlayerAction,
  type ProofsMessage,
  type ServerMessage,
  type StateMessage,
  serverMessageSchema,
  stateMessageSchema,
} from "@felt/protocol";
import { expect } from "vitest";
import type { RoomStorage } from "../src/rooms/room-storage";
import type { TablePipeline } from "../src/rooms/table-pipeline";
import type { TableRoom } from "../src/rooms/table-room";
import { call, type Player, unique } from "./trpc";

type ErrorMessage = Extract<ServerMessage, { type: "error" }>;
/** What a client knows after a message: deltas are folded into the state they lead to. */
type Seen = StateMessage | ErrorMessage;

const WAIT_MS = 10_000;

/**
 * A table socket opened through the Worker, as a browser or bot would. It
 * keeps every message it received (the privacy test reads them all), folds
 * the feed's deltas into the latest state as the web client does, and sends
 * actions with the next sequence number.
 */
export class TableClient {
  /**
   * Every message, in order: the raw text, the message as sent (`wire`), and
   * what the client knows after it (`message`: a delta folded into its state).
   */
  readonly received: { raw: string; wire: ServerMessage; message: Seen }[] = [];
  latest: StateMessage | null = null;
  /** Deltas that did not follow the state held: the room's feed is broken, and any wait fails. */
  readonly feedErrors: string[] = [];
  closed: { code: number; reason: string } | null = null;
  /** Table chat, apart from the feed: the mode and lines as the web shows them, and each raw message. */
  chatMode: ChatMode | null = null;
  chat: ChatLine[] = [];
  readonly chatReceived: string[] = [];
  /** Answers to `proofs`, apart from the feed. */
  readonly proofsReceived: { raw: string; message: ProofsMessage }[] = [];
  /**
   * The room remembers each player's last seq across connections, so a new
   * connection counts on from the clock, as the web client does.
   */
  seq = Date.now() * 1000;
  private cursor = 0;
  private wakers: Array<() => void> = [];

  private constructor(readonly socket: WebSocket) {
    socket.addEventListener("message", (event) => {
      const raw = event.data as string;
      const wire = serverMessageSchema.parse(JSON.parse(raw));
      if (wire.type === "chat") {
        this.chatReceived.push(raw);
        this.chatMode = wire.mode;
        this.chat = wire.reset ? wire.lines : [...this.chat, ...wire.lines];
        return this.wake();
      }
      let message: Seen;
      if (wire.type === "proofs") {
        this.proofsReceived.push({ raw, message: wire });
        return this.wake();
      }
      if (wire.type === "error") message = wire;
      else {
        const followed = followFeed(this.latest, wire);
        if (!followed.ok) {
          this.feedErrors.push(
            `${wire.type} ${wire.feed} after ${this.latest?.feed}: ${followed.reason}`,
          );
          return this.wake();
        }
        // What a delta leads to must be a state the room could have sent whole.
        message = stateMessageSchema.parse(followed.state);
        this.latest = message;
      }
      this.received.push({ raw, wire, message });
      this.wake();
    });
    socket.addEventListener("close", (event) => {
      this.closed = { code: event.code, reason: event.reason };
      this.wake();
    });
    socket.accept();
  }

  static async open(
    tableId: string,
    auth: { token?: string; headers?: Record<string, string> } = {},
  ): Promise<TableClient> {
    const headers: Record<string, string> = { Upgrade: "websocket", ...auth.headers };
    if (auth.token) headers.Authorization = `Bearer ${auth.token}`;
    const res = await exports.default.fetch(`http://api.test/ws/table/${tableId}`, { headers });
    expect(res.status).toBe(101);
    if (!res.webSocket) throw new Error("no socket");
    return new TableClient(res.webSocket);
  }

  private wake() {
    for (const wake of this.wakers.splice(0)) wake();
  }

  /** True on the next message or close, false after a quiet spell (never rejects: callers race it). */
  changed(ms = WAIT_MS): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      this.wakers.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  private async waitOrFail(what: string): Promise<void> {
    if (!(await this.changed())) throw new Error(`waited 10 s for ${what}`);
    if (this.feedErrors.length > 0) throw new Error(`feed broken: ${this.feedErrors.join("; ")}`);
  }

  /** The next not-yet-consumed message that matches (earlier ones are skipped). */
  async next(match: (m: Seen, wire: ServerMessage) => boolean = () => true): Promise<Seen> {
    for (;;) {
      while (this.cursor < this.received.length) {
        const { message, wire } = this.received[this.cursor++] as (typeof this.received)[number];
        if (match(message, wire)) return message;
      }
      if (this.closed) throw new Error(`socket closed (${this.closed.code})`);
      await this.waitOrFail("a message");
    }
  }

  nextError(): Promise<ErrorMessage> {
    return this.next((m) => m.type === "error") as Promise<ErrorMessage>;
  }

  /** Ask for the leaves of the cards this client sees; the answer, or the room's notice. */
  async proofs(): Promise<ProofsMessage | ErrorMessage> {
    const answers = this.proofsReceived.length;
    const errors = this.received.length;
    this.send({ type: "proofs" });
    for (;;) {
      const answer = this.proofsReceived[answers]?.message;
      if (answer) return answer;
      const error = this.received.slice(errors).find((r) => r.wire.type === "error");
      if (error) return error.wire as ErrorMessage;
      if (this.closed) throw new Error(`socket closed (${this.closed.code})`);
      await this.waitOrFail("proofs");
    }
  }

  /** The latest state once it satisfies `ready`. */
  async until(ready: (s: StateMessage) => boolean): Promise<StateMessage> {
    for (;;) {
      if (this.latest && ready(this.latest)) return this.latest;
      if (this.closed) throw new Error(`socket closed (${this.closed.code})`);
      await this.waitOrFail("a state");
    }
  }

  /** Wait until the chat holds a line that matches. */
  async heard(match: (line: ChatLine) => boolean): Promise<ChatLine> {
    for (;;) {
      const line = this.chat.find(match);
      if (line) return line;
      if (this.closed) throw new Error(`socket closed (${this.closed.code})`);
      await this.waitOrFail("a chat line");
    }
  }

  /** A chat line with the next seq; returns the seq. */
  say(text: string): number {
    this.seq += 1;
    this.send({ type: "chat", text, seq: this.seq });
    return this.seq;
  }

  send(message: unknown): void {
    this.socket.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  act(action: PlayerAction, expectedVersion = this.latest?.view.version ?? 0): number {
    this.seq += 1;
    this.send({ type: "act", action, expectedVersion, seq: this.seq });
    return this.seq;
  }

  command(type: "sitOut" | "sitIn" | "leave"): number {
    this.seq += 1;
    this.send({ type, seq: this.seq });
    return this.seq;
  }

  close(): void {
    try {
      this.socket.close();
    } catch {
      // already closed
    }
  }
}

/** A fresh table of a new stake (so tests never share seats), opened by an admin. */
export async function openTable(
  admin: Player,
  stake: Record<string, unknown> = {},
): Promise<string> {
  const created = await call(
    "admin.stakes.create",
    {
      name: `Test ${unique()}`,
      game: "holdem",
      betting: "no-limit",
      smallBlind: 1,
      bigBlind: 2,
      seats: 6,
      ...stake,
    },
    { token: admin.token },
  );
  expect(created.error).toBeNull();
  const table = await call(
    "admin.tables.open",
    { stakeId: created.data.id, name: `T ${unique()}`.slice(0, 40) },
    { token: admin.token },
  );
  expect(table.error).toBeNull();
  return table.data.id as string;
}

/**
 * A table whose stake no table can deal (hold'em with deuces wild): the admin
 * refuses to save one now, so it is written straight to D1, as a stake saved
 * before that check would be.
 */
export async function openUnplayableTable(admin: Player): Promise<string> {
  const tableId = await openTable(admin);
  await env.DB.prepare(
    "UPDATE stakes SET wild = 'deuces' WHERE id = (SELECT stake_id FROM tables WHERE id = ?)",
  )
    .bind(tableId)
    .run();
  return tableId;
}

export async function buyIn(player: Player, tableId: string, amount: number, seat?: number) {
  const reply = await call(
    "cashier.buyIn",
    { tableId, amount, idempotencyKey: crypto.randomUUID(), ...(seat ? { seat } : {}) },
    { token: player.token },
  );
  expect(reply.error).toBeNull();
  return reply.data as { seat: number; stack: number; effective: string; balance: number };
}

export const roomOf = (env: Cloudflare.Env, tableId: string) =>
  env.TABLE_ROOM.get(env.TABLE_ROOM.idFromName(tableId));

/** Whose turn it is, as the clients see it, once every client has the same version. */
export async function turnOf(clients: TableClient[]): Promise<TableClient | null> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (Date.now() > deadline) throw new Error("waited 10 s for a turn");
    const states = clients.map((c) => c.latest);
    const versions = new Set(states.map((s) => s?.view.version));
    if (versions.size === 1 && states[0]) {
      const hand = states[0].view.hand;
      if (!hand || hand.phase === "complete") return null;
      const actor = clients.find((c) => c.latest?.view.hand?.legalActions);
      if (actor) return actor;
    }
    await Promise.race(clients.map((c) => c.changed(500)));
  }
}

/** Check or call until the hand is over (to showdown, nobody folds). */
export async function checkDown(clients: TableClient[]): Promise<void> {
  for (;;) {
    const actor = await turnOf(clients);
    if (!actor) return;
    const legal = actor.latest?.view.hand?.legalActions;
    const before = actor.latest?.view.version ?? 0;
    if (legal?.check) actor.act({ type: "check" });
    else if (legal?.call) actor.act({ type: "call" });
    else throw new Error(`no passive action in ${JSON.stringify(legal)}`);
    await played(actor, before);
  }
}

/** Wait until the client's action moved the table on, failing on an error reply. */
export async function played(client: TableClient, before: number): Promise<StateMessage> {
  const reply = await client.next(
    (m) =>
      (m.type === "state" && m.view.version > before) ||
      (m.type === "error" && m.seq === client.seq),
  );
  if (reply.type === "error") throw new Error(`refused: ${reply.code}: ${reply.message}`);
  return reply;
}

/**
 * Work on a table room's storage as the room itself sees it, through its own
 * RoomStorage: a delivered outbox row is gone from `outbox()` at once, though
 * its delete waits for the room's next commit (outbox-rows.ts).
 */
export const inRoomStore = <T>(tableId: string, work: (store: RoomStorage) => T) =>
  runInDurableObject(roomOf(env, tableId), (room: TableRoom) =>
    // The pipeline is the room's own; a test reaches in rather than widen its API.
    work((room as unknown as { pipeline: TablePipeline }).pipeline.store),
  );
