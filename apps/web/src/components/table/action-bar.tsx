"use client";
import type { LegalActions } from "@felt/engine";
import { useEffect, useState } from "react";
import { betPresets, clampAmount } from "@/lib/bet-presets";
import { chips } from "@/lib/format";

export type PlayerAction =
  | { type: "fold" }
  | { type: "check" }
  | { type: "call" }
  | { type: "betOrRaiseTo"; amount: number };

type Props = {
  legal: LegalActions;
  totalPot: number;
  highestBet: number;
  ownBet: number;
  disabled?: boolean;
  onAction: (action: PlayerAction) => void;
};

/** Fold / check / call / bet-or-raise, offered exactly as the engine's legalActions allows. */
export function ActionBar({
  legal,
  totalPot,
  highestBet,
  ownBet,
  disabled = false,
  onAction,
}: Props) {
  const range = legal.betOrRaise;
  const [amount, setAmount] = useState(range?.min ?? 0);
  useEffect(() => {
    if (range) setAmount(range.min);
  }, [range?.min, range?.max]);

  const presets =
    range && range.min < range.max
      ? betPresets({ totalPot, highestBet, ownBet, min: range.min, max: range.max })
      : [];
  const verb = range?.kind === "bet" ? "Bet" : "Raise to";

  return (
    <fieldset className="action-bar" aria-label="Your action">
      <div className="action-buttons">
        {legal.fold && (
          <button
            type="button"
            className="action-fold"
            disabled={disabled}
            onClick={() => onAction({ type: "fold" })}
          >
            Fold
          </button>
        )}
        {legal.check && (
          <button type="button" disabled={disabled} onClick={() => onAction({ type: "check" })}>
            Check
          </button>
        )}
        {legal.call && (
          <button type="button" disabled={disabled} onClick={() => onAction({ type: "call" })}>
            {legal.call.allIn ? "Call all-in" : "Call"} {chips(legal.call.amount)}
          </button>
        )}
        {range && (
          <button
            type="button"
            className="action-raise"
            disabled={disabled}
            onClick={() =>
              onAction({ type: "betOrRaiseTo", amount: clampAmount(amount, range.min, range.max) })
            }
          >
            {amount === range.max && range.max > 0
              ? `All-in ${chips(amount)}`
              : `${verb} ${chips(amount)}`}
          </button>
        )}
      </div>
      {range && range.min < range.max && (
        <div className="bet-sizing">
          <input
            type="range"
            aria-label={`${verb} amount`}
            min={range.min}
            max={range.max}
            step={1}
            value={amount}
            disabled={disabled}
            onChange={(e) => setAmount(clampAmount(Number(e.target.value), range.min, range.max))}
          />
          <input
            type="number"
            aria-label={`${verb} amount (chips)`}
            min={range.min}
            max={range.max}
            value={amount}
            disabled={disabled}
            onChange={(e) => setAmount(Number(e.target.value))}
            onBlur={() => setAmount(clampAmount(amount, range.min, range.max))}
          />
          <div className="presets">
            {presets.map((preset) => (
              <button
                key={preset.label}
                type="button"
                className="preset"
                disabled={disabled}
                onClick={() => setAmount(preset.amount)}
              >
                {preset.label}
              </button>
            ))}
          </div>
        </div>
      )}
    </fieldset>
  );
}
