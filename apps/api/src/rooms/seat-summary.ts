import { handInProgress, handSeatOf, occupantOf, russian, type TableState } from "@felt/engine";

/**
 * What the "my tables" bar shows of one table for one player, read from the
 * room's memory (no storage, no D1): is he seated, is a hand (or round) being
 * played, and is it his turn. Nothing hidden: no cards, no stacks.
 */
export type SeatSummary = {
  seated: boolean;
  /** A hand (a round at Russian poker) is being played. */
  playing: boolean;
  /** He has a decision to make now. */
  yourTurn: boolean;
};

export const NOT_SEATED: SeatSummary = { seated: false, playing: false, yourTurn: false };

/** A poker table: his turn as the table page sees it (the hand's seat to act is his). */
export function tableSeatSummary(table: TableState, playerId: string): SeatSummary {
  if (!occupantOf(table, playerId)) return NOT_SEATED;
  const playing = handInProgress(table);
  const seat = handSeatOf(table, playerId);
  const yourTurn = playing && seat !== null && table.hand?.toAct === seat;
  return { seated: true, playing, yourTurn };
}

/**
 * Russian poker: his turn while a box of his waits on a decision (fold, play,
 * exchange, buy a card or a game, take the ANTE). Placing bets between rounds
 * is open to him at any time, so it is not a turn.
 */
export function russianSeatSummary(
  table: russian.RussianTableState,
  playerId: string,
): SeatSummary {
  if (!table.seats.some((s) => s.playerId === playerId)) return NOT_SEATED;
  const round = table.round;
  const playing = round !== null && round.phase !== "betting" && round.phase !== "settled";
  const yourTurn =
    playing &&
    russian
      .legalActions(round, playerId)
      .some((a) => a.type !== "placeBets" && a.type !== "clearBets");
  return { seated: true, playing, yourTurn };
}
