/**
 * The play of `felt bench feed`: random 6-max no-limit hands through the
 * table layer (the policy of `felt bench engine`, engine-random-play.ts), a
 * short stack topped up before each deal as auto-rebuy does, and each
 * viewer's state after every change as the table room words it: his view of
 * the table, the change's events as he may see them, and the action clock.
 */
import {
  applyTable,
  createTable,
  deckOfTable,
  eventsFor,
  type HandState,
  handInProgress,
  handSeatOf,
  type LegalActions,
  legalActions,
  type PlayerAction,
  type TableCommand,
  type TableEvent,
  type TableState,
  tableViewer,
} from "@felt/engine";
import { seededFloats } from "@felt/fairness/testing";
import type { StateMessage } from "@felt/protocol";
import { chooseAction, chooseAmount, shuffleDeck } from "./engine-random-play";

const PLAYERS = ["p1", "p2", "p3", "p4", "p5", "p6"];
const BUY_IN = 200;
const TOP_UP_BELOW = 40;
const ACTION_MS = 20_000;
/** The time between two changes: a player's think time, as in `felt bots --think-ms 100`. */
const STEP_MS = 100;

/** The table after a change (or at the start), with that change's events. */
export type At = { table: TableState; events: TableEvent[]; feed: number; now: number };
export type Change = { before: At; after: At };

function must(table: TableState, command: TableCommand) {
  const result = applyTable(table, command);
  if (!result.ok) throw new Error(`felt bench feed: ${command.type} refused: ${result.error.code}`);
  return result;
}

/** The action the random policy takes among the legal ones. */
function actionOf(legal: LegalActions, random: () => number): PlayerAction {
  const choice = chooseAction(random);
  if (choice === "aggressive" && legal.betOrRaise) {
    const { min, max } = legal.betOrRaise;
    return { type: "betOrRaiseTo", amount: chooseAmount(random, min, max) };
  }
  if (choice === "fold" && legal.fold) return { type: "fold" };
  return legal.check ? { type: "check" } : { type: "call" };
}

/** The player to act's action, or a timeout when nobody is to act. */
function actionCommand(table: TableState, hand: HandState, random: () => number): TableCommand {
  const actor = table.seats.find((o) => o?.seat === hand.toAct);
  if (!actor) return { type: "timeout" };
  const action = actionOf(legalActions(hand, actor.seat), random);
  return { type: "act", playerId: actor.playerId, action };
}

/** Every change of `hands` hands of random play from `seed`, the seating included. */
export function playedChanges(hands: number, seed: number): Change[] {
  const random = seededFloats(seed);
  const created = createTable({
    hand: { game: "holdem", betting: "no-limit", smallBlind: 1, bigBlind: 2 },
    seatCount: PLAYERS.length,
    minBuyIn: TOP_UP_BELOW,
    maxBuyIn: BUY_IN,
  });
  if (!created.ok) throw new Error(`felt bench feed: ${created.error.code}`);
  let at: At = { table: created.state, events: [], feed: 0, now: 1_800_000_000_000 };
  const changes: Change[] = [];
  /** One change of the room: its commands applied in turn, their events together. */
  const step = (...commands: TableCommand[]) => {
    let table = at.table;
    const events: TableEvent[] = [];
    for (const command of commands) {
      const result = must(table, command);
      table = result.state;
      events.push(...result.events);
    }
    const after = { table, events, feed: at.feed + 1, now: at.now + STEP_MS };
    changes.push({ before: at, after });
    at = after;
  };
  PLAYERS.forEach((playerId, i) => {
    step({ type: "sit", seat: i + 1, playerId, name: playerId, buyIn: BUY_IN });
  });
  while (at.table.handNumber < hands || handInProgress(at.table)) {
    const { table } = at;
    if (handInProgress(table) && table.hand) {
      step(actionCommand(table, table.hand, random));
      continue;
    }
    // As the room deals: the top-ups of auto-rebuy (a busted player sits in again) and the cards in one change.
    const topUps = table.seats.flatMap((o): TableCommand[] => {
      if (!o || o.stack >= TOP_UP_BELOW) return [];
      const added: TableCommand = {
        type: "addChips",
        playerId: o.playerId,
        amount: BUY_IN - o.stack,
      };
      return o.status === "active" ? [added] : [added, { type: "sitIn", playerId: o.playerId }];
    });
    const deck = shuffleDeck([...deckOfTable(table)], random);
    step(...topUps, { type: "startHand", deck });
  }
  return changes;
}

/** The events a viewer in `seat` (null: a spectator) may see: others' hole cards taken out. */
function eventsSeenFrom(events: readonly TableEvent[], seat: number | null): TableEvent[] {
  return events.map((e) =>
    e.type === "handEvent" ? { ...e, event: eventsFor([e.event], seat)[0] ?? e.event } : e,
  );
}

/** Each seated player's state and then a spectator's, at `at`. */
export function viewersOf({ table, events, feed, now }: At): StateMessage[] {
  const viewOf = tableViewer(table);
  const toAct = table.hand && handInProgress(table) ? table.hand.toAct : null;
  const clock =
    toAct === null
      ? null
      : { seat: toAct, startedAt: now, actionEndsAt: now + ACTION_MS, timesOutAt: now + ACTION_MS };
  const stateOf = (playerId: string | null): StateMessage => {
    const seat = playerId === null ? null : handSeatOf(table, playerId);
    return {
      type: "state",
      feed,
      tableId: "bench",
      view: viewOf(playerId),
      you: playerId === null ? null : { playerId, name: playerId },
      clock,
      fairness: null,
      rules: table.hand?.rules ?? null,
      events: eventsSeenFrom(events, seat),
      nextHandAt: null,
      tournament: null,
    };
  };
  return [...PLAYERS.map(stateOf), stateOf(null)];
}
