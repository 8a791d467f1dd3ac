/**
 * A bot at a table for the browser tests: the room's feed over a WebSocket with a
 * bearer token, as `felt bots` plays, so a test sets up play without a second browser.
 */
import { followFeed, type StateMessage, serverMessageSchema } from "@felt/protocol";
import WebSocket from "ws";
import { apiUrl } from "./browser";

/** A bot at the table: the room's feed folded into its latest state, as the web client does. */
export class Bot {
  latest: StateMessage | null = null;
  readonly errors: string[] = [];
  seq = Date.now() * 1000;
  /** Set by `callDown`: plays every turn as it comes, at the state's version it last acted on. */
  private calling = false;
  private actedAt = -1;
  private constructor(private readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const wire = serverMessageSchema.parse(JSON.parse(String(data)));
      if (wire.type === "error") {
        this.errors.push(`${wire.code}: ${wire.message}`);
        // Calling down: a move refused (another state came first) is tried again from a fresh state.
        if (this.calling) {
          this.actedAt = -1;
          socket.send(JSON.stringify({ type: "sync" }));
        }
        return;
      }
      if (wire.type === "chat" || wire.type === "proofs") return;
      const followed = followFeed(this.latest, wire);
      if (followed.ok) this.latest = followed.state;
      else socket.send(JSON.stringify({ type: "sync" }));
      if (this.calling) this.checkOrCall();
    });
  }

  static open(tableId: string, token: string): Promise<Bot> {
    const url = `${apiUrl().replace(/^http/, "ws")}/ws/table/${tableId}`;
    const socket = new WebSocket(url, { headers: { Authorization: `Bearer ${token}` } });
    return new Promise((resolve, reject) => {
      socket.once("open", () => resolve(new Bot(socket)));
      socket.once("error", reject);
    });
  }

  /** Shoves: all-in when it may bet or raise, else calls or checks. Returns whether it acted. */
  shove(): boolean {
    const legal = this.latest?.view.hand?.legalActions;
    if (!legal) return false;
    const action = legal.betOrRaise
      ? { type: "betOrRaiseTo", amount: legal.betOrRaise.max }
      : legal.call
        ? { type: "call" }
        : legal.check
          ? { type: "check" }
          : null;
    if (!action) return false;
    this.act(action);
    return true;
  }

  /**
   * From now on, checks or calls on each of its turns as the state arrives; a stud bring-in
   * (no check, call or fold: ST-2) is posted at its smallest. Nobody it plays ever folds.
   */
  callDown() {
    this.calling = true;
    this.checkOrCall();
  }

  private checkOrCall() {
    const view = this.latest?.view;
    const legal = view?.hand?.legalActions;
    if (!view || !legal || view.version === this.actedAt) return;
    const action = legal.check
      ? { type: "check" }
      : legal.call
        ? { type: "call" }
        : legal.betOrRaise
          ? { type: "betOrRaiseTo", amount: legal.betOrRaise.min }
          : null;
    if (!action) return;
    this.actedAt = view.version;
    this.act(action);
  }

  /** Sends an action against the latest state it holds. */
  act(action: { type: string; amount?: number }) {
    this.seq += 1;
    this.socket.send(
      JSON.stringify({
        type: "act",
        action,
        expectedVersion: this.latest?.view.version ?? 0,
        seq: this.seq,
      }),
    );
  }

  close() {
    this.socket.close();
  }
}
