"use client";
import type { LegalActions } from "@felt/engine";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { useFormat } from "@/i18n/format";
import { betPresets, clampAmount, raiseChoice } from "@/lib/bet-presets";
import { isTableShortcut, presetShortcut, SHORTCUTS, type Shortcut } from "@/lib/shortcuts";
import type { StudTurn } from "@/lib/stud";

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
  /** Stud's special turns (lib/stud.ts): the bring-in, a completion, the open pair. */
  studTurn?: StudTurn;
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
  studTurn = null,
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

  // B-1 Decision: folding while checking is free is refused, so Fold is not offered then.
  const canFold = legal.fold && !legal.check;
  const betOrRaise = () =>
    onAction({ type: "betOrRaiseTo", amount: chosen?.amount ?? range?.min ?? 0 });
  const checkOrCall = () =>
    legal.check ? onAction({ type: "check" }) : legal.call ? onAction({ type: "call" }) : undefined;
  // The latest handlers, for one listener that stays put while the amount changes.
  const keys = useRef<Record<string, () => void>>({});
  keys.current = {
    ...(canFold ? { [SHORTCUTS.fold.code]: () => onAction({ type: "fold" }) } : {}),
    ...(legal.check || legal.call ? { [SHORTCUTS.checkCall.code]: checkOrCall } : {}),
    ...(range ? { [SHORTCUTS.betRaise.code]: betOrRaise } : {}),
    ...Object.fromEntries(
      presets.flatMap((preset, i) => {
        const key = presetShortcut(i);
        return key ? [[key.code, () => setAmount(preset.amount)]] : [];
      }),
    ),
  };
  useEffect(() => {
    if (disabled) return;
    const onKey = (event: KeyboardEvent) => {
      const run = keys.current[event.code];
      if (!run || !isTableShortcut(event)) return;
      event.preventDefault();
      run();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [disabled]);

  return (
    <fieldset className="action-bar" aria-label={t("label")}>
      <div className="action-buttons">
        {canFold && (
          <button
            type="button"
            className="action-fold"
            disabled={disabled}
            aria-keyshortcuts={SHORTCUTS.fold.label}
            onClick={() => onAction({ type: "fold" })}
          >
            {t("fold")} <Key shortcut={SHORTCUTS.fold} />
          </button>
        )}
        {legal.check && (
          <button
            type="button"
            disabled={disabled}
            aria-keyshortcuts={SHORTCUTS.checkCall.label}
            onClick={() => onAction({ type: "check" })}
          >
            {t("check")} <Key shortcut={SHORTCUTS.checkCall} />
          </button>
        )}
        {legal.call && (
          <button
            type="button"
            disabled={disabled}
            aria-keyshortcuts={SHORTCUTS.checkCall.label}
            onClick={() => onAction({ type: "call" })}
          >
            {t(legal.call.allIn ? "callAllIn" : "call", { amount: chips(legal.call.amount) })}{" "}
            <Key shortcut={SHORTCUTS.checkCall} />
          </button>
        )}
        {range?.onlyMinOrMax && (
          // B-6: after a short all-in in fixed limit, complete to the full bet or raise a unit above it; nothing between.
          // Stud: the bring-in or the completion (ST-2); the small or the big bet (open pair, ST-4).
          <button
            type="button"
            className="action-complete"
            disabled={disabled}
            aria-keyshortcuts={SHORTCUTS.betRaise.label}
            onClick={() => onAction({ type: "betOrRaiseTo", amount: range.min })}
          >
            {t(
              studTurn === "bringIn"
                ? "bringIn"
                : studTurn === "openPair"
                  ? isBet
                    ? "bet"
                    : "raiseTo"
                  : "completeTo",
              { amount: chips(range.min) },
            )}{" "}
            <Key shortcut={SHORTCUTS.betRaise} />
          </button>
        )}
        {range?.onlyMinOrMax && (
          <button
            type="button"
            className="action-raise"
            disabled={disabled}
            onClick={() => onAction({ type: "betOrRaiseTo", amount: range.max })}
          >
            {t(
              range.max >= ownBet + stack
                ? "allIn"
                : studTurn === "bringIn"
                  ? "completeTo"
                  : studTurn === "openPair" && isBet
                    ? "bet"
                    : "raiseTo",
              { amount: chips(range.max) },
            )}
          </button>
        )}
        {range && !range.onlyMinOrMax && (
          <button
            type="button"
            className="action-raise"
            disabled={disabled}
            aria-keyshortcuts={SHORTCUTS.betRaise.label}
            onClick={betOrRaise}
          >
            {t(
              chosen?.allIn
                ? "allIn"
                : studTurn === "complete"
                  ? "completeTo"
                  : isBet
                    ? "bet"
                    : "raiseTo",
              {
                amount: chips(chosen?.amount ?? range.min),
              },
            )}{" "}
            <Key shortcut={SHORTCUTS.betRaise} />
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
            {presets.map((preset, i) => {
              const key = presetShortcut(i);
              return (
                <button
                  key={preset.label}
                  type="button"
                  className="preset"
                  disabled={disabled}
                  aria-keyshortcuts={key?.label}
                  onClick={() => setAmount(preset.amount)}
                >
                  {presetLabel(preset.label)} {key && <Key shortcut={key} />}
                </button>
              );
            })}
          </div>
        </div>
      )}
    </fieldset>
  );
}

/** A shortcut's key on its button; screen readers get it from `aria-keyshortcuts` instead. */
function Key({ shortcut }: { shortcut: Shortcut }) {
  return (
    <span className="shortcut" aria-hidden="true">
      {shortcut.label}
    </span>
  );
}
