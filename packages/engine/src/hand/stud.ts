/**
 * Stud's dealing and openers (docs/rules.md#stud, ST-1 … ST-6). Each player's
 * own cards are dealt street by street from the top of the deck (T-1), in
 * dealing order from the dealer's left, to every player still in (all-in
 * players too):
 *
 *   deck[r·n + k]   card r of the first street (seven-card: down, down, up;
 *                   five-card: down, up) of dealing position k
 *   then, on each later street: one burn, and one card to each player still
 *   in, in dealing order
 *
 * ST-6: when the stub cannot give every player still in a card, one card is
 * dealt face up in the middle as a common card for all, after a burn if at
 * least two cards are left. When it holds exactly one card per player the
 * burn is skipped (five-card stud with ten players reaching fifth street).
 *
 * Online the dealer sits before the lowest seat (ST-3): the hand's button is
 * the player before it, whatever seat the table names.
 */
import type { Card } from "../cards";
import { type Draft, playerAt, updatePlayer } from "./draft";
import { GAMES, type StreetSpec } from "./games";
import type { GameKind, HandEvent, PlayerState, Street } from "./types";

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** ST-3: the dealer sits before the lowest seat, so the player before it (clockwise order) holds the button. */
export function studButtonIndex(players: readonly PlayerState[]): number {
  let lowest = 0;
  for (let i = 1; i < players.length; i++)
    if (playerAt(players, i).seat < playerAt(players, lowest).seat) lowest = i;
  return (lowest - 1 + players.length) % players.length;
}

/** The first street's cards (fresh player records, before the first command): card r of position k is deck[r·n + k]. */
export function dealFirstStreet(
  players: Mutable<PlayerState>[],
  buttonIndex: number,
  deck: readonly Card[],
  street: StreetSpec,
  events: HandEvent[],
): number {
  const n = players.length;
  for (let k = 0; k < n; k++) {
    const p = players[(buttonIndex + 1 + k) % n] as Mutable<PlayerState>;
    const down: Card[] = [];
    const up: Card[] = [];
    street.dealt.forEach((face, r) => {
      (face === "down" ? down : up).push(deck[r * n + k] as Card);
    });
    p.holeCards = down;
    p.upCards = up;
    events.push({ type: "holeCardsDealt", seat: p.seat, count: down.length, cards: down.slice() });
    events.push({ type: "upCardsDealt", seat: p.seat, street: street.name, cards: up.slice() });
  }
  return street.dealt.length * n;
}

/** A later street begins: a burn and one card to each player still in, or the common card (ST-6). */
export function dealStudStreet(d: Draft, events: HandEvent[], street: StreetSpec): void {
  const n = d.players.length;
  const order: number[] = [];
  for (let k = 0; k < n; k++) {
    const i = (d.buttonIndex + 1 + k) % n;
    if (!playerAt(d.players, i).folded) order.push(i);
  }
  const left = d.deck.length - d.nextCard;
  if (left < order.length) {
    // ST-6: one card face up in the middle, for all; the burn kept if the stub allows it.
    if (left >= 2) d.nextCard++;
    const card = d.deck[d.nextCard++] as Card;
    d.board = d.board.concat(card);
    events.push({
      type: "boardDealt",
      street: street.name as Exclude<Street, "preflop">,
      cards: [card],
    });
    return;
  }
  if (left > order.length) d.nextCard++;
  const face = street.dealt[0];
  for (const i of order) {
    const p = playerAt(d.players, i);
    const card = d.deck[d.nextCard++] as Card;
    if (face === "down") {
      updatePlayer(d, i, { holeCards: p.holeCards.concat(card) });
      events.push({ type: "holeCardsDealt", seat: p.seat, count: 1, cards: [card] });
    } else {
      updatePlayer(d, i, { upCards: (p.upCards ?? []).concat(card) });
      events.push({ type: "upCardsDealt", seat: p.seat, street: street.name, cards: [card] });
    }
  }
}

/** ST-2: the player still in with the lowest up card (aces high; clubs < diamonds < hearts < spades, the card order). */
export function bringInIndex(players: readonly PlayerState[]): number {
  let best = -1;
  let lowest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < players.length; i++) {
    const p = playerAt(players, i);
    if (p.folded) continue;
    for (const card of p.upCards ?? []) {
      if (card < lowest) {
        lowest = card;
        best = i;
      }
    }
  }
  return best;
}

/**
 * ST-3: what a player's up cards show, as a number (higher acts first):
 * quads, trips, two pair, a pair, then high cards; straights and flushes do
 * not count and suits never do. Ranks are compared by group size, then rank.
 */
export function showingValue(up: readonly Card[]): number {
  const counts = new Array<number>(13).fill(0);
  for (const card of up) counts[card >> 2] = (counts[card >> 2] as number) + 1;
  const groups: [number, number][] = [];
  for (let rank = 12; rank >= 0; rank--) {
    const c = counts[rank] as number;
    if (c > 0) groups.push([c, rank]);
  }
  groups.sort((a, b) => b[0] - a[0] || b[1] - a[1]);
  const pairs = groups.filter(([c]) => c === 2).length;
  const top = groups[0]?.[0] ?? 0;
  const category = top === 4 ? 4 : top === 3 ? 3 : pairs === 2 ? 2 : pairs === 1 ? 1 : 0;
  let value = category;
  // Ranks in order of importance, one base-16 digit per card (4 cards at most).
  for (let slot = 0; slot < 4; slot++) {
    const group = groups[slot];
    value = value * 16 + (group ? group[1] + 1 : 0);
  }
  return value;
}

/** ST-3: the player still in with the best hand showing; ties go to the one nearest the dealer's left. */
export function bestShowingIndex(d: Pick<Draft, "players" | "buttonIndex">): number {
  const n = d.players.length;
  let best = -1;
  let bestValue = -1;
  for (let k = 0; k < n; k++) {
    const i = (d.buttonIndex + 1 + k) % n;
    const p = playerAt(d.players, i);
    if (p.folded) continue;
    const value = showingValue(p.upCards ?? []);
    if (value > bestValue) {
      bestValue = value;
      best = i;
    }
  }
  return best;
}

/** ST-4, ST-5: some player's up cards show a pair (or better), so either unit may be bet. */
export function pairShowing(players: readonly PlayerState[]): boolean {
  for (const p of players) {
    const up = p.upCards ?? [];
    for (let a = 0; a < up.length; a++)
      for (let b = a + 1; b < up.length; b++)
        if ((up[a] as number) >> 2 === (up[b] as number) >> 2) return true;
  }
  return false;
}

/** A stud player's own cards in the order dealt (as PHH writes them): the first street's, then one a street. */
export function cardsInDealOrder(
  game: GameKind,
  p: Pick<PlayerState, "holeCards" | "upCards">,
): Card[] {
  const up = p.upCards ?? [];
  const out: Card[] = [];
  let d = 0;
  let u = 0;
  for (const street of GAMES[game].streets) {
    for (const face of street.dealt) {
      const card = face === "down" ? p.holeCards[d++] : up[u++];
      if (card === undefined) return out;
      out.push(card);
    }
  }
  return out;
}
