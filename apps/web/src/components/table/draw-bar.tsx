"use client";

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
  return (
    <fieldset className="action-bar" aria-label="Your draw">
      <p className="muted draw-hint">
        {max === 0
          ? "No cards left to draw: stand pat."
          : `Click up to ${max} of your cards to discard them.`}
      </p>
      <div className="action-buttons">
        <button type="button" disabled={disabled || selected > max} onClick={onDraw}>
          {selected === 0 ? "Stand pat" : `Draw ${selected}`}
        </button>
      </div>
    </fieldset>
  );
}
