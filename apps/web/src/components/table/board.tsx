import type { HandView } from "@felt/engine";
import type { Card } from "@felt/engine/cards";
import { useTranslations } from "next-intl";
import { PlayingCard } from "@/components/cards/playing-card";
import { useFormat } from "@/i18n/format";

/** The board, the pots (main and side pots separately), and what won at showdown (`children`). */
export function Board({
  hand,
  winning,
  children,
}: {
  hand: HandView;
  winning: ReadonlySet<Card>;
  children?: React.ReactNode;
}) {
  const t = useTranslations("table.board");
  const { chips } = useFormat();
  const over = hand.phase === "complete";
  return (
    <div className="board">
      <div className="board-cards" data-testid="board">
        {hand.board.map((card) => (
          <PlayingCard
            key={card}
            card={card}
            width={52}
            highlight={winning.has(card)}
            dim={over && winning.size > 0 && !winning.has(card)}
          />
        ))}
      </div>
      {!over && hand.totalPot > 0 && (
        <div className="pots" data-testid="pots">
          <span>{t("pot", { amount: chips(hand.totalPot) })}</span>
          {hand.pots.length > 1 &&
            hand.pots.map((pot, i) => (
              <span key={`${i}-${pot.amount}`} className="side-pot">
                {i === 0
                  ? t("mainPot", { amount: chips(pot.amount) })
                  : t("sidePot", { n: i, amount: chips(pot.amount) })}
              </span>
            ))}
        </div>
      )}
      {children}
    </div>
  );
}
