/** `apply(state, command)`: the only way a hand moves on. */
import { chipsOnTable, type Draft, draftOf, playerAt, startingChips, updatePlayer } from "./draft";
import { drawCards, reshuffle } from "./draw";
import { BrokenInvariant } from "./errors";
import { afterBettingAction, afterDraw } from "./flow";
import { hasDraw } from "./games";
import { fullBetToOf, situationFor, structureOf } from "./round";
import { finishShowdown } from "./showdown";
import type { Command, HandEvent, HandState, Result } from "./types";
import { bringInDue, type Decision, verifyCommand } from "./verify";

/**
 * Applies one command. A refused command returns `{ ok: false, error }` and
 * leaves `state` as it was; an accepted one returns a new state (version + 1)
 * sharing unchanged parts with the old, and the events it caused. Throws only
 * if the engine broke an invariant (chips not conserved).
 */
export function apply(state: HandState, command: Command): Result {
  const decision = verifyCommand(state, command);
  if ("code" in decision) return { ok: false, error: decision };
  const d = draftOf(state);
  const events: HandEvent[] = [];
  perform(d, events, decision);
  if (chipsOnTable(d) !== startingChips(d)) {
    throw new BrokenInvariant(
      `chips not conserved after ${decision.kind}: ${chipsOnTable(d)} ≠ ${startingChips(d)}`,
    );
  }
  return { ok: true, state: d, events };
}

function perform(d: Draft, events: HandEvent[], decision: Decision): void {
  const { index } = decision;
  const p = playerAt(d.players, index);
  const seat = p.seat;
  switch (decision.kind) {
    case "fold":
      updatePlayer(d, index, { folded: true, acted: true });
      // A folded hand goes to the discards, which a short stub may need (draw.ts).
      if (hasDraw(d.rules.game)) d.muck = d.muck.concat(p.holeCards);
      events.push(
        decision.timedOut ? { type: "folded", seat, timedOut: true } : { type: "folded", seat },
      );
      afterBettingAction(d, events, index);
      return;
    case "check":
      updatePlayer(d, index, { acted: true });
      events.push(
        decision.timedOut ? { type: "checked", seat, timedOut: true } : { type: "checked", seat },
      );
      afterBettingAction(d, events, index);
      return;
    case "call": {
      const { amount, allIn } = decision;
      updatePlayer(d, index, {
        stack: p.stack - amount,
        bet: p.bet + amount,
        committed: p.committed + amount,
        allIn,
        acted: true,
      });
      events.push({ type: "called", seat, amount, allIn });
      afterBettingAction(d, events, index);
      return;
    }
    case "betOrRaise": {
      // ST-2: the first bet of stud's first round, below the small bet, is the bring-in.
      const bringIn = bringInDue(d) && decision.to < d.rules.smallBet;
      betOrRaise(d, index, decision.to, bringIn);
      const { to: amount, allIn } = decision;
      events.push(
        bringIn
          ? { type: "betPlaced", seat, amount, allIn, bringIn: true }
          : { type: decision.isBet ? "betPlaced" : "raisedTo", seat, amount, allIn },
      );
      afterBettingAction(d, events, index);
      return;
    }
    case "showMyHand":
      // A private choice: no event, and nothing else moves (the version does).
      updatePlayer(d, index, { atShowdown: decision.show ? "show" : "auto" });
      return;
    case "finishShowdown":
      finishShowdown(d, events);
      return;
    case "draw":
      if (drawCards(d, events, index, decision.discard, decision.timedOut)) afterDraw(d, events);
      return;
    case "reshuffle":
      if (reshuffle(d, events, decision.order)) afterDraw(d, events);
      return;
  }
}

/**
 * A full bet or raise (B-2, B-6) resets everyone else's `acted`, so the
 * action is reopened for them (B-7) and counts toward the cap; a short all-in
 * raises the amount to call without reopening (B-3).
 */
function betOrRaise(d: Draft, index: number, to: number, bringIn: boolean): void {
  const p = playerAt(d.players, index);
  const { round } = d;
  const increment = to - round.highestBet;
  // The bring-in is a short bet (B-6, ST-2): it neither counts toward the cap nor reopens anything.
  const counted = bringIn ? 0 : structureOf(d.rules).betsCounted(to, situationFor(d, p));
  const full = counted > 0;
  if (full) {
    for (let i = 0; i < d.players.length; i++) {
      const other = playerAt(d.players, i);
      if (i !== index && other.acted && !other.folded && !other.allIn)
        updatePlayer(d, i, { acted: false });
    }
  }
  d.round = {
    highestBet: to,
    fullBetTo: full ? to : fullBetToOf(round),
    fullRaise: full ? Math.max(round.fullRaise, increment) : round.fullRaise,
    betCount: round.betCount + counted,
    lastAggressor: p.seat,
    // ST-4: once a bet or raise by the big unit is made, raises go by the big unit.
    ...(round.openPair === undefined
      ? {}
      : {
          openPair:
            round.openPair === "either" && increment > d.rules.smallBet ? "big" : round.openPair,
        }),
  };
  const added = to - p.bet;
  updatePlayer(d, index, {
    stack: p.stack - added,
    bet: to,
    committed: p.committed + added,
    allIn: p.stack === added,
    acted: true,
  });
}
