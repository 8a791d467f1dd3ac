import type { CSSProperties } from "react";

/** A point on the felt, in percent of the oval's width (`x`) and height (`y`). */
export type FeltPoint = { x: number; y: number };

/** The felt's centre: where the pot is gathered. */
export const POT_POINT: FeltPoint = { x: 50, y: 50 };

/**
 * Where seat `seat` sits on the oval, turned so that the viewer's own seat is
 * at the bottom. `reach` < 1 moves the point toward the centre along the same
 * line: a seat's bet lies in front of it, between it and the pot.
 */
export function seatPoint(
  seat: number,
  seatCount: number,
  mySeat: number | null,
  reach = 1,
): FeltPoint {
  const turn = ((seat - (mySeat ?? 1)) / seatCount) * 2 * Math.PI;
  const angle = Math.PI / 2 + turn;
  return { x: 50 + 44 * reach * Math.cos(angle), y: 50 + 40 * reach * Math.sin(angle) };
}

/** A seat's place as CSS (the seat is centred on it). */
export function seatPosition(
  seat: number,
  seatCount: number,
  mySeat: number | null,
): CSSProperties {
  const { x, y } = seatPoint(seat, seatCount, mySeat);
  return { left: `${x}%`, top: `${y}%` };
}
