/** How the load-test bots play: random legal actions from a reproducible generator (`seededFloats`). */
import { type LegalActions, raiseAmountAt } from "@felt/engine";
import type { PlayerAction } from "@felt/protocol";

/**
 * A random legal action, sized uniformly when it is a bet or raise. In the
 * draw (five-card draw, dealt at dealer's choice): discard up to
 * `legal.draw.max` of `holeCards`, taken at random.
 */
export function randomAction(
  legal: LegalActions,
  random: () => number,
  holeCards: readonly number[] = [],
): PlayerAction {
  if (legal.draw) {
    const count = Math.floor(random() * (Math.min(legal.draw.max, holeCards.length) + 1));
    const discard = holeCards
      .map((card) => ({ card, key: random() }))
      .sort((a, b) => a.key - b.key)
      .slice(0, count)
      .map(({ card }) => card);
    return { type: "draw", discard };
  }
  const choices: PlayerAction[] = [];
  if (legal.fold) choices.push({ type: "fold" });
  if (legal.check) choices.push({ type: "check" }, { type: "check" });
  if (legal.call) choices.push({ type: "call" }, { type: "call" });
  if (legal.betOrRaise) {
    choices.push({ type: "betOrRaiseTo", amount: raiseAmountAt(legal.betOrRaise, random()) });
  }
  return choices[Math.floor(random() * choices.length)] ?? { type: "check" };
}

/** The part of a held table state a bot decides on. */
export type HeldView = { version: number; legal: LegalActions | null | undefined };

/**
 * When a load-test bot acts, on one socket: once per state it is to act in,
 * after its think time, on the state it holds *then*, not on the one that
 * woke it. Another seat's change (a reconnecting bot's auto-rebuy, say) may
 * land while it thinks; the newer state cannot start a second decision then,
 * so a bot that sent the older version got only a stale_version and waited
 * for a message that never came while its clock ran out (30 s plus the time
 * bank: the stalls of a soak with aborts, which make such races common).
 */
export class BotTurns {
  private pending: { version: number; sentAt: number; seq: number } | null = null;
  private thinking = false;

  constructor(
    private readonly io: {
      thinkMs: number;
      /** The state held now (null: none yet); `legal` only when it is this bot's turn. */
      held: () => HeldView | null;
      /** Whether the bot still plays on this socket (open, not leaving). */
      live: () => boolean;
      choose: (legal: LegalActions) => PlayerAction;
      /** Sends the act; returns its seq. */
      send: (action: PlayerAction, expectedVersion: number) => number;
      /** Action sent → the next version held, in ms. */
      latency?: (ms: number) => void;
      now?: () => number;
      later?: (run: () => void, ms: number) => void;
    },
  ) {}

  /** A state is held now: the answer to the pending act, if it moved on; maybe a turn. */
  onState(): void {
    const version = this.io.held()?.version;
    if (this.pending && version !== undefined && version > this.pending.version) {
      this.io.latency?.(this.now() - this.pending.sentAt);
      this.pending = null;
    }
    this.decide();
  }

  /**
   * A refusal. Of the pending act (by seq), it ends it; a refusal of an older
   * act (one a newer state already ended) leaves the newer one pending. No
   * new decision here: a stale act's newer state came before this answer, on
   * the same socket, and was decided on then.
   */
  onError(seq: number | null): void {
    if (this.pending && (seq === null || seq === this.pending.seq)) this.pending = null;
  }

  private decide(): void {
    if (this.pending || this.thinking || !this.io.held()?.legal || !this.io.live()) return;
    this.thinking = true;
    (this.io.later ?? setTimeout)(() => {
      this.thinking = false;
      const held = this.io.held();
      if (this.pending || !held?.legal || !this.io.live()) return;
      const sentAt = this.now();
      const seq = this.io.send(this.io.choose(held.legal), held.version);
      this.pending = { version: held.version, sentAt, seq };
    }, this.io.thinkMs);
  }

  private now(): number {
    return (this.io.now ?? (() => performance.now()))();
  }
}

/** Dealer's choice: a random game for the orbit, as an index in `view.dealersChoice.games`. */
export const randomGame = (games: readonly string[], random: () => number): number =>
  Math.min(games.length - 1, Math.floor(random() * games.length));
