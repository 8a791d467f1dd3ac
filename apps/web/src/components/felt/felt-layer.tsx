"use client";
import type { TableView } from "@felt/engine";
import { useTranslations } from "next-intl";
import { type CSSProperties, useEffect, useRef, useState } from "react";
import { useFormat } from "@/i18n/format";
import { usePreference } from "@/lib/use-preference";
import { type ChipMove, feltChanges } from "./felt-changes";
import { type FeltPoint, POT_POINT, seatPoint } from "./geometry";
import { SoundToggle } from "./sound-toggle";
import { playSound, unlockAudioOnFirstGesture } from "./sounds";
import { useReducedMotion } from "./use-reduced-motion";
import "./felt.css";

/** How far from the centre toward its seat a bet lies (1: on the seat). */
const BET_REACH = 0.6;
/** The pot's chips leave for the winners once the last bets have reached it (ms). */
const PAY_DELAY_MS = 450;

/** Chips on their way across the felt (drawn only when motion is welcome). */
type Flight = { id: number; from: FeltPoint; to: FeltPoint; delayMs: number };

const at = (point: FeltPoint): CSSProperties => ({ left: `${point.x}%`, top: `${point.y}%` });

/** A chip, drawn: a disc with the edge marks of a casino chip. */
function Chip() {
  return <span className="felt-chip" aria-hidden="true" />;
}

/**
 * What the table does, on the felt: each player's bet in front of his seat,
 * the bets swept into the pot when a betting round ends and the pot pushed to
 * its winners, with sounds for the viewer's turn, a bet and a win (muted by
 * the button here, remembered in this browser). The seats and the board are
 * drawn by the table page; this layer lies over them.
 */
export function FeltLayer({ view, myTurn }: { view: TableView; myTurn: boolean }) {
  const t = useTranslations("table");
  const { chips } = useFormat();
  const reduced = useReducedMotion();
  const [muted, setMuted] = usePreference("felt.muted", false);
  const [flights, setFlights] = useState<Flight[]>([]);
  const before = useRef<TableView | null>(null);
  const nextId = useRef(0);
  const hand = view.hand;
  const betPoint = (seat: number) => seatPoint(seat, view.seatCount, view.mySeat, BET_REACH);
  const seatAt = (seat: number) => seatPoint(seat, view.seatCount, view.mySeat);

  useEffect(() => unlockAudioOnFirstGesture(), []);

  useEffect(() => {
    const changes = feltChanges(before.current, view);
    const newHand = before.current?.handNumber !== view.handNumber;
    before.current = view;
    if (!muted) {
      if (changes.paid.length > 0) playSound("win");
      // A bet, a call, or the call that ends the round (its chips go straight to the pot).
      else if (changes.wagered.length > 0 || changes.gathered.length > 0) playSound("bet");
    }
    if (newHand) setFlights([]);
    if (reduced) return;
    const fly = (
      moves: ChipMove[],
      from: (seat: number) => FeltPoint,
      to: (seat: number) => FeltPoint,
      delayMs: number,
    ) =>
      moves.map((move) => ({
        id: nextId.current++,
        from: from(move.seat),
        to: to(move.seat),
        delayMs,
      }));
    const next = [
      ...fly(changes.gathered, betPoint, () => POT_POINT, 0),
      ...fly(changes.paid, () => POT_POINT, seatAt, changes.gathered.length > 0 ? PAY_DELAY_MS : 0),
    ];
    if (next.length > 0) setFlights((old) => [...old, ...next]);
  }, [view]);

  useEffect(() => {
    if (myTurn && !muted) playSound("turn");
  }, [myTurn]);

  const bets = hand && hand.phase !== "complete" ? hand.players.filter((p) => p.bet > 0) : [];
  const nameOf = (seat: number) => view.seats[seat - 1]?.name ?? t("seatName", { n: seat });
  return (
    <>
      {bets.map((player) => (
        <span key={player.seat} className="felt-bet" style={at(betPoint(player.seat))}>
          <Chip />
          <span className="visually-hidden">{t("betOf", { name: nameOf(player.seat) })} </span>
          <span data-testid={`bet-${player.seat}`}>{chips(player.bet)}</span>
        </span>
      ))}
      {flights.map((flight) => (
        <span
          key={flight.id}
          className="felt-flight"
          aria-hidden="true"
          data-testid="chip-flight"
          style={
            {
              "--from-x": `${flight.from.x}%`,
              "--from-y": `${flight.from.y}%`,
              "--to-x": `${flight.to.x}%`,
              "--to-y": `${flight.to.y}%`,
              animationDelay: `${flight.delayMs}ms`,
            } as CSSProperties
          }
          onAnimationEnd={() => setFlights((old) => old.filter((f) => f.id !== flight.id))}
        >
          <Chip />
          <Chip />
        </span>
      ))}
      <SoundToggle muted={muted} onMuted={setMuted} />
    </>
  );
}
