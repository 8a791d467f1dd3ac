/**
 * A hand history as a sequence of states to show, one per action: what a
 * hand replayer steps through. It is the engine's own replay (`replayHistory`)
 * of the file, re-applied command by command, so it can never disagree with
 * what the engine decided.
 *
 * A player's copy of a history has the others' cards as `??` (see the API's
 * `history.get`). Unknown cards are filled with filler cards the file never
 * uses so that the actions replay; the steps show them as `null` again, so a
 * hand mucked unseen stays unknown. Fillers never decide a pot: a history
 * whose showdown would rest on unknown cards is refused by the replay.
 */
import type { Card } from "../cards";
import { deckOf } from "../eval";
import {
  apply,
  type Command,
  type HandEvent,
  type HandState,
  normalizeConfig,
  type Phase,
  type PotAward,
  type Street,
  startHand,
  viewFor,
} from "../hand";
import { fillDrawCards } from "./draw-fill";
import { rulesFromHistory } from "./order";
import { replayHistory } from "./replay";
import {
  type HandHistory,
  isDrawVariant,
  type PhhAction,
  type PhhCard,
  type PhhError,
} from "./types";

/** What the step's action was; `player` is the PHH index (0 = p1). */
export type StepAction =
  | { kind: "fold" | "check" | "show" | "muck"; player: number }
  /** `amount`: chips added (call) or the wager this round after acting (bet, raise). */
  | {
      kind: "call" | "bet" | "raise";
      player: number;
      amount: number;
      allIn: boolean;
      /** Stud: the bet is the bring-in (ST-2). */
      bringIn?: true;
    }
  /** The draw: `count` cards exchanged (0 = stood pat), with the discards when known. */
  | { kind: "draw"; player: number; count: number; discarded: PhhCard[] };

export interface StepPlayer {
  /** PHH index (0 = p1); the replay seats p1…pN on seats 1…N, the button on the last. */
  player: number;
  name?: string;
  stack: number;
  /** Wager in the current betting round. */
  bet: number;
  /** Chips put in over the hand (not antes). */
  committed: number;
  folded: boolean;
  allIn: boolean;
  /** The cards as far as the history shows them at this step; null = unknown or not yet shown (stud: the down cards). */
  cards: PhhCard[];
  /** Stud: the up cards, everyone's to see, in the order dealt; empty in the other games. */
  upCards: Card[];
  shown: boolean;
  mucked: boolean;
  /** Draw games: cards exchanged (0 = stood pat); null before drawing. */
  drew: number | null;
  /** Draw games: the discards, when known. */
  discarded: PhhCard[];
}

export interface StepPot {
  amount: number;
  /** PHH indices of the players who can win it. */
  eligible: number[];
}

export interface StepAward {
  /** 0 = main pot, then side pots. */
  pot: number;
  amount: number;
  winners: { player: number; amount: number; category: string | null; cards: Card[] }[];
}

export interface ReplayStep {
  /** null for the first step: blinds posted and cards dealt. */
  action: StepAction | null;
  street: Street;
  phase: Phase;
  board: Card[];
  players: StepPlayer[];
  /** Chips gathered from finished rounds; empty once the hand is over. */
  pots: StepPot[];
  /** Pots plus this round's bets. */
  totalPot: number;
  /** PHH index of the player to act, or null. */
  toAct: number | null;
  /** Set on the last step. */
  awards: StepAward[];
  /** Chips returned uncalled during this step. */
  returned: { player: number; amount: number }[];
  /** Board cards this step dealt. */
  dealt: Card[];
  /** Stud: up cards this step dealt, by player (a new street, or the first one). */
  upDealt: { player: number; cards: Card[] }[];
}

export type StepsResult =
  | {
      ok: true;
      steps: ReplayStep[];
      finishingStacks: number[];
      expected?: number[];
      /** False only when the file's `finishing_stacks` differ from the replay's. */
      matches: boolean;
    }
  | { ok: false; error: PhhError };

/** The states a replayer shows for `history`, first (the deal) to last (the hand over). */
export function replaySteps(
  history: HandHistory,
  options: {
    /** PHH index of the player whose copy this is: his cards show from the deal. */ viewer?: number;
  } = {},
): StepsResult {
  const filled = fillUnknownCards(history);
  if (!filled.ok) return filled;
  const replay = replayHistory(filled.history);
  if (!replay.ok) return replay;
  const started = startHand(replay.start);
  if (!started.ok) return { ok: false, error: started.error };

  const fillers = filled.fillers;
  const standIn = (player: number, card: Card): boolean =>
    filled.standIns ? (filled.standIns.get(player)?.has(card) ?? false) : fillers.has(card);
  // Cards known from the deal (the viewer's own, or a full history) show from the start; the
  // cards of a player who shows them at showdown only once he has.
  const showsLater = new Set<number>();
  for (const action of history.actions) {
    if (action.kind === "showOrMuck" && action.show !== false) showsLater.add(action.player);
  }
  const discards = new Map<number, PhhCard[]>();
  for (const action of history.actions) {
    if (action.kind === "standPatOrDiscard") discards.set(action.player, action.cards);
  }

  const snapshot = (
    state: HandState,
    action: StepAction | null,
    events: readonly HandEvent[],
  ): ReplayStep => {
    const view = viewFor(state, null);
    const over = state.phase === "complete";
    return {
      action,
      street: state.street,
      phase: state.phase,
      board: state.board.slice(),
      players: state.players.map((p, i) => {
        const visible = i === options.viewer || (p.shown && !p.mucked) || !showsLater.has(i);
        return {
          player: i,
          ...(p.name === undefined ? {} : { name: p.name }),
          stack: p.stack,
          bet: p.bet,
          committed: p.committed,
          folded: p.folded,
          allIn: p.allIn,
          cards: p.holeCards.map((card) => (visible && !standIn(i, card) ? card : null)),
          upCards: p.upCards ? p.upCards.slice() : [],
          shown: p.shown,
          mucked: p.mucked,
          drew: p.drew,
          discarded: p.drew === null ? [] : (discards.get(i) ?? []),
        };
      }),
      pots: view.pots.map((pot) => ({
        amount: pot.amount,
        eligible: pot.eligible.map((seat) => seat - 1),
      })),
      totalPot: view.totalPot,
      toAct: state.toAct === null ? null : state.toAct - 1,
      awards: over ? state.awards.map(awardOf) : [],
      returned: events.flatMap((e) =>
        e.type === "uncalledBetReturned" ? [{ player: e.seat - 1, amount: e.amount }] : [],
      ),
      dealt: events.flatMap((e) => (e.type === "boardDealt" ? e.cards : [])),
      upDealt: events.flatMap((e) =>
        e.type === "upCardsDealt" ? [{ player: e.seat - 1, cards: e.cards.slice() }] : [],
      ),
    };
  };

  let state = started.state;
  const steps: ReplayStep[] = [snapshot(state, null, started.events)];
  for (const command of replay.commands) {
    const result = apply(state, command);
    if (!result.ok) return { ok: false, error: result.error };
    state = result.state;
    const action = actionOf(command, result.events, discards);
    const last = steps.at(-1) as ReplayStep;
    if (action === null) {
      // A reshuffle finishes the draw before it: it belongs to that step.
      steps[steps.length - 1] = { ...snapshot(state, last.action, result.events) };
    } else {
      steps.push(snapshot(state, action, result.events));
    }
  }
  return {
    ok: true,
    steps,
    finishingStacks: replay.finishingStacks,
    ...(replay.expected === undefined ? {} : { expected: replay.expected }),
    matches: replay.matches,
  };
}

function awardOf(award: PotAward): StepAward {
  return {
    pot: award.pot,
    amount: award.amount,
    winners: award.winners.map((w) => ({
      player: w.seat - 1,
      amount: w.amount,
      category: w.hand?.category ?? null,
      cards: w.hand?.cards.slice() ?? [],
    })),
  };
}

function actionOf(
  command: Command,
  events: readonly HandEvent[],
  discards: ReadonlyMap<number, PhhCard[]>,
): StepAction | null {
  if (command.type === "reshuffle") return null;
  const player = command.seat - 1;
  for (const e of events) {
    switch (e.type) {
      case "folded":
        return { kind: "fold", player };
      case "checked":
        return { kind: "check", player };
      case "called":
        return { kind: "call", player, amount: e.amount, allIn: e.allIn };
      case "betPlaced":
        return e.bringIn
          ? { kind: "bet", player, amount: e.amount, allIn: e.allIn, bringIn: true }
          : { kind: "bet", player, amount: e.amount, allIn: e.allIn };
      case "raisedTo":
        return { kind: "raise", player, amount: e.amount, allIn: e.allIn };
      case "handShown":
        if (e.seat === command.seat) return { kind: "show", player };
        break;
      case "handMucked":
        if (e.seat === command.seat) return { kind: "muck", player };
        break;
      case "drew":
        return { kind: "draw", player, count: e.count, discarded: discards.get(player) ?? [] };
      default:
        break;
    }
  }
  return null;
}

/**
 * The history with every unknown card (`??`) replaced by a card the file
 * never uses, and the set of those fillers. A player who shows his cards has
 * them filled in from the show. Draw games follow every card through the
 * reshuffles (draw-fill.ts): a stand-in may then be a card the file names
 * elsewhere, so they are given per player (`standIns`).
 */
export function fillUnknownCards(history: HandHistory):
  | {
      ok: true;
      history: HandHistory;
      fillers: Set<Card>;
      /** Draw games: each player's stand-ins (a reshuffle may deal a card named elsewhere as one). */
      standIns?: Map<number, Set<Card>>;
    }
  | { ok: false; error: PhhError } {
  const config = rulesFromHistory(history);
  if (!config.ok) return config;
  const rules = normalizeConfig(config.rules);
  if (!rules.ok) return rules;
  if (isDrawVariant(history.variant)) {
    const filled = fillDrawCards(
      deckOf(rules.rules),
      history.startingStacks.length,
      history.actions,
    );
    if (!filled.ok) return filled;
    const fillers = new Set([...filled.standIns.values()].flatMap((cards) => [...cards]));
    return {
      ok: true,
      history: { ...history, actions: filled.actions },
      fillers,
      standIns: filled.standIns,
    };
  }
  const used = new Set<Card>();
  const note = (cards: readonly PhhCard[]) => {
    for (const card of cards) if (card !== null) used.add(card);
  };
  for (const action of history.actions) {
    if (action.kind === "dealHole" || action.kind === "standPatOrDiscard") note(action.cards);
    else if (action.kind === "dealBoard") note(action.cards);
    else if (action.kind === "showOrMuck" && Array.isArray(action.show)) note(action.show);
  }
  const spare = deckOf(rules.rules).filter((card) => !used.has(card));
  const fillers = new Set<Card>();
  let short = false;
  const filler = (): Card => {
    const card = spare.shift();
    if (card === undefined) {
      short = true;
      return -1;
    }
    fillers.add(card);
    return card;
  };

  const shownBy = new Map<number, Card[]>();
  for (const action of history.actions) {
    if (action.kind === "showOrMuck" && Array.isArray(action.show) && !action.show.includes(null))
      shownBy.set(action.player, action.show as Card[]);
  }
  const actions: PhhAction[] = history.actions.map((action) => {
    if (action.kind !== "dealHole" || !action.cards.includes(null)) return action;
    const shown = (shownBy.get(action.player) ?? []).filter((c) => !action.cards.includes(c));
    return { ...action, cards: action.cards.map((c) => c ?? shown.shift() ?? filler()) };
  });
  if (short) {
    return {
      ok: false,
      error: { code: "phh_unsupported", message: "too many unknown cards to replay" },
    };
  }
  return { ok: true, history: { ...history, actions }, fillers };
}
