"use client";
import { russian } from "@felt/engine";
import { parseCard } from "@felt/engine/cards";
import { useTranslations } from "next-intl";

type Props = {
  /** The dealer's cards as they are now (after any swaps); null while face down. */
  cards: string[] | null;
  /** RP-7 at the reveal, before any bought game. */
  hadGame: boolean;
  /** RP-8: the swaps boxes bought, in order. */
  swaps: { out: string; in: string }[];
};

/**
 * Whether the dealer has a game, as the table and the round's record say it. After a
 * bought game (RP-8) the verdict at the reveal is history: the last line names the hand
 * the swaps made and whether it is a game (issue 48, bug 9: "The dealer has no game"
 * stood above the pair of queens that beat the box).
 */
export function DealerVerdict({ cards, hadGame, swaps }: Props) {
  const t = useTranslations("russian");
  if (swaps.length === 0) return <p>{hadGame ? t("dealer.hasGame") : t("dealer.noGame")}</p>;
  const final = cards && cards.length >= 5 ? russian.bestHand(cards.map(parseCard)) : null;
  return (
    <>
      <p>{t("dealer.hadNoGame")}</p>
      {swaps.map((swap) => (
        <p key={`${swap.out}-${swap.in}`} className="muted">
          {t("dealer.swap", { out: swap.out, in: swap.in })}
        </p>
      ))}
      {final && (
        <p data-testid="dealer-final">
          {t(russian.hasGame(final) ? "dealer.boughtGame" : "dealer.boughtNoGame", {
            hand: t(`category.${final.category}`),
          })}
        </p>
      )}
    </>
  );
}
