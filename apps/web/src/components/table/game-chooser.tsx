"use client";
import type { DealersChoiceView } from "@felt/protocol";
import { useTranslations } from "next-intl";
import { useGameName } from "@/lib/game-names";

type Props = {
  choice: DealersChoiceView;
  mySeat: number | null;
  /** The name of whoever sits in a seat, for "… is choosing". */
  nameOf: (seat: number) => string;
  onChoose: (game: number) => void;
};

/**
 * Dealer's choice between hands: the player on the button at an orbit's
 * start picks its game from the stake's list (his action clock runs; when it
 * runs out the next game in the list is dealt). Everyone else sees who is
 * choosing, and what this orbit plays. Games are named in the viewer's language
 * by their id (`table.games`); the table sends the catalogue's English names.
 */
export function GameChooser({ choice, mySeat, nameOf, onChoose }: Props) {
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
