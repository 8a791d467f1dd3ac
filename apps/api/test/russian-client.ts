import { env, exports } from "cloudflare:workers";
import {
  type ChatLine,
  followRussianFeed,
  type ProofsMessage,
  type RussianDecision,
  type RussianServerMessage,
  type RussianStateMessage,
  russianServerMessageSchema,
  russianStateMessageSchema,
} from "@felt/protocol";
import { expect } from "vitest";
import { database } from "../src/db/client";
import { move } from "../src/ledger/movements";
import { type Player, unique } from "./trpc";

const WAIT_MS = 10_000;
type ErrorMessage = Extract<RussianServerMessage, { type: "error" }>;

/**
 * A Russian poker table's socket opened through the Worker, as a browser or
 * bot would: every message is kept (the privacy test reads them all), each
 * parsed with the strict wire schema, deltas folded into the state they lead to.
 */
export class RussianClient {
  readonly received: { raw: string; message: RussianServerMessage }[] = [];
  latest: RussianStateMessage | null = null;
  /** Table chat as a client would show it. */
  chat: ChatLine[] = [];
  closed: { code: number } | null = null;
  seq = Date.now() * 1000;
  private wakers: Array<() => void> = [];

  private constructor(readonly socket: WebSocket) {
    socket.addEventListener("message", (event) => {
      const raw = event.data as string;
      let message = russianServerMessageSchema.parse(JSON.parse(raw));
      if (message.type === "russianState" || message.type === "russianDelta") {
        const followed = followRussianFeed(this.latest, message);
        if (!followed.ok)
          throw new Error(`russian feed broken at ${message.feed}: ${followed.reason}`);
        // What a delta leads to must be a state the room could have sent whole.
        message = russianStateMessageSchema.parse(followed.state);
        this.latest = message;
      }
      if (message.type === "chat")
        this.chat = message.reset ? message.lines : [...this.chat, ...message.lines];
      this.received.push({ raw, message });
      this.wake();
    });
    socket.addEventListener("close", (event) => {
      this.closed = { code: event.code };
      this.wake();
    });
    socket.accept();
  }

  static async open(tableId: string, player?: Player): Promise<RussianClient> {
    const headers: Record<string, string> = { Upgrade: "websocket" };
    if (player) headers.Authorization = `Bearer ${player.token}`;
    const res = await exports.default.fetch(`http://api.test/ws/table/${tableId}`, { headers });
    expect(res.status).toBe(101);
    if (!res.webSocket) throw new Error("no socket");
    return new RussianClient(res.webSocket);
  }

  private wake() {
    for (const wake of this.wakers.splice(0)) wake();
  }

  changed(ms = WAIT_MS): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      this.wakers.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  async until(ready: (s: RussianStateMessage) => boolean): Promise<RussianStateMessage> {
    for (;;) {
      if (this.latest && ready(this.latest)) return this.latest;
      if (this.closed) throw new Error(`socket closed (${this.closed.code})`);
      if (!(await this.changed())) throw new Error("waited 10 s for a state");
    }
  }

  /** Raw text, for messages the schema should refuse. */
  sendRaw(text: string): Promise<ErrorMessage | null> {
    const before = this.received.length;
    this.socket.send(text);
    return this.replyAfter(before, null);
  }

  /** Send and wait: the error the room answered with, or null once a new state came. */
  async sendAndWait(message: Record<string, unknown>): Promise<ErrorMessage | null> {
    this.seq += 1;
    const seq = this.seq;
    const before = this.received.length;
    this.socket.send(JSON.stringify({ ...message, seq }));
    return this.replyAfter(before, seq);
  }

  private async replyAfter(before: number, seq: number | null): Promise<ErrorMessage | null> {
    for (;;) {
      for (const { message: m } of this.received.slice(before)) {
        if (m.type === "error" && (m.seq === seq || m.seq === null)) return m;
        if (m.type === "russianState") return null;
      }
      if (!(await this.changed())) throw new Error(`waited 10 s for a reply to ${seq}`);
    }
  }

  /** Ask for the leaves of the cards this client sees; the answer, or the room's notice. */
  async proofs(): Promise<ProofsMessage | ErrorMessage> {
    const before = this.received.length;
    this.socket.send(JSON.stringify({ type: "proofs" }));
    for (;;) {
      for (const { message: m } of this.received.slice(before)) {
        if (m.type === "proofs" || m.type === "error") return m;
      }
      if (this.closed) throw new Error(`socket closed (${this.closed.code})`);
      if (!(await this.changed())) throw new Error("waited 10 s for proofs");
    }
  }

  decide(decision: RussianDecision, round = this.latest?.view.roundNumber ?? 0) {
    return this.sendAndWait({ type: "decide", decision, round });
  }

  close(): void {
    try {
      this.socket.close();
    } catch {
      // already closed
    }
  }
}

/**
 * A Russian poker table of a new stake, written straight to D1 (the admin's
 * form does not offer Russian stakes yet): ANTE 5–50, buy-ins of 20–100
 * largest ANTEs, four players. The house gets a bankroll to back it.
 */
export async function openRussianTable(): Promise<string> {
  const stakeId = `ru-${unique()}`;
  const tableId = `ru-${unique()}`;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO stakes (id, name, game, betting, small_blind, big_blind, min_buy_in_bb, max_buy_in_bb, seats, action_seconds)
       VALUES (?, ?, 'russian', 'no-limit', 5, 50, 20, 100, 4, 20)`,
    ).bind(stakeId, `Russian ${stakeId}`),
    env.DB.prepare("INSERT INTO tables (id, stake_id, name) VALUES (?, ?, ?)").bind(
      tableId,
      stakeId,
      `Russian ${tableId}`.slice(0, 40),
    ),
  ]);
  const funded = await move(database(env.DB), "house_bankroll", {
    amount: 1_000_000,
    key: tableId,
  });
  expect(funded.ok).toBe(true);
  return tableId;
}

export const russianRoomOf = (tableId: string) =>
  env.RUSSIAN_ROOM.get(env.RUSSIAN_ROOM.idFromName(tableId));
