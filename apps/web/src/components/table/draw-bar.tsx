"use client";
import { useTranslations } from "next-intl";

type Props = {
  /** Cards picked to discard so far. */
  selected: number;
  /** The most he may discard (`legalActions.draw.max`). */
  max: number;
  disabled?: boolean;
  onDraw: () => void;
};

/** The draw: pick up to `max` of your cards above, then draw as many (or stand pat). */
export function DrawBar({ selected, max, disabled = false, onDraw }: Props) {
  const t = useTranslations("table.draw");
  return (
    <fieldset className="action-bar" aria-label={t("label")}>
      <p className="muted draw-hint">{max === 0 ? t("noCardsLeft") : t("hint", { max })}</p>
      <div className="action-buttons">
        <button type="button" disabled={disabled || selected > max} onClick={onDraw}>
          {selected === 0 ? t("standPat") : t("draw", { count: selected })}
        </button>
      </div>
    </fieldset>
  );
}
