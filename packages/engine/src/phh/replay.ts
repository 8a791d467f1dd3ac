/**
 * Replays a hand history through the engine: the fields become a start
 * command (players in PHH order on seats 1…N, the button on seat N, a deck
 * stacked to deal the file's cards), every action becomes an engine command,
 * and the stacks after the last action are compared with `finishing_stacks`.
 *
 * The engine deals and shows on its own (boards when a round closes, every
 * hand at an all-in showdown), so `d db`, `d dh` and some `sm` lines are
 * checked against what it did rather than applied.
 */
import { formatCards } from "../cards";
import {
  apply,
  type Command,
  type HandState,
  legalActions,
  type StartHand,
  stackDeck,
  startHand,
} from "../hand";
import { formatAction } from "./actions";
import { collectDeal, type Deal } from "./deal";
import { rulesFromHistory } from "./order";
import type { HandHistory, PhhAction, PhhError } from "./types";

export type ReplayResult =
  | {
      ok: true;
      /** Stacks after the last action, in PHH order (chips bet in an unfinished round are not in them). */
      finishingStacks: number[];
      /** The file's `finishing_stacks`, when it has them. */
      expected?: number[];
      /** False only when `expected` is present and differs. */
      matches: boolean;
      /** The start command and the engine commands the actions became: the hand as the engine played it. */
      start: StartHand;
      commands: Command[];
      state: HandState;
    }
  | { ok: false; error: PhhError };

/** Stands in for `inf` (an unknown stack): deep enough never to be all-in, small enough to add up safely. */
const UNKNOWN_STACK = 10 ** 13;

/** The start command that replays `history`: seats 1…N in PHH order, button on seat N. */
export function startCommandOf(
  history: HandHistory,
): { ok: true; start: StartHand } | { ok: false; error: PhhError } {
  const prepared = prepare(history);
  return prepared.ok ? { ok: true, start: prepared.start } : prepared;
}

function prepare(
  history: HandHistory,
): { ok: true; start: StartHand; deal: Deal } | { ok: false; error: PhhError } {
  const rules = rulesFromHistory(history);
  if (!rules.ok) return rules;
  const count = history.startingStacks.length;
  const deal = collectDeal(history.variant, count, history.actions);
  if (!deal.ok) return deal;
  // PHH p1 is the first player left of the button: dealing position 0 in the engine's layout.
  const deck = stackDeck(rules.rules.game, deal.deal.holes, deal.deal.board);
  if (!deck.ok) return deck;
  return {
    ok: true,
    deal: deal.deal,
    start: {
      type: "start",
      config: rules.rules,
      players: history.startingStacks.map((stack, i) => ({
        seat: i + 1,
        stack: Number.isFinite(stack) ? stack : UNKNOWN_STACK,
        ...(history.players?.[i] === undefined ? {} : { name: history.players[i] as string }),
      })),
      button: count,
      deck: deck.deck,
    },
  };
}

export function replayHistory(history: HandHistory): ReplayResult {
  const prepared = prepare(history);
  if (!prepared.ok) return prepared;
  const { start, deal } = prepared;
  const started = startHand(start);
  if (!started.ok) return { ok: false, error: started.error };
  let state = started.state;
  const commands: Command[] = [];

  const seatOf = (player: number) => player + 1;
  const playerState = (player: number) => state.players[player] as HandState["players"][number];

  let fileBoard = 0;
  /** `sm` lines waiting for the engine to ask that player (its order is S-2's; a file's may differ). */
  let pending: { index: number; action: Extract<PhhAction, { kind: "showOrMuck" }> }[] = [];

  const fail = (index: number, code: PhhError["code"], message: string): ReplayResult => ({
    ok: false,
    error: {
      code,
      message: `actions[${index}] "${formatAction(history.actions[index] as PhhAction)}": ${message}`,
    },
  });

  const run = (index: number, command: Command): ReplayResult | null => {
    const result = apply(state, command);
    if (!result.ok) return fail(index, result.error.code, result.error.message);
    state = result.state;
    commands.push(command);
    return null;
  };

  /** Applies the pending `sm` lines the engine is ready for; drops those its showdown made moot. */
  const drain = (): ReplayResult | null => {
    for (;;) {
      pending = pending.filter(({ action }) => {
        const p = playerState(action.player);
        // Shown by the engine (an all-in showdown shows every hand, S-2) or settled without him.
        return !(p.shown || p.mucked || state.phase === "complete");
      });
      if (state.phase !== "showdown" || state.toAct === null) return null;
      const next = pending.find(({ action }) => seatOf(action.player) === state.toAct);
      if (!next) return null;
      pending = pending.filter((entry) => entry !== next);
      const type = next.action.show === false ? "muck" : "show";
      const error = run(next.index, { type, seat: state.toAct });
      if (error) return error;
    }
  };

  for (const [index, action] of history.actions.entries()) {
    switch (action.kind) {
      case "none":
        continue;
      case "dealHole": {
        const dealt = playerState(action.player).holeCards;
        if (action.cards.some((card, r) => card !== null && card !== dealt[r])) {
          return fail(index, "phh_card_mismatch", `the engine dealt ${formatCards(dealt)}`);
        }
        continue;
      }
      case "dealBoard": {
        fileBoard += action.cards.length;
        if (state.board.length < fileBoard) {
          return fail(
            index,
            "phh_out_of_order",
            "the board is dealt before the betting round is over",
          );
        }
        continue;
      }
      case "showOrMuck": {
        const p = playerState(action.player);
        if (Array.isArray(action.show) && !sameCards(action.show, p.holeCards)) {
          return fail(index, "phh_card_mismatch", `the engine dealt ${formatCards(p.holeCards)}`);
        }
        if (p.folded)
          return fail(index, "phh_bad_action", "a folded hand cannot be shown or mucked");
        if (state.phase === "betting" && !p.shown) {
          return fail(index, "phh_out_of_order", "a hand is shown before the betting is over");
        }
        pending.push({ index, action });
        break;
      }
      case "fold":
      case "checkOrCall":
      case "betOrRaiseTo": {
        // The engine dealt the next street when the round closed; the file must deal it before acting on it.
        if (state.board.length !== fileBoard) {
          return fail(
            index,
            "phh_out_of_order",
            "the file has not dealt the board this action is on",
          );
        }
        const seat = seatOf(action.player);
        const command: Command =
          action.kind === "fold"
            ? { type: "fold", seat }
            : action.kind === "betOrRaiseTo"
              ? { type: "betOrRaiseTo", seat, amount: action.amount }
              : // PHH `cc` is one verb for check and call: the engine's legal actions tell which it is.
                { type: legalActions(state, seat).check ? "check" : "call", seat };
        const error = run(index, command);
        if (error) return error;
        break;
      }
    }
    const error = drain();
    if (error) return error;
  }

  const incomplete = undecidedShowdown(state, deal.board.length, deal.holes);
  if (incomplete) return { ok: false, error: { code: "phh_incomplete", message: incomplete } };

  const finishingStacks = state.players.map((p, i) =>
    Number.isFinite(history.startingStacks[i]) ? p.stack : Number.POSITIVE_INFINITY,
  );
  const expected = history.finishingStacks;
  return {
    ok: true,
    finishingStacks,
    ...(expected === undefined ? {} : { expected }),
    matches: expected === undefined || expected.every((stack, i) => stack === finishingStacks[i]),
    start,
    commands,
    state,
  };
}

function sameCards(shown: readonly (number | null)[], dealt: readonly number[]): boolean {
  return (
    shown.length === dealt.length && shown.every((card) => card !== null && dealt.includes(card))
  );
}

/**
 * A showdown the file cannot decide: the engine ran the board out past the
 * cards the file deals, or showed a hand the file never revealed. The
 * result would then rest on the filler cards of the stacked deck.
 */
function undecidedShowdown(
  state: HandState,
  fileBoard: number,
  holes: readonly (number | null)[][],
): string | null {
  // Hands still live at the end were compared (a mucked or folded hand never is).
  const live = state.players.flatMap((p, i) => (p.folded || p.mucked ? [] : [i]));
  if (state.phase !== "complete" || live.length < 2) return null;
  if (state.board.length > fileBoard) {
    return `the hand goes to showdown on ${state.board.length} board cards but the file deals ${fileBoard}`;
  }
  const unknown = live.find((i) => holes[i]?.includes(null));
  return unknown === undefined
    ? null
    : `p${unknown + 1}'s hole cards are unknown but decide a pot at showdown`;
}
