/**
 * The only way hand state leaves the engine: each viewer gets his own copy
 * with others' hole cards hidden unless shown, and never the deck, burns,
 * discards or the cards of a pending reshuffle. How many cards each player
 * drew is public (S-3).
 */
import { buildPotsWithDeadMoney } from "../pots";
import { deadMoneyOf, isLive } from "./draft";
import { legalActions } from "./legal";
import type { HandEvent, HandState, HandView, PlayerState, PlayerView, PotView } from "./types";

/** `seat` = the viewing player, or null for a spectator. */
export function viewFor(state: HandState, seat: number | null): HandView {
  return handViewer(state)(seat);
}

/**
 * Views of one hand state for many viewers (a room telling every socket of a
 * change): what everyone sees — the pots, the board, the awards, every
 * player's public face — is built once and shared by the views it returns;
 * each viewer adds only his own cards and, on his turn, his legal actions.
 * Serialise the views or treat them as read-only.
 */
export function handViewer(state: HandState): (seat: number | null) => HandView {
  const over = state.phase === "complete";
  const faces: PlayerView[] = state.players.map((p) => ({
    seat: p.seat,
    ...(p.name === undefined ? {} : { name: p.name }),
    stack: p.stack,
    bet: p.bet,
    committed: p.committed,
    folded: p.folded,
    allIn: p.allIn,
    holeCards: p.shown && !p.mucked ? p.holeCards.slice() : null,
    holeCardCount: p.holeCards.length,
    upCards: p.upCards ? p.upCards.slice() : [],
    shown: p.shown,
    mucked: p.mucked,
    drew: p.drew,
  }));
  let totalPot = state.antes;
  for (const p of state.players) totalPot += p.committed;
  const board = state.board.slice();
  const pots = over ? [] : gatheredPots(state);
  const awards = state.awards.map((award) => ({
    ...award,
    eligible: award.eligible.slice(),
    winners: award.winners.map((w) => ({
      ...w,
      hand: w.hand && { category: w.hand.category, cards: w.hand.cards.slice() },
    })),
  }));
  const { rules } = state;
  // Each view written out field by field: a spread or rest of the shared part
  // is V8's slow path, several times the cost of the rest of a view.
  return (seat) => {
    const own = seat === null ? -1 : state.players.findIndex((p) => p.seat === seat);
    const players =
      own < 0
        ? faces
        : faces.map((face, i) =>
            i === own
              ? { ...face, holeCards: (state.players[i] as PlayerState).holeCards.slice() }
              : face,
          );
    return {
      version: state.version,
      game: rules.game,
      betting: rules.betting,
      smallBlind: rules.smallBlind,
      bigBlind: rules.bigBlind,
      ante: rules.ante,
      button: state.button,
      street: state.street,
      phase: state.phase,
      board,
      pots,
      totalPot: over ? 0 : totalPot,
      toAct: state.toAct,
      players,
      legalActions: seat !== null && seat === state.toAct ? legalActions(state, seat) : null,
      awards,
      rakeTaken: state.rakeTaken,
      deckType: rules.deckType,
      wild: rules.wild,
      needsReshuffle: state.needsReshuffle !== null,
      smallBet: rules.smallBet,
      bigBet: rules.bigBet,
      bringIn: rules.bringIn,
    };
  };
}

/** Pots from the chips of finished rounds; this round's bets stay in front of the players until it ends. */
function gatheredPots(state: HandState): PotView[] {
  const contributions = state.players.map((p) => ({
    seat: p.seat,
    amount: p.committed - p.bet,
    live: isLive(p),
  }));
  return buildPotsWithDeadMoney(contributions, deadMoneyOf(state.players));
}

/** Events as one seat (or a spectator, null) may see them: others' hole cards are removed (up cards are everyone's). */
export function eventsFor(events: readonly HandEvent[], seat: number | null): HandEvent[] {
  return events.map((event) => {
    if (!("seat" in event) || event.seat === seat) return event;
    if (event.type === "holeCardsDealt") return { ...event, cards: null };
    // S-3: the count is everyone's; the cards only his.
    if (event.type === "drew") return { ...event, discarded: null, dealt: null };
    return event;
  });
}
