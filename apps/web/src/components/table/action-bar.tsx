"use client";
import type { LegalActions } from "@felt/engine";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useFormat } from "@/i18n/format";
import { betPresets, clampAmount, raiseChoice } from "@/lib/bet-presets";

/** The presets' catalogue keys, by the label `betPresets` gives them. */
const PRESET_KEYS = {
  "½ pot": "half",
  "¾ pot": "threeQuarters",
  Pot: "pot",
  "All-in": "allIn",
} as const;

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
  /** The viewer's chips behind (not yet bet): with `ownBet`, what "all-in" means. */
  stack: number;
  disabled?: boolean;
  onAction: (action: PlayerAction) => void;
};

/** Fold / check / call / bet-or-raise, offered exactly as the engine's legalActions allows. */
export function ActionBar({
  legal,
  totalPot,
  highestBet,
  ownBet,
  stack,
  disabled = false,
  onAction,
}: Props) {
  const t = useTranslations("table.actions");
  const { chips } = useFormat();
  const range = legal.betOrRaise;
  const [amount, setAmount] = useState(range?.min ?? 0);
  useEffect(() => {
    if (range) setAmount(range.min);
  }, [range?.min, range?.max]);

  const presets =
    range && range.min < range.max
      ? betPresets({
          totalPot,
          highestBet,
          ownBet,
          min: range.min,
          max: range.max,
          allIn: ownBet + stack,
        })
      : [];
  const chosen = range ? raiseChoice(amount, { ...range, allIn: ownBet + stack }) : null;
  const isBet = range?.kind === "bet";
  const presetLabel = (label: string) =>
    label in PRESET_KEYS ? t(`presets.${PRESET_KEYS[label as keyof typeof PRESET_KEYS]}`) : label;

  return (
    <fieldset className="action-bar" aria-label={t("label")}>
      <div className="action-buttons">
        {legal.fold && (
          <button
            type="button"
            className="action-fold"
            disabled={disabled}
            onClick={() => onAction({ type: "fold" })}
          >
            {t("fold")}
          </button>
        )}
        {legal.check && (
          <button type="button" disabled={disabled} onClick={() => onAction({ type: "check" })}>
            {t("check")}
          </button>
        )}
        {legal.call && (
          <button type="button" disabled={disabled} onClick={() => onAction({ type: "call" })}>
            {t(legal.call.allIn ? "callAllIn" : "call", { amount: chips(legal.call.amount) })}
          </button>
        )}
        {range?.onlyMinOrMax && (
          // B-6: after a short all-in in fixed limit, complete to the full bet or raise a unit above it; nothing between.
          <button
            type="button"
            className="action-complete"
            disabled={disabled}
            onClick={() => onAction({ type: "betOrRaiseTo", amount: range.min })}
          >
            {t("completeTo", { amount: chips(range.min) })}
          </button>
        )}
        {range?.onlyMinOrMax && (
          <button
            type="button"
            className="action-raise"
            disabled={disabled}
            onClick={() => onAction({ type: "betOrRaiseTo", amount: range.max })}
          >
            {t(range.max >= ownBet + stack ? "allIn" : "raiseTo", { amount: chips(range.max) })}
          </button>
        )}
        {range && !range.onlyMinOrMax && (
          <button
            type="button"
            className="action-raise"
            disabled={disabled}
            onClick={() => onAction({ type: "betOrRaiseTo", amount: chosen?.amount ?? range.min })}
          >
            {t(chosen?.allIn ? "allIn" : isBet ? "bet" : "raiseTo", {
              amount: chips(chosen?.amount ?? range.min),
            })}
          </button>
        )}
      </div>
      {range && !range.onlyMinOrMax && range.min < range.max && (
        <div className="bet-sizing">
          <input
            type="range"
            aria-label={t(isBet ? "betAmount" : "raiseAmount")}
            min={range.min}
            max={range.max}
            step={1}
            value={amount}
            disabled={disabled}
            onChange={(e) => setAmount(clampAmount(Number(e.target.value), range.min, range.max))}
          />
          <input
            type="number"
            aria-label={t(isBet ? "betAmountChips" : "raiseAmountChips")}
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
                {presetLabel(preset.label)}
              </button>
            ))}
          </div>
        </div>
      )}
    </fieldset>
  );
}
