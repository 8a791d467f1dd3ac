"use client";
import type { DealersChoiceView } from "@felt/protocol";
import { useTranslations } from "next-intl";
import { useGameName } from "@/lib/game-names";

type Props = {
  choice: DealersChoiceView;
  mySeat: number | null;
  /** The name of whoever sits in a seat, for "… is choosing". */
  nameOf: (seat: number) => string;
  /** Seconds left on the chooser's clock (the room's deadline), if it is running. */
  secondsLeft: number | null;
  onChoose: (game: number) => void;
};

/**
 * Dealer's choice between hands: the player on the button at an orbit's
 * start picks its game from the stake's list (his action clock runs; when it
 * runs out the next game in the list is dealt). Everyone else sees who is
 * choosing, and what this orbit plays. Games are named in the viewer's language
 * by their id (`table.games`); the table sends the catalogue's English names.
 */
export function GameChooser({ choice, mySeat, nameOf, secondsLeft, onChoose }: Props) {
  const t = useTranslations("table.gameChoice");
  const gameName = useGameName();
  const playing = choice.playing === null ? null : choice.games[choice.playing];
  if (choice.chooser !== null && choice.chooser === mySeat) {
    return (
      <fieldset className="action-bar game-chooser" data-testid="game-chooser">
        <legend>{t("choose")}</legend>
        {choice.games.map((name, game) => (
          <button key={name} type="button" onClick={() => onChoose(game)}>
            {gameName(name)}
          </button>
        ))}
        {/* The choice is made for him when it runs out (issue 48, bug 6: it came unannounced). */}
        {secondsLeft !== null && (
          <p className="muted" data-testid="choice-clock">
            {t("clock", { s: secondsLeft })}
          </p>
        )}
      </fieldset>
    );
  }
  return (
    <p className="muted game-choice" data-testid="game-choice">
      {choice.chooser !== null
        ? t("waiting", { name: nameOf(choice.chooser) })
        : playing
          ? t("playing", { game: gameName(playing) })
          : t("first", { game: gameName(choice.games[0] ?? "") })}
    </p>
  );
}

/**
 * The orbit's game and how far into it the table is ("Omaha PL · hand 2 of 4"): the
 * chooser deals first and last, so an orbit is one hand more than the players dealt in
 * (docs/rules.md#dealers-choice).
 */
export function OrbitCount({ choice }: { choice: DealersChoiceView }) {
  const t = useTranslations("table.gameChoice");
  const gameName = useGameName();
  const playing = choice.playing === null ? null : choice.games[choice.playing];
  if (!playing || !choice.orbit || choice.chooser !== null) return null;
  return (
    <span className="muted" data-testid="orbit">
      {t("orbit", { game: gameName(playing), n: choice.orbit.hand, of: choice.orbit.hands })}
    </span>
  );
}
