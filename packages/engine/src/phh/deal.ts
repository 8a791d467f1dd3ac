/**
 * The cards a PHH file deals. Replay hands them to the engine's `stackDeck`,
 * which puts them where the engine will deal them (PHH p1 is dealing
 * position 0, the first player left of the button) and fills every unknown
 * place (`??`, burns, cards never reached) with cards the file does not use.
 */
import type { Card } from "../cards";
import { formatPhhCards } from "./actions";
import {
  HOLE_CARDS,
  isDrawVariant,
  isStudVariant,
  type PhhAction,
  type PhhCard,
  type PhhError,
  type PhhVariant,
} from "./types";

/** Board cards per street: flop, turn, river. */
export const BOARD_STREETS: readonly number[] = [3, 1, 1];

export interface Deal {
  /** Per player (PHH order), the hole cards in the order dealt; null = unknown. */
  holes: PhhCard[][];
  /** The board cards the file deals, in order. */
  board: Card[];
  /** Draw games: each `sd` in draw order with the replacement cards its `d dh` deals. */
  draws: DrawnCards[];
  /** Stud: the deck from its top as the engine deals it (burns and unknown cards null), see `collectStudDeal`. */
  studDeck?: PhhCard[];
}

export interface DrawnCards {
  player: number;
  /** Empty: stood pat. */
  discarded: PhhCard[];
  dealt: PhhCard[];
}

type DealResult = { ok: true; deal: Deal } | { ok: false; error: PhhError };

const bad = (code: PhhError["code"], message: string): DealResult => ({
  ok: false,
  error: { code, message },
});

/**
 * Reads the deal from the actions and checks it: one `d dh` per player with
 * the variant's number of cards, boards of 3, 1, 1 cards, no card twice, and
 * shown cards consistent with dealt ones. Cards revealed by `sm` fill in
 * hole cards dealt as `??`, so that the showdown is evaluated on them.
 */
export function collectDeal(
  variant: PhhVariant,
  playerCount: number,
  actions: readonly PhhAction[],
): DealResult {
  if (!isStudVariant(variant)) {
    const bringIn = actions.findIndex((action) => action.kind === "postBringIn");
    if (bringIn >= 0)
      return bad("phh_bad_action", `actions[${bringIn}]: \`pb\` belongs to stud games`);
  }
  if (isDrawVariant(variant)) return collectDrawDeal(playerCount, actions);
  if (isStudVariant(variant)) return collectStudDeal(HOLE_CARDS[variant], playerCount, actions);
  const holeCount = HOLE_CARDS[variant];
  const holes: PhhCard[][] = Array.from({ length: playerCount }, () =>
    Array<PhhCard>(holeCount).fill(null),
  );
  const dealt = new Set<number>();
  const board: Card[] = [];
  let streets = 0;

  for (const [index, action] of actions.entries()) {
    const where = `actions[${index}]`;
    if (action.kind === "dealHole") {
      if (action.cards.length !== holeCount) {
        return bad(
          "phh_bad_action",
          `${where}: ${variant} deals ${holeCount} hole cards, not ${action.cards.length}`,
        );
      }
      if (dealt.has(action.player))
        return bad("phh_bad_action", `${where}: p${action.player + 1} is dealt twice`);
      dealt.add(action.player);
      holes[action.player] = [...action.cards];
    } else if (action.kind === "standPatOrDiscard") {
      return bad("phh_bad_action", `${where}: \`sd\` belongs to draw games, not ${variant}`);
    } else if (action.kind === "dealBoard") {
      const expected = BOARD_STREETS[streets];
      if (expected === undefined)
        return bad("phh_bad_action", `${where}: the board is already complete`);
      if (action.cards.length !== expected) {
        return bad(
          "phh_bad_action",
          `${where}: this street deals ${expected} board card(s), not ${action.cards.length}`,
        );
      }
      streets++;
      board.push(...action.cards);
    }
  }

  // Reveals come after the deal in the file but may fill any unknown hole card.
  for (const [index, action] of actions.entries()) {
    if (action.kind !== "showOrMuck" || !Array.isArray(action.show)) continue;
    const where = `actions[${index}]`;
    const shown = action.show;
    if (shown.length !== holeCount) {
      return bad(
        "phh_bad_action",
        `${where}: shows ${shown.length} cards, ${variant} has ${holeCount}`,
      );
    }
    if (shown.includes(null)) return bad("phh_bad_card", `${where}: cannot show unknown cards`);
    const hole = holes[action.player] as PhhCard[];
    const rest = (shown as Card[]).filter((card) => !hole.includes(card));
    const knownMissing = hole.filter((card) => card !== null && !shown.includes(card));
    if (knownMissing.length > 0) {
      return bad(
        "phh_card_mismatch",
        `${where}: p${action.player + 1} shows ${formatPhhCards(shown)} but was dealt ${formatPhhCards(hole)}`,
      );
    }
    holes[action.player] = hole.map((card) => (card === null ? (rest.shift() as Card) : card));
  }

  const seen = new Set<Card>();
  for (const card of [...holes.flat(), ...board]) {
    if (card === null) continue;
    if (seen.has(card)) return bad("phh_bad_card", `${formatPhhCards([card])} is dealt twice`);
    seen.add(card);
  }
  return { ok: true, deal: { holes, board, draws: [] } };
}

/**
 * Five-card draw: one `d dh` of five cards per player, then for each `pN sd
 * cards` a later `d dh pN` with as many replacements (none after standing pat,
 * `pN sd` alone). A card may come round again once it was discarded or
 * folded (a reshuffle), never while someone holds it.
 */
function collectDrawDeal(playerCount: number, actions: readonly PhhAction[]): DealResult {
  const holes: PhhCard[][] = Array.from({ length: playerCount }, () =>
    Array<PhhCard>(5).fill(null),
  );
  const current: PhhCard[][] = holes.map(() => []);
  const dealt = new Set<number>();
  const draws: DrawnCards[] = [];
  /** The draw of each player still waiting for its `d dh`. */
  const owed = new Map<number, DrawnCards>();
  const held = (card: PhhCard) => card !== null && current.some((hand) => hand.includes(card));

  for (const [index, action] of actions.entries()) {
    const where = `actions[${index}]`;
    const who = "player" in action ? `p${action.player + 1}` : "";
    switch (action.kind) {
      case "dealBoard":
        return bad("phh_bad_action", `${where}: five-card draw has no board`);
      case "dealHole": {
        const draw = owed.get(action.player);
        if (!dealt.has(action.player)) {
          if (action.cards.length !== 5)
            return bad(
              "phh_bad_action",
              `${where}: five-card draw deals 5 cards, not ${action.cards.length}`,
            );
          dealt.add(action.player);
          holes[action.player] = [...action.cards];
        } else if (draw === undefined) {
          return bad("phh_bad_action", `${where}: ${who} is dealt again without discarding`);
        } else {
          if (action.cards.length !== draw.discarded.length) {
            return bad(
              "phh_bad_action",
              `${where}: ${who} discarded ${draw.discarded.length} cards and is dealt ${action.cards.length}`,
            );
          }
          draw.dealt = [...action.cards];
          owed.delete(action.player);
        }
        const twice = action.cards.find(
          (card, i) => card !== null && (held(card) || action.cards.indexOf(card) !== i),
        );
        if (twice !== undefined)
          return bad("phh_bad_card", `${where}: ${formatPhhCards([twice])} is held by a player`);
        current[action.player]?.push(...action.cards);
        break;
      }
      case "standPatOrDiscard": {
        if (!dealt.has(action.player))
          return bad("phh_bad_action", `${where}: ${who} discards before being dealt`);
        if (draws.some((draw) => draw.player === action.player))
          return bad(
            "phh_bad_action",
            `${where}: ${who} draws twice (five-card draw has one draw)`,
          );
        const hand = current[action.player] as PhhCard[];
        const foreign = action.cards.find((card) => card !== null && !hand.includes(card));
        if (foreign !== undefined)
          return bad(
            "phh_card_mismatch",
            `${where}: ${who} does not hold ${formatPhhCards([foreign])}`,
          );
        const draw: DrawnCards = { player: action.player, discarded: [...action.cards], dealt: [] };
        draws.push(draw);
        if (action.cards.length > 0) owed.set(action.player, draw);
        for (const card of action.cards) {
          const at = hand.indexOf(card);
          if (at >= 0) hand.splice(at, 1);
        }
        break;
      }
      case "fold":
        // A folded hand goes to the discards, from which a reshuffle may deal it again.
        current[action.player] = [];
        break;
      default:
        break;
    }
  }
  return { ok: true, deal: { holes, board: [], draws } };
}

/**
 * Stud (ST-1, ST-5): each player's first `d dh` deals the first street
 * (down and up cards together, PokerKit's way), each later one a card; a
 * `d db` is ST-6's common card. `holes` holds each player's cards in the
 * order dealt; `sm` lines show them in that order and fill unknown ones.
 *
 * `studDeck` places every card where the engine deals it (docs/fairness.md):
 * the first street round the table, then for each street a burn and one
 * card per player still in, in the file's order; the burn is skipped when
 * the stub holds exactly one card per player, and a common card follows a
 * burn when two or more are left.
 */
function collectStudDeal(
  first: number,
  playerCount: number,
  actions: readonly PhhAction[],
): DealResult {
  const n = playerCount;
  const holes: PhhCard[][] = Array.from({ length: n }, () => []);
  const board: Card[] = [];
  const folded = new Set<number>();
  for (const [index, action] of actions.entries()) {
    const where = `actions[${index}]`;
    if (action.kind === "standPatOrDiscard")
      return bad("phh_bad_action", `${where}: \`sd\` belongs to draw games, not stud`);
    if (action.kind === "fold") folded.add(action.player);
    if (action.kind === "dealBoard") {
      if (action.cards.length !== 1 || board.length > 0)
        return bad("phh_bad_action", `${where}: stud deals at most one common card`);
      board.push(...action.cards);
    }
    if (action.kind === "showOrMuck" && Array.isArray(action.show)) {
      // Shown in the order dealt; an all-in showdown shows before the rest is dealt, as PokerKit writes it.
      const hole = holes[action.player] as PhhCard[];
      const shown = action.show;
      if (shown.length !== hole.length || shown.includes(null))
        return bad(
          "phh_bad_action",
          `${where}: p${action.player + 1} shows ${shown.length} cards, was dealt ${hole.length}`,
        );
      if (hole.some((card, i) => card !== null && card !== shown[i]))
        return bad(
          "phh_card_mismatch",
          `${where}: p${action.player + 1} shows ${formatPhhCards(shown)} but was dealt ${formatPhhCards(hole)}`,
        );
      holes[action.player] = shown.slice();
    }
    if (action.kind !== "dealHole") continue;
    const hole = holes[action.player] as PhhCard[];
    const expected = hole.length === 0 ? first : 1;
    if (action.cards.length !== expected)
      return bad(
        "phh_bad_action",
        `${where}: p${action.player + 1} is dealt ${expected} card(s) here, not ${action.cards.length}`,
      );
    if (folded.has(action.player))
      return bad("phh_bad_action", `${where}: p${action.player + 1} has folded`);
    hole.push(...action.cards);
  }
  const seen = new Set<Card>();
  for (const card of [...holes.flat(), ...board]) {
    if (card === null) continue;
    if (seen.has(card)) return bad("phh_bad_card", `${formatPhhCards([card])} is dealt twice`);
    seen.add(card);
  }

  // The deck as the engine deals it.
  const studDeck: PhhCard[] = [];
  for (let r = 0; r < first; r++) for (let k = 0; k < n; k++) studDeck.push(holes[k]?.[r] ?? null);
  const taken = holes.map(() => first);
  const out = new Set<number>();
  let streetLeft = 0;
  for (const action of actions) {
    if (action.kind === "fold") out.add(action.player);
    if (action.kind === "dealBoard") {
      if (52 - studDeck.length >= 2) studDeck.push(null);
      studDeck.push(action.cards[0] as Card);
    }
    if (action.kind !== "dealHole" || action.cards.length !== 1) continue;
    if (streetLeft === 0) {
      streetLeft = n - out.size;
      if (52 - studDeck.length > streetLeft) studDeck.push(null);
    }
    const k = action.player;
    studDeck.push(holes[k]?.[taken[k] as number] ?? null);
    taken[k] = (taken[k] as number) + 1;
    streetLeft--;
  }
  return { ok: true, deal: { holes, board, draws: [], studDeck } };
}
