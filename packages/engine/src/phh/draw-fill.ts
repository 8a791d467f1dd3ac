/**
 * A draw hand with unknown cards (`??`), such as a player's own copy of a
 * hand he played, made replayable: every unknown card gets a stand-in so that
 * the whole hand is one consistent deal. Cards are followed as tokens, one
 * per place of the deck the hand was dealt from: a reshuffle only deals
 * tokens again (the discards and folded hands, never the drawing player's
 * own discards: rules.md, five-card draw). So a card the file names after a
 * reshuffle is one of the tokens in the muck at that moment: the one that
 * already carries it, or else an unknown one, which it then names (it is, in
 * truth, a card somebody discarded unseen). The tokens nobody names get the
 * game's unused cards, in deck order.
 *
 * Stand-ins never decide a pot: replay refuses a showdown where a hand still
 * live holds a card the file does not name (`guessed`).
 */
import type { Card } from "../cards";
import { formatPhhCards } from "./actions";
import type { PhhAction, PhhCard, PhhError } from "./types";

export type FilledDraw =
  | {
      ok: true;
      /** The file's actions with every `??` a card; nothing else changes. */
      actions: PhhAction[];
      /** Players (PHH order) whose last hand holds a card the file does not name. */
      guessed: Set<number>;
      /** Per player, the stand-ins he was dealt: cards to show as unknown (replaySteps). */
      standIns: Map<number, Set<Card>>;
    }
  | { ok: false; error: PhhError };

/** A card a player holds: its token, and whether the file named it where he was dealt it. */
type Held = { token: number; named: boolean };

/**
 * `deck` is every card of the game (deckOf), `fileActions` a draw hand's
 * (collectDeal checks the rest of the file). Tokens 0…deck.length − 1 are the
 * deck's places: hole card r of player k is r·n + k, the stub follows
 * (draw-deck.ts).
 */
export function fillDrawCards(
  deck: readonly Card[],
  playerCount: number,
  fileActions: readonly PhhAction[],
): FilledDraw {
  const n = playerCount;
  const actions = withShownPatHands(fileActions);
  const cardOf: (Card | null)[] = deck.map(() => null);
  const tokenOf = new Map<Card, number>();
  const fail = (message: string): FilledDraw => ({
    ok: false,
    error: { code: "phh_card_mismatch", message },
  });
  /** Gives `token` the card `card`; false when another token already has it. */
  const name = (token: number, card: Card): boolean => {
    const other = tokenOf.get(card);
    if (other !== undefined && other !== token) return false;
    cardOf[token] = card;
    tokenOf.set(card, token);
    return true;
  };

  const hands: Held[][] = Array.from({ length: n }, () => []);
  /** Tokens per action index, in the action's card order. */
  const tokensAt = new Map<number, number[]>();
  const dealtOnce = new Set<number>();
  let muck: number[] = [];
  let nextInDeck = 5 * n;
  /** A reshuffle's stub, still to be dealt (any order: replay shuffles it to suit). */
  let stub: number[] = [];
  /** The drawing player's discards, kept out of a reshuffle until his cards are dealt. */
  let setAside: number[] = [];

  // Cards the file names on replacements: an unknown replacement should not take one of them.
  const namedLater = (from: number): Set<Card> => {
    const cards = new Set<Card>();
    for (const action of actions.slice(from))
      if (action.kind === "dealHole")
        for (const card of action.cards) if (card !== null) cards.add(card);
    return cards;
  };

  /** The token a replacement from a reshuffled stub is: `card`'s own, or an unknown one that becomes it. */
  const fromStub = (card: PhhCard, index: number): number | string => {
    if (card !== null) {
      const own = tokenOf.get(card);
      const at = own === undefined ? stub.findIndex((t) => cardOf[t] === null) : stub.indexOf(own);
      if (at < 0)
        return `${formatPhhCards([card])} is dealt after a reshuffle but was not among the discards`;
      const [token] = stub.splice(at, 1) as [number];
      name(token, card);
      return token;
    }
    // Unknown: a card the file names nowhere later, else an unknown one, else any.
    const later = namedLater(index);
    let at = stub.findIndex((t) => cardOf[t] !== null && !later.has(cardOf[t] as Card));
    if (at < 0) at = stub.findIndex((t) => cardOf[t] === null);
    const [token] = stub.splice(Math.max(0, at), 1) as [number];
    return token;
  };

  for (const [index, action] of actions.entries()) {
    const who = "player" in action ? `p${action.player + 1}` : "";
    if ("player" in action && !(action.player < n))
      return fail(`actions[${index}]: the hand has no ${who}`);
    if (action.kind === "dealHole" && !dealtOnce.has(action.player)) {
      dealtOnce.add(action.player);
      const tokens = action.cards.map((_, r) => r * n + action.player);
      for (const [r, card] of action.cards.entries()) {
        if (card !== null && !name(tokens[r] as number, card))
          return fail(`actions[${index}]: ${formatPhhCards([card])} is dealt twice`);
      }
      tokensAt.set(index, tokens);
      hands[action.player] = tokens.map((token, r) => ({
        token,
        named: action.cards[r] !== null,
      }));
    } else if (action.kind === "dealHole") {
      // Replacements: from the stub while it lasts, then from the discards reshuffled.
      const tokens: number[] = [];
      for (const card of action.cards) {
        let token: number | string;
        if (nextInDeck < deck.length) {
          token = nextInDeck++;
          if (card !== null && !name(token, card))
            return fail(`actions[${index}]: ${formatPhhCards([card])} is dealt twice`);
        } else {
          if (stub.length === 0) {
            stub = muck;
            muck = [];
          }
          if (stub.length === 0)
            return fail(
              `actions[${index}]: more cards are dealt than the deck and the discards hold`,
            );
          token = fromStub(card, index);
          if (typeof token === "string") return fail(`actions[${index}]: ${token}`);
        }
        tokens.push(token);
        hands[action.player]?.push({ token, named: card !== null });
      }
      tokensAt.set(index, tokens);
      muck = muck.concat(setAside);
      setAside = [];
    } else if (action.kind === "standPatOrDiscard") {
      const hand = hands[action.player] as Held[];
      const tokens: number[] = [];
      // Named discards first, so that an unknown one does not take a named card's token.
      const order = action.cards
        .map((card, i) => ({ card, i }))
        .sort((a, b) => Number(a.card === null) - Number(b.card === null));
      for (const { card, i } of order) {
        let at =
          card === null
            ? preferUnknown(hand, cardOf)
            : hand.findIndex((h) => cardOf[h.token] === card);
        // A card he discards from cards the file did not name: one of them was it.
        if (at < 0 && card !== null) {
          at = hand.findIndex((h) => cardOf[h.token] === null);
          if (at >= 0 && !name((hand[at] as Held).token, card))
            return fail(`actions[${index}]: ${formatPhhCards([card])} is dealt twice`);
        }
        if (at < 0)
          return fail(`actions[${index}]: ${who} does not hold ${formatPhhCards([card])}`);
        const [held] = hand.splice(at, 1) as [Held];
        tokens[i] = held.token;
      }
      tokensAt.set(index, tokens);
      // Standing pat sets nothing aside (and no `d dh` follows).
      if (tokens.length > 0) setAside = tokens;
    } else if (action.kind === "fold") {
      const hand = hands[action.player] as Held[];
      muck = muck.concat(hand.map((h) => h.token));
      hands[action.player] = [];
    }
  }

  // The tokens nobody named: the game's unused cards, in deck order.
  const unused = deck.filter((card) => !tokenOf.has(card));
  for (const [token, card] of cardOf.entries())
    if (card === null) cardOf[token] = unused.shift() ?? null;

  const filled = actions.map((action, index): PhhAction => {
    const tokens = tokensAt.get(index);
    if (tokens === undefined || (action.kind !== "dealHole" && action.kind !== "standPatOrDiscard"))
      return action;
    return { ...action, cards: tokens.map((token) => cardOf[token] as Card) };
  });
  const guessed = new Set<number>();
  for (const [k, hand] of hands.entries()) if (hand.some((h) => !h.named)) guessed.add(k);
  const standIns = new Map<number, Set<Card>>();
  for (const [index, action] of actions.entries()) {
    if (action.kind !== "dealHole") continue;
    const tokens = tokensAt.get(index) ?? [];
    const mine = standIns.get(action.player) ?? new Set<Card>();
    for (const [i, card] of action.cards.entries())
      if (card === null) mine.add(cardOf[tokens[i] as number] as Card);
    standIns.set(action.player, mine);
  }
  return { ok: true, actions: filled, guessed, standIns };
}

/**
 * A player who never discarded and showed his hand held from the deal the
 * cards he showed: they fill his unknown first cards.
 */
function withShownPatHands(actions: readonly PhhAction[]): PhhAction[] {
  const shown = new Map<number, Card[]>();
  const discarded = new Set<number>();
  for (const action of actions) {
    if (action.kind === "showOrMuck" && Array.isArray(action.show) && !action.show.includes(null))
      shown.set(action.player, action.show as Card[]);
    if (action.kind === "standPatOrDiscard" && action.cards.length > 0)
      discarded.add(action.player);
  }
  const dealt = new Set<number>();
  return actions.map((action) => {
    if (action.kind !== "dealHole" || dealt.has(action.player)) return action;
    dealt.add(action.player);
    const cards = shown.get(action.player);
    if (!cards || discarded.has(action.player) || !action.cards.includes(null)) return action;
    const rest = cards.filter((card) => !action.cards.includes(card));
    return { ...action, cards: action.cards.map((card) => card ?? rest.shift() ?? null) };
  });
}

/** The held card an unknown discard stands for: one the file does not name, if any. */
function preferUnknown(hand: readonly Held[], cardOf: readonly (Card | null)[]): number {
  const unknown = hand.findIndex((h) => cardOf[h.token] === null);
  return unknown >= 0 ? unknown : hand.findIndex((h) => !h.named);
}
