/**
 * `startHand`: antes, blinds (T-2, or as the table layer names them: blinds.ts),
 * the deal (T-1, deck.ts) and the first player to act (T-3).
 */
import type { Card } from "../cards";
import { blindIndicesOf, post, postBlinds } from "./blinds";
import { type Draft, playerAt } from "./draft";
import { checkDeckFor } from "./draw-deck";
import { failure, isChipAmount } from "./errors";
import { closeBettingRound } from "./flow";
import { firstStreetOf, GAMES, isStud } from "./games";
import { nextToAct, structureOf, unitOf } from "./round";
import { normalizeConfig } from "./rules";
import { bringInIndex, dealFirstStreet, studButtonIndex } from "./stud";
import type { HandEvent, HandRules, PlayerState, Result, StartHand } from "./types";

/**
 * Creates a hand from its start command. Everything random (the deck) comes
 * in with the command, so a hand replays exactly from it and its commands.
 * Returns version 0; bad input is an error value, never a throw.
 */
export function startHand(command: StartHand): Result {
  if (typeof command !== "object" || command === null || command.type !== "start") {
    return failure(
      "invalid_command",
      'a start command is { type: "start", config, players, button, deck }',
    );
  }
  const config = normalizeConfig(command.config);
  if (!config.ok) return config;
  const { rules } = config;

  const seated: unknown = command.players;
  if (!Array.isArray(seated) || seated.length < 2)
    return failure("invalid_players", "a hand needs at least 2 players");
  // Fresh objects, so they are filled in place here; from the first command on, states are never mutated.
  const players: Mutable<PlayerState>[] = [];
  for (const entry of seated as unknown[]) {
    if (typeof entry !== "object" || entry === null)
      return failure("invalid_players", "a player is { seat, stack, name?, atShowdown? }");
    const { seat, stack, name, atShowdown } = entry as Record<string, unknown>;
    if (!isChipAmount(seat))
      return failure("invalid_players", `seat must be a non-negative integer, got ${String(seat)}`);
    if (players.some((p) => p.seat === seat))
      return failure("invalid_players", `seat ${seat} appears twice`);
    if (!isChipAmount(stack) || stack === 0)
      return failure("invalid_stack", `seat ${seat}: stack must be a positive integer`);
    if (name !== undefined && typeof name !== "string")
      return failure("invalid_players", `seat ${seat}: name must be a string`);
    if (
      atShowdown !== undefined &&
      atShowdown !== "auto" &&
      atShowdown !== "show" &&
      atShowdown !== "muck"
    )
      return failure("invalid_players", `seat ${seat}: atShowdown is auto, show or muck`);
    const player: Mutable<PlayerState> = {
      seat,
      startingStack: stack,
      stack,
      ante: 0,
      bet: 0,
      committed: 0,
      holeCards: [],
      folded: false,
      allIn: false,
      acted: false,
      shown: false,
      mucked: false,
      atShowdown: atShowdown ?? "auto",
      drew: null,
    };
    if (name !== undefined) player.name = name;
    players.push(player);
  }

  // Totals must stay exact integers: every sum the engine makes is at most the chips on the table.
  if (!Number.isSafeInteger(players.reduce((sum, p) => sum + p.stack, 0))) {
    return failure("invalid_stack", "the stacks add up to more than 2^53 - 1");
  }

  const button = command.button;
  if (!isChipAmount(button)) return failure("invalid_button", "button must be a seat number");
  const stud = isStud(rules.game);
  const maxPlayers = GAMES[rules.game].maxPlayers;
  if (maxPlayers !== null && players.length > maxPlayers)
    return failure("too_many_players", `${rules.game} seats at most ${maxPlayers} players`);
  // Stud has no button and no blinds: the dealer sits before the lowest seat (ST-3).
  const buttonIndex = stud ? studButtonIndex(players) : buttonIndexOf(players, button);
  const blinds = stud
    ? { smallBlind: -1, bigBlind: -1, extraBigBlinds: [], deadSmallBlinds: [] }
    : blindIndicesOf(players, buttonIndex, command.blinds);
  if ("code" in blinds) return { ok: false, error: blinds };

  const deckError = checkDeckFor(rules, command.deck, players.length);
  if (deckError) return { ok: false, error: deckError };
  // The caller keeps its array; states share this copy and never change it.
  const deck: readonly Card[] = command.deck.slice();

  const events: HandEvent[] = [
    {
      type: "handStarted",
      rules,
      button,
      players: players.map((p) =>
        p.name === undefined
          ? { seat: p.seat, stack: p.stack }
          : { seat: p.seat, stack: p.stack, name: p.name },
      ),
    },
  ];

  const n = players.length;
  const bigBlindIndex = blinds.bigBlind;

  // PokerKit posts antes before blinds; a stack that the ante exhausts posts no blind.
  let antes = 0;
  if (rules.ante > 0) {
    for (let k = 0; k < n; k++) {
      const i = (buttonIndex + 1 + k) % n;
      if (rules.anteKind === "big-blind" && i !== bigBlindIndex) continue;
      const p = players[i] as Mutable<PlayerState>;
      p.ante = post(p, rules.ante);
      antes += p.ante;
      events.push({ type: "antePosted", seat: p.seat, amount: p.ante, allIn: p.allIn });
    }
  }
  if (stud) return startStud(rules, button, players, buttonIndex, deck, antes, events);
  antes += postBlinds(players, rules, buttonIndex, blinds, events);

  // T-1: hole card r of dealing position k (k = 0 left of the button) is deck[r·n + k] (deck.ts).
  for (let k = 0; k < n; k++) {
    const p = players[(buttonIndex + 1 + k) % n] as Mutable<PlayerState>;
    const cards: Card[] = [];
    for (let r = 0; r < rules.holeCardCount; r++) cards.push(deck[r * n + k] as Card);
    p.holeCards = cards;
    events.push({
      type: "holeCardsDealt",
      seat: p.seat,
      count: cards.length,
      cards: cards.slice(),
    });
  }

  const d: Draft = {
    version: 0,
    rules,
    button,
    players,
    buttonIndex,
    deck,
    nextCard: n * rules.holeCardCount,
    board: [],
    street: firstStreetOf(rules.game).name,
    phase: "betting",
    toAct: null,
    round: {
      // The big blind is the bet to match even when its poster is short of it.
      highestBet: rules.bigBlind,
      fullBetTo: rules.bigBlind,
      fullRaise: structureOf(rules).openingSize(
        rules.bigBlind,
        unitOf(rules, firstStreetOf(rules.game).name),
      ),
      betCount: 1,
      lastAggressor: null,
    },
    antes,
    awards: [],
    rakeTaken: 0,
    muck: [],
    needsReshuffle: null,
  };

  // T-3: the first round starts left of the big blind (heads-up: the button); the big blind acts last.
  const first = nextToAct(d.players, (bigBlindIndex + 1) % n, d.round.highestBet);
  if (first >= 0) d.toAct = playerAt(d.players, first).seat;
  else closeBettingRound(d, events);
  return { ok: true, state: d, events };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Stud after the antes: the first street's cards (stud.ts), then the betting,
 * opened by the lowest up card, who posts the bring-in or completes (ST-2).
 * Nothing is bet yet: the round's full bet is the small bet.
 */
function startStud(
  rules: HandRules,
  button: number,
  players: Mutable<PlayerState>[],
  buttonIndex: number,
  deck: readonly Card[],
  antes: number,
  events: HandEvent[],
): Result {
  const first = firstStreetOf(rules.game);
  const nextCard = dealFirstStreet(players, buttonIndex, deck, first, events);
  const d: Draft = {
    version: 0,
    rules,
    button,
    players,
    buttonIndex,
    deck,
    nextCard,
    board: [],
    street: first.name,
    phase: "betting",
    toAct: null,
    round: {
      highestBet: 0,
      fullBetTo: 0,
      fullRaise: unitOf(rules, first.name),
      betCount: 0,
      lastAggressor: null,
    },
    antes,
    awards: [],
    rakeTaken: 0,
    muck: [],
    needsReshuffle: null,
  };
  // If the lowest up card is all-in from his ante, the next player able to bet posts the bring-in.
  const opener = nextToAct(d.players, bringInIndex(d.players), 0);
  if (opener >= 0) d.toAct = playerAt(d.players, opener).seat;
  else closeBettingRound(d, events);
  return { ok: true, state: d, events };
}

/**
 * The player holding the button. With a dead button (an empty seat), the
 * nearest player before it, so that "left of the button" stays the first
 * player after the empty seat; this assumes seat numbers grow clockwise.
 */
function buttonIndexOf(players: readonly PlayerState[], button: number): number {
  let best = -1;
  let highest = -1;
  for (let i = 0; i < players.length; i++) {
    const seat = playerAt(players, i).seat;
    if (seat === button) return i;
    if (seat < button && (best < 0 || seat > playerAt(players, best).seat)) best = i;
    if (highest < 0 || seat > playerAt(players, highest).seat) highest = i;
  }
  return best >= 0 ? best : highest;
}
