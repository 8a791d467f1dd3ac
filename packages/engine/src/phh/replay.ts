/**
 * Replays a hand history through the engine: the fields become a start
 * command (players in PHH order on seats 1…N, the button on seat N, a deck
 * stacked to deal the file's cards), every action becomes an engine command,
 * and the stacks after the last action are compared with `finishing_stacks`.
 *
 * The engine deals and shows on its own (boards when a round closes, the
 * showdown once the betting is over, S-2), so `d db`, `d dh` and `sm` lines
 * are checked against what it did rather than applied: a player's `sm` line
 * becomes his choice at the start (`atShowdown`: show, or muck when the file
 * mucks), so the engine's showdown turns up what the file does.
 *
 * Draw games (Felt's F5D/P5D/N5D): `pN sd` becomes a draw command, the stub
 * of the stacked deck holds the replacements in draw order, and when the
 * engine asks for a reshuffle the replay supplies one that deals the file's
 * next replacement cards (PHH records no shuffle, only what was dealt).
 * Unknown cards (`??`, a player's own copy) get stand-ins that never decide a
 * pot (draw-fill.ts).
 */
import { type Card, formatCards, STANDARD_DECK } from "../cards";
import { deckOf } from "../eval";
import {
  apply,
  type Command,
  type HandEvent,
  type HandState,
  legalActions,
  normalizeConfig,
  type ShowdownChoice,
  type StartHand,
  stackDeck,
  stackDrawDeck,
  startHand,
} from "../hand";
import { cardsInDealOrder } from "../hand/stud";
import { formatAction } from "./actions";
import { collectDeal, type Deal } from "./deal";
import { fillDrawCards } from "./draw-fill";
import { rulesFromHistory } from "./order";
import {
  type HandHistory,
  isDrawVariant,
  isStudVariant,
  type PhhAction,
  type PhhError,
} from "./types";

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

/** A history made ready to replay: its start command, its deal, and the actions to play. */
type Prepared = {
  start: StartHand;
  deal: Deal;
  /** The file's actions; a draw hand's with a stand-in for each unknown card (draw-fill.ts). */
  actions: PhhAction[];
  /** Draw games: players whose last hand holds a stand-in (they must not decide a pot). */
  guessed: Set<number>;
};

function prepare(history: HandHistory): ({ ok: true } & Prepared) | { ok: false; error: PhhError } {
  const rules = rulesFromHistory(history);
  if (!rules.ok) return rules;
  const count = history.startingStacks.length;
  const checked = collectDeal(history.variant, count, history.actions);
  if (!checked.ok) return checked;
  let deal = checked.deal;
  let actions = history.actions;
  let guessed = new Set<number>();
  if (isDrawVariant(history.variant)) {
    const normalized = normalizeConfig(rules.rules);
    if (!normalized.ok) return normalized;
    const filled = fillDrawCards(deckOf(normalized.rules), count, history.actions);
    if (!filled.ok) return filled;
    ({ actions, guessed } = filled);
    const complete = collectDeal(history.variant, count, actions);
    if (!complete.ok) return complete;
    deal = complete.deal;
  }
  // PHH p1 is the first player left of the button: dealing position 0 in the engine's layout.
  const deck = deal.studDeck
    ? { ok: true as const, deck: filledDeck(deal.studDeck) }
    : isDrawVariant(history.variant)
      ? drawDeck(rules.rules, deal)
      : stackDeck(rules.rules.game, deal.holes, deal.board);
  if (!deck.ok) return deck;
  // S-2: the file's `sm` lines say which hands were shown and which mucked.
  const choices = new Map<number, ShowdownChoice>();
  for (const action of history.actions) {
    if (action.kind === "showOrMuck")
      choices.set(action.player, action.show === false ? "muck" : "show");
  }
  return {
    ok: true,
    deal,
    actions,
    guessed,
    start: {
      type: "start",
      config: rules.rules,
      players: history.startingStacks.map((stack, i) => ({
        seat: i + 1,
        stack: Number.isFinite(stack) ? stack : UNKNOWN_STACK,
        ...(history.players?.[i] === undefined ? {} : { name: history.players[i] as string }),
        ...(choices.has(i) ? { atShowdown: choices.get(i) } : {}),
      })),
      button: count,
      deck: deck.deck,
    },
  };
}

/**
 * The stub deals the file's replacement cards in draw order, as far as it
 * reaches; the rest come from reshuffles (`reshuffleFor`). Every card is
 * known here: prepare gave each unknown one a stand-in (draw-fill.ts).
 */
function drawDeck(
  config: StartHand["config"],
  deal: Deal,
): { ok: true; deck: Card[] } | { ok: false; error: PhhError } {
  const rules = normalizeConfig(config);
  if (!rules.ok) return rules;
  const replacements = deal.draws.flatMap((draw) => draw.dealt);
  const cards = [
    ...deal.holes.flat(),
    ...deal.draws.flatMap((draw) => draw.discarded),
    ...replacements,
  ];
  if (cards.includes(null)) throw new Error("broken invariant: a draw deal with unknown cards");
  const stub = deckOf(rules.rules).length - 5 * deal.holes.length;
  return stackDrawDeck(
    rules.rules,
    deal.holes,
    (replacements as Card[]).slice(0, Math.max(0, stub)),
  );
}

/** Stud: the 52 cards with the file's where the engine deals them, the unused ones in order elsewhere. */
function filledDeck(placed: readonly (Card | null)[]): Card[] {
  const used = new Set(placed.filter((card): card is Card => card !== null));
  const spare = STANDARD_DECK.filter((card) => !used.has(card));
  let next = 0;
  const deck = placed.map((card) => card ?? (spare[next++] as Card));
  return deck.concat(spare.slice(next));
}

/**
 * The engine needs the discards reshuffled: an order that deals the file's
 * next replacement cards (those the stub could not), then the rest sorted.
 */
function reshuffleFor(state: HandState, deal: Deal, dealtSoFar: number): Command {
  const need = state.needsReshuffle as NonNullable<HandState["needsReshuffle"]>;
  const upcoming = deal.draws.flatMap((draw) => draw.dealt).slice(dealtSoFar) as Card[];
  const pool = new Set(need.cards);
  const order: Card[] = [];
  for (const card of upcoming) {
    if (!pool.has(card) || order.length === need.cards.length) break;
    order.push(card);
    pool.delete(card);
  }
  return { type: "reshuffle", order: [...order, ...[...pool].sort((a, b) => a - b)] };
}

export function replayHistory(history: HandHistory): ReplayResult {
  const prepared = prepare(history);
  if (!prepared.ok) return prepared;
  const { start, deal, actions, guessed } = prepared;
  const started = startHand(start);
  if (!started.ok) return { ok: false, error: started.error };
  let state = started.state;
  const commands: Command[] = [];
  /** Draw games: replacement cards the engine has dealt so far, and each player's latest ones. */
  let dealtSoFar = 0;
  const replaced = new Map<number, Card[]>();
  const dealtOnce = new Set<number>();
  const track = (events: readonly HandEvent[]) => {
    for (const event of events) {
      if (event.type !== "drew") continue;
      dealtSoFar += event.count;
      replaced.set(event.seat - 1, event.dealt ?? []);
    }
  };

  const seatOf = (player: number) => player + 1;
  const playerState = (player: number) => state.players[player] as HandState["players"][number];

  let fileBoard = 0;

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
    track(result.events);
    if (state.needsReshuffle) {
      // The stub's part of this draw is dealt; the rest comes from the reshuffle.
      const shuffle = reshuffleFor(state, deal, dealtSoFar + state.needsReshuffle.dealt.length);
      return run(index, shuffle);
    }
    return null;
  };

  /** Stud: cards of each player's the file has dealt so far (checked against the engine's, in deal order). */
  const studDealt = new Map<number, number>();
  const stud = isStudVariant(history.variant);
  const studCards = (player: number) => cardsInDealOrder(state.rules.game, playerState(player));

  for (const [index, action] of actions.entries()) {
    switch (action.kind) {
      case "none":
        continue;
      case "postBringIn": {
        const p = playerState(action.player);
        const amount = Math.min(state.rules.bringIn, p.bet + p.stack);
        const error = run(index, { type: "betOrRaiseTo", seat: seatOf(action.player), amount });
        if (error) return error;
        break;
      }
      case "dealHole": {
        if (stud) {
          const from = studDealt.get(action.player) ?? 0;
          studDealt.set(action.player, from + action.cards.length);
          const dealt = studCards(action.player).slice(from, from + action.cards.length);
          if (
            dealt.length !== action.cards.length ||
            action.cards.some((card, r) => card !== null && card !== dealt[r])
          )
            return fail(index, "phh_card_mismatch", `the engine dealt ${formatCards(dealt)}`);
          continue;
        }
        // Draw games: a player's second `d dh` is his replacements, checked against the engine's.
        const again = dealtOnce.has(action.player);
        dealtOnce.add(action.player);
        const dealt = again
          ? (replaced.get(action.player) ?? [])
          : playerState(action.player).holeCards;
        if (action.cards.some((card, r) => card !== null && card !== dealt[r])) {
          return fail(index, "phh_card_mismatch", `the engine dealt ${formatCards(dealt)}`);
        }
        continue;
      }
      case "standPatOrDiscard": {
        const error = run(index, {
          type: "draw",
          seat: seatOf(action.player),
          discard: action.cards as Card[],
        });
        if (error) return error;
        break;
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
        // Stud: shown in the order dealt, before the rest when the betting ended early (PokerKit's way).
        const held = stud
          ? studCards(action.player).slice(0, Array.isArray(action.show) ? action.show.length : 0)
          : p.holeCards;
        if (Array.isArray(action.show) && !sameCards(action.show, held)) {
          return fail(index, "phh_card_mismatch", `the engine dealt ${formatCards(held)}`);
        }
        if (p.folded)
          return fail(index, "phh_bad_action", "a folded hand cannot be shown or mucked");
        if (state.phase === "betting" && !p.shown) {
          return fail(index, "phh_out_of_order", "a hand is shown before the betting is over");
        }
        continue;
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
  }

  const incomplete = undecidedShowdown(state, deal.board.length, deal.holes, guessed);
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
  guessed: ReadonlySet<number>,
): string | null {
  // Hands still live at the end were compared (a mucked or folded hand never is).
  const live = state.players.flatMap((p, i) => (p.folded || p.mucked ? [] : [i]));
  if (state.phase !== "complete" || live.length < 2) return null;
  if (state.board.length > fileBoard) {
    return `the hand goes to showdown on ${state.board.length} board cards but the file deals ${fileBoard}`;
  }
  const unknown = live.find((i) => holes[i]?.includes(null) || guessed.has(i));
  return unknown === undefined
    ? null
    : `p${unknown + 1}'s hole cards are unknown but decide a pot at showdown`;
}
