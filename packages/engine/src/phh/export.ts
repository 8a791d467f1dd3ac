/**
 * Engine hand → PHH. A hand is its start command plus either the commands
 * that were accepted (replayed here to get the events) or the events the
 * engine emitted; the history lists players clockwise from the first player
 * left of the button, deals every hole card, and writes actions in the
 * engine's order (which already puts all-in reveals before the run-out board,
 * as PokerKit does).
 */
import type { TomlValue } from "smol-toml";
import {
  apply,
  COMMAND_TYPES,
  type Command,
  type HandEvent,
  type HandState,
  type StartHand,
  startHand,
} from "../hand";
import {
  FELT_CAP_LIFTED_HEADS_UP,
  FELT_DECK,
  FELT_FLUSH_BEATS_FULL_HOUSE,
  FELT_ODD_CHIPS,
  FELT_OPEN_PAIR,
  FELT_RAISE_CAP,
  FELT_RAKE_BASIS_POINTS,
  FELT_RAKE_CAP,
  FELT_RAKE_NO_FLOP_NO_DROP,
  FELT_WILD,
  forcedBetsFromRules,
  variantOf,
} from "./order";
import {
  type HandHistory,
  isDrawVariant,
  isFixedLimitVariant,
  isStudVariant,
  type PhhAction,
  type PhhCard,
  type PhhError,
} from "./types";

export interface ExportMeta {
  /** Player names in PHH order; by default the names of the start command, when every player has one. */
  players?: string[];
  hand?: number | string;
  table?: number | string;
  seatCount?: number;
  currency?: string;
  /** Write `????` for hole cards nobody showed (a public history); by default every card is written. */
  hideHoleCards?: boolean;
  /** More fields (PHH optional ones such as `event`, or `_` user fields). */
  extra?: Record<string, TomlValue>;
}

export type ExportResult = { ok: true; history: HandHistory } | { ok: false; error: PhhError };

/** The fixed-limit cap when HandConfig leaves it out (B-6: 4 bets). */
const DEFAULT_RAISE_CAP = 4;

export function exportHand(
  start: StartHand,
  input: readonly Command[] | readonly HandEvent[],
  meta: ExportMeta = {},
): ExportResult {
  const started = startHand(start);
  if (!started.ok) return { ok: false, error: started.error };
  const initial = started.state;

  let events: readonly HandEvent[];
  let final: HandState | null = null;
  if (input.every((entry) => COMMAND_TYPES.has(entry.type))) {
    let state = initial;
    const all: HandEvent[] = [...started.events];
    for (const [i, command] of (input as readonly Command[]).entries()) {
      const result = apply(state, command);
      if (!result.ok) {
        return {
          ok: false,
          error: { code: result.error.code, message: `command ${i}: ${result.error.message}` },
        };
      }
      state = result.state;
      all.push(...result.events);
    }
    events = all;
    final = state;
  } else {
    events = input as readonly HandEvent[];
  }

  const { rules } = initial;
  const variant = variantOf(rules.game, rules.betting, rules.wild);
  if (variant === undefined) {
    return {
      ok: false,
      error: {
        code: "phh_unsupported_variant",
        message: `PHH has no variant code for ${rules.betting} ${rules.game} (only NT, FT, PO, F7S, and Felt's F5D, P5D, N5D, F5S, F7SW, F5SW)`,
      },
    };
  }

  const n = initial.players.length;
  // PHH order: clockwise from the first player left of the button; the button is last.
  const order = Array.from({ length: n }, (_, k) => (initial.buttonIndex + 1 + k) % n);
  const inOrder = order.map((i) => initial.players[i] as HandState["players"][number]);
  const playerOfSeat = new Map(inOrder.map((p, k) => [p.seat, k]));
  const player = (seat: number): number => playerOfSeat.get(seat) as number;

  const shown = new Set<number>();
  for (const event of events) if (event.type === "handShown") shown.add(event.seat);

  // A public history hides the cards of hands nobody showed, draws included (S-3: the counts stay).
  const hidden = (
    seat: number,
    cards: readonly (number | null)[] | null,
    count: number,
  ): PhhCard[] =>
    cards === null || (meta.hideHoleCards && !shown.has(seat))
      ? Array<PhhCard>(count).fill(null)
      : cards.slice();
  const stud = isStudVariant(variant);
  // Stud: the first street in one line per player, down cards (hidden in a public copy) then up.
  const actions: PhhAction[] = inOrder.map((p, k) => ({
    kind: "dealHole",
    player: k,
    cards: [...hidden(p.seat, p.holeCards, p.holeCards.length), ...(p.upCards ?? [])],
  }));
  /** Stud: each seat's cards in the order dealt (`sm` shows them so), and the first street's events to pass over. */
  const dealtInOrder = new Map<number, PhhCard[]>(inOrder.map((p) => [p.seat, []]));
  let firstStreetEvents = stud ? 2 * n : 0;
  let finishing: number[] | undefined;
  let reshuffled: PhhAction | null = null;
  for (const event of events) {
    if (stud && (event.type === "holeCardsDealt" || event.type === "upCardsDealt")) {
      const cards =
        event.type === "upCardsDealt" ? event.cards : hidden(event.seat, event.cards, event.count);
      dealtInOrder.get(event.seat)?.push(...cards);
      if (firstStreetEvents > 0) firstStreetEvents--;
      else actions.push({ kind: "dealHole", player: player(event.seat), cards: cards.slice() });
      continue;
    }
    switch (event.type) {
      case "boardDealt":
        actions.push({ kind: "dealBoard", cards: event.cards.slice() });
        break;
      case "folded":
        actions.push({ kind: "fold", player: player(event.seat) });
        break;
      case "checked":
      case "called":
        actions.push({ kind: "checkOrCall", player: player(event.seat) });
        break;
      case "betPlaced":
      case "raisedTo":
        actions.push(
          event.type === "betPlaced" && event.bringIn
            ? { kind: "postBringIn", player: player(event.seat) }
            : { kind: "betOrRaiseTo", player: player(event.seat), amount: event.amount },
        );
        break;
      case "handShown":
        actions.push({
          kind: "showOrMuck",
          player: player(event.seat),
          // Stud shows every card dealt so far, in the order dealt (PokerKit's way).
          show: stud ? (dealtInOrder.get(event.seat) ?? []).slice() : event.cards.slice(),
        });
        break;
      case "handMucked":
        actions.push({ kind: "showOrMuck", player: player(event.seat), show: false });
        break;
      case "drew": {
        // PHH `sd`: the discards (none: stood pat), then the dealer's replacements (`d dh`).
        const k = player(event.seat);
        actions.push({
          kind: "standPatOrDiscard",
          player: k,
          cards: hidden(event.seat, event.discarded, event.count),
        });
        if (reshuffled !== null) actions.push(reshuffled);
        reshuffled = null;
        if (event.count > 0)
          actions.push({
            kind: "dealHole",
            player: k,
            cards: hidden(event.seat, event.dealt, event.count),
          });
        break;
      }
      case "discardsReshuffled":
        // PHH has no verb for it (replay rebuilds the shuffle from the cards dealt next): a
        // comment, written between the draw that ran the stub short and its replacements.
        reshuffled = {
          kind: "none",
          comment: `the stub ran short: ${event.count} discards reshuffled`,
        };
        break;
      case "handEnded": {
        const bySeat = new Map(event.stacks.map(({ seat, stack }) => [seat, stack]));
        finishing = inOrder.map((p) => bySeat.get(p.seat) as number);
        break;
      }
      default:
        // Antes, blinds, dealing hole cards, returned bets and awards follow from the fields.
        break;
    }
  }
  if (stud) {
    // An all-in showdown turns the hands up before the rest is dealt: show them again in full
    // once it is (PokerKit writes the same), so the later down cards are known to everyone.
    const shownAt = new Map<number, number>();
    for (const action of actions)
      if (action.kind === "showOrMuck" && Array.isArray(action.show))
        shownAt.set(action.player, action.show.length);
    for (const [k, p] of inOrder.entries()) {
      const all = dealtInOrder.get(p.seat) ?? [];
      const count = shownAt.get(k);
      if (count !== undefined && count < all.length)
        actions.push({ kind: "showOrMuck", player: k, show: all.slice() });
    }
  }
  if (final) finishing = order.map((i) => (final.players[i] as HandState["players"][number]).stack);

  const forced = forcedBetsFromRules(rules, n);
  const antes = forced.antes;
  // Stud has no blinds (its table stakes read as bring-in / small bet).
  const blindsOrStraddles = stud ? Array<number>(n).fill(0) : forced.blindsOrStraddles;
  const history: HandHistory = {
    variant,
    anteTrimmingStatus: false,
    antes,
    blindsOrStraddles,
    ...(stud ? { bringIn: rules.bringIn } : {}),
    ...(isFixedLimitVariant(variant)
      ? { smallBet: rules.smallBet, bigBet: rules.bigBet }
      : { minBet: rules.bigBlind }),
    startingStacks: inOrder.map((p) => p.startingStack),
    actions,
    seats: inOrder.map((p) => p.seat),
    extra: {},
  };
  const names =
    meta.players ??
    (inOrder.every((p) => p.name !== undefined) ? inOrder.map((p) => p.name as string) : undefined);
  if (names) history.players = names;
  if (meta.hand !== undefined) history.hand = meta.hand;
  if (meta.table !== undefined) history.table = meta.table;
  if (meta.seatCount !== undefined) history.seatCount = meta.seatCount;
  if (meta.currency !== undefined) history.currency = meta.currency;
  if (finishing) history.finishingStacks = finishing;

  // Table options PHH has no field for, so that the file replays the way the hand was played.
  if (rules.oddChips !== "pokerkit") history.extra[FELT_ODD_CHIPS] = rules.oddChips;
  if (isFixedLimitVariant(variant) && rules.raiseCap !== DEFAULT_RAISE_CAP)
    history.extra[FELT_RAISE_CAP] = rules.raiseCap ?? false;
  if (isFixedLimitVariant(variant) && rules.capLiftedHeadsUp)
    history.extra[FELT_CAP_LIFTED_HEADS_UP] = true;
  if (rules.rake) {
    history.extra[FELT_RAKE_BASIS_POINTS] = rules.rake.basisPoints;
    history.extra[FELT_RAKE_CAP] = rules.rake.cap;
    history.extra[FELT_RAKE_NO_FLOP_NO_DROP] = rules.rake.noFlopNoDrop;
  }
  if (stud && rules.openPair) history.extra[FELT_OPEN_PAIR] = true;
  if (isDrawVariant(variant)) {
    history.extra[FELT_DECK] = rules.deckType;
    history.extra[FELT_WILD] = rules.wild;
    // C-6 is written only where it departs from the deck's default (on with 7–A, off with 52).
    if (rules.flushBeatsFullHouse !== (rules.deckType === "7A"))
      history.extra[FELT_FLUSH_BEATS_FULL_HOUSE] = rules.flushBeatsFullHouse;
  }
  Object.assign(history.extra, meta.extra);
  return { ok: true, history };
}
