/**
 * The Durable Object every table room is: its entry points (a socket opened,
 * a message, a close, the alarm, sign-out) run one at a time in one queue,
 * so a change is decided on the state it read even when it waits on D1. The
 * room opens its table on first use and, after a restart, finishes what a
 * crash cut off (`recover`) before anything else. A game fills in the hooks:
 * how a table opens, how a message is parsed and played, what a viewer sees,
 * what is due when the alarm fires (its deadlines are the core's `rules`).
 */
import { DurableObject } from "cloudflare:workers";
import type { ClientMessage } from "@felt/protocol";
import { now as clockNow } from "../../clock";
import { Serial } from "../../durable/serial";
import type { Env } from "../../env";
import { logError } from "../../log";
import { type ErrorMessage, errorMessage } from "../messages";
import { sessionFrom, TABLE_HEADER, type Viewer, viewerFrom } from "../room-headers";
import { CLOSE_UNAVAILABLE, send, sendJson } from "../room-sockets";
import { loadTable, type StakeRow } from "../stake";
import { TableChat } from "../table-chat";
import type { CoreSnapshot, CoreStorage, RoomCore } from "./room-core";

/** A line of chat, the same message at every game's table. */
type ChatClientMessage = Extract<ClientMessage, { type: "chat" }>;

export type Ready = { ok: true } | { ok: false; reason: string };

/** A socket message as a game parses it: a chat line (the room's), a move (the game's), or why not. */
export type Parsed<M> =
  | { ok: true; message: M | ChatClientMessage }
  | { ok: false; code: string; message: string };

export abstract class RoomObject<
  S extends CoreSnapshot,
  M extends { type: string },
> extends DurableObject<Env> {
  protected readonly queue = new Serial();
  protected readonly chat: TableChat;
  /** Unfinished buy-ins and the outbox are looked at once per start. */
  protected recovered = false;
  protected abstract readonly core: RoomCore<S, CoreStorage>;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.chat = new TableChat(ctx.storage);
  }

  // -- the game's hooks -------------------------------------------------------

  /** The table on first use, from its stake: made and stored, or why it cannot be. */
  protected abstract open(tableId: string, stake: StakeRow): Ready;
  /** After a restart: buy-ins cut off by a crash finished (or refunded). */
  protected abstract recover(): Promise<void>;
  protected abstract parse(raw: string | ArrayBuffer): Parsed<M>;
  /** A parsed move from a viewer with a socket, on a loaded table. */
  protected abstract play(
    socket: WebSocket,
    viewer: Viewer | null,
    message: Exclude<M, ChatClientMessage>,
    receivedAt: number,
  ): Promise<void>;
  /** The whole state one viewer may see (on connect and on `sync`). */
  protected abstract stateFor(viewer: Viewer | null): object;
  /** The viewer's seat number for his chat lines, null when he has none. */
  protected abstract seatNumber(viewer: Viewer): number | null;
  /** The work due at `now` (the alarm fired, or stands for the earliest deadline). */
  protected abstract runDue(now: number): Promise<void>;

  // -- sockets ------------------------------------------------------------------

  /** auth.signOut: close that session's sockets here. Returns how many were open. */
  async endSession(sessionId: string): Promise<number> {
    return this.core.sockets.endSession(sessionId);
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    const viewer = viewerFrom(request.headers);
    const session = sessionFrom(request.headers);
    return this.queue.run(async () => {
      const ready = await this.ready(request.headers.get(TABLE_HEADER));
      const { 0: client, 1: server } = new WebSocketPair();
      this.core.sockets.accept(server, viewer, session);
      if (ready.ok) this.welcome(server, viewer);
      else {
        send(server, errorMessage("game_unavailable", ready.reason));
        server.close(CLOSE_UNAVAILABLE, "unavailable");
      }
      return new Response(null, { status: 101, webSocket: client });
    });
  }

  /** The whole state and the chat: what a socket gets on connect and on `sync`. */
  protected welcome(socket: WebSocket, viewer: Viewer | null): void {
    sendJson(socket, this.stateFor(viewer));
    send(socket, this.chat.snapshot());
  }

  override async webSocketMessage(socket: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    // Counted from here: the wait in the queue is part of what the player waits.
    const receivedAt = clockNow();
    await this.queue.run(async () => {
      try {
        await this.onMessage(socket, raw, receivedAt);
      } catch (error) {
        // The details stay in the logs; the client learns only how to recover.
        logError(`${this.core.rules.name}: message failed`, error, {
          table: this.core.snapshot?.room.tableId,
        });
        this.refuse(
          socket,
          errorMessage("internal_error", "Something went wrong; send sync to refresh."),
        );
      }
    });
  }

  /** A refusal (or failure) goes to its socket alone, and is counted by code. */
  protected refuse(socket: WebSocket, message: ErrorMessage): void {
    this.core.metrics.refused(message.code);
    send(socket, message);
  }

  override async webSocketClose(socket: WebSocket): Promise<void> {
    // A player who disconnects keeps his seat: his clock runs like a slow player's.
    try {
      socket.close();
    } catch {
      // already closed
    }
  }

  private async onMessage(
    socket: WebSocket,
    raw: string | ArrayBuffer,
    receivedAt: number,
  ): Promise<void> {
    const refuse = (message: ErrorMessage) => this.refuse(socket, message);
    const owner = this.core.sockets.owner(socket);
    if (!owner) return refuse(errorMessage("replaced", "This table is open elsewhere."));
    const { viewer } = owner;
    const parsed = this.parse(raw);
    if (!parsed.ok) return refuse(errorMessage(parsed.code, parsed.message));
    const ready = await this.ready(null);
    if (!ready.ok) return refuse(errorMessage("game_unavailable", ready.reason));
    const { message } = parsed;
    if (message.type === "chat") return this.onChat(socket, viewer, message as ChatClientMessage);
    return this.play(socket, viewer, message as Exclude<M, ChatClientMessage>, receivedAt);
  }

  /** A chat line is stored, then sent to everyone; a refused one only to its writer. */
  private onChat(socket: WebSocket, viewer: Viewer | null, message: ChatClientMessage): void {
    const seat = viewer ? this.seatNumber(viewer) : null;
    const said = this.chat.say(viewer, seat, message.text, message.seq, clockNow());
    if (!said.ok) {
      this.refuse(socket, errorMessage(said.code, said.message, message.seq, said.params));
      return;
    }
    this.core.sockets.sendAll({
      type: "chat",
      mode: this.chat.mode,
      reset: false,
      lines: [said.line],
    });
  }

  // -- time -----------------------------------------------------------------

  override async alarm(): Promise<void> {
    const { core } = this;
    const firedFor = core.armedAt;
    core.armedAt = null;
    await this.queue.run(async () => {
      if (!core.snapshot) return;
      await this.ready(null);
      // Only a test fires an alarm before its time: it then stands for the
      // earliest deadline (the alarm may have been set for an earlier one that passed).
      const early = firedFor !== null && clockNow() < firedFor;
      const deadline = core.rules.deadline(core.current) ?? 0;
      const now = early ? Math.max(firedFor, deadline) : clockNow();
      const { retryAt } = core.courier;
      if (retryAt !== null && retryAt <= now) core.flush();
      try {
        await this.runDue(now);
      } catch (error) {
        logError(`${core.rules.name}: alarm failed`, error, { table: core.current.room.tableId });
      }
      // A change made here (a deal) armed the alarm in its own commit, for a later time than
      // the one that fired: workerd keeps an alarm set during the handler, so that write is
      // the only one. Otherwise (nothing changed, or a change queued while this alarm waited
      // armed it for the time that just fired, which workerd clears when this handler ends)
      // arm afresh for what comes next.
      if (!core.armedLater(firedFor, clockNow())) {
        core.armedAt = null;
        await core.arm();
      }
    });
  }

  // -- start-up -------------------------------------------------------------

  /**
   * The table on first use: its stake from D1 (or as given) opens it. After a
   * restart: buy-ins cut off by a crash are finished, the outbox is flushed
   * and the alarm set again. A failed recovery is retried next time.
   */
  protected async ready(tableId: string | null, stake?: StakeRow): Promise<Ready> {
    const { core } = this;
    if (!core.snapshot) {
      if (!tableId) return { ok: false, reason: "This table is not open." };
      const row = stake ? { stake } : await loadTable(core.db, tableId);
      if (!row) return { ok: false, reason: "There is no such table." };
      const opened = this.open(tableId, row.stake);
      if (!opened.ok) return opened;
      this.chat.setMode(row.stake.chat);
      this.recovered = true;
    }
    if (!this.recovered) {
      try {
        await this.recover();
        this.recovered = true;
      } catch (error) {
        logError(`${core.rules.name}: recovery failed, will retry`, error, {
          table: core.snapshot?.room.tableId,
        });
      }
      core.flush();
      await core.arm();
    }
    return { ok: true };
  }
}
