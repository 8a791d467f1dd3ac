/** `legalActions`: what a seat may do now, from the very checks `apply` runs (verify.ts). */
import { indexOfSeat } from "./draft";
import { drawLimit } from "./draw";
import type { HandState, LegalActions } from "./types";
import { raiseOption, verifyCall, verifyCheck, verifyFold } from "./verify";

const NOTHING: LegalActions = Object.freeze({
  fold: false,
  check: false,
  call: null,
  betOrRaise: null,
  draw: null,
}) as LegalActions;

export function legalActions(state: HandState, seat: number): LegalActions {
  if (state.toAct === null || state.toAct !== seat) return { ...NOTHING };
  const index = indexOfSeat(state.players, seat);
  if (index < 0) return { ...NOTHING };
  // A state stored mid-showdown (before it played itself) waits for its timeout alone.
  if (state.phase === "showdown") return { ...NOTHING };
  if (state.phase === "draw") return { ...NOTHING, draw: { max: drawLimit(state) } };
  const call = verifyCall(state, index);
  const raise = raiseOption(state, index);
  return {
    fold: verifyFold(state, index) === null,
    check: verifyCheck(state, index) === null,
    call: "code" in call ? null : call,
    betOrRaise: "code" in raise ? null : raise,
    draw: null,
  };
}

/**
 * A legal raise-to picked by `fraction` in [0, 1) across the option: for
 * random players (tests, `felt bots`), so none sends an amount between a
 * fixed-limit completion and raise (B-6).
 */
export function raiseAmountAt(
  option: NonNullable<LegalActions["betOrRaise"]>,
  fraction: number,
): number {
  const { min, max } = option;
  if (option.onlyMinOrMax) return fraction < 0.5 ? min : max;
  return min + Math.min(max - min, Math.floor(fraction * (max - min + 1)));
}
