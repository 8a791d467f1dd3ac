import type { PlayerView, SeatView } from "@felt/engine";
import type { Card } from "@felt/engine/cards";
import type { AvatarId } from "@felt/protocol/avatars";
import { useTranslations } from "next-intl";
import { Avatar } from "@/components/avatar";
import { PlayingCard } from "@/components/cards/playing-card";
import { useFormat } from "@/i18n/format";

type Props = {
  seat: SeatView;
  player: PlayerView | null;
  isButton: boolean;
  isMe: boolean;
  toAct: boolean;
  secondsLeft: { seconds: number; timeBank: boolean } | null;
  /** Cards that made a winning hand, to highlight. */
  winning: ReadonlySet<Card>;
  showdown: boolean;
  style: React.CSSProperties;
  /** The draw: his own cards can be picked to discard (selected ones are raised). */
  selectable?: boolean;
  selected?: ReadonlySet<Card>;
  onToggle?: (card: Card) => void;
  /** Your private note on this player (seat-note.tsx), when you may keep one. */
  note?: React.ReactNode;
  /** The avatar the player chose on his account page, if any. */
  avatar?: AvatarId | null;
  /** The hand's number: a new deal's cards are new cards, dealt in (felt.css), even face down. */
  deal?: number;
  /** ST-2: the bring-in this player posts (or owes) on stud's first street. */
  bringIn?: number | null;
};

export function Seat({
  seat,
  player,
  isButton,
  isMe,
  toAct,
  secondsLeft,
  winning,
  showdown,
  style,
  selectable = false,
  selected,
  onToggle,
  note,
  avatar = null,
  deal = 0,
  bringIn = null,
}: Props) {
  const t = useTranslations("table.seat");
  const { chips } = useFormat();
  /** S-3: how many cards a player exchanged is public. */
  const drawLabel = (drew: number) => (drew === 0 ? t("stoodPat") : t("drew", { count: drew }));
  const className = [
    "seat",
    isMe && "is-me",
    toAct && "is-acting",
    player?.folded && "is-folded",
    seat.status === "sittingOut" && "is-out",
  ]
    .filter(Boolean)
    .join(" ");
  // Out of chips after the last hand (issue 48, bug 15): the seat says so, not "sitting out"
  // beside that hand's ALL-IN. During a hand an absent tournament player may be both.
  const busted =
    seat.status === "sittingOut" &&
    seat.stack === 0 &&
    seat.pendingChips === 0 &&
    (player === null || showdown);
  const cards: (Card | null)[] = player
    ? (player.holeCards ??
      Array.from({ length: player.folded ? 0 : player.holeCardCount }, () => null))
    : [];
  // Stud (ST-1, ST-5): down cards and up cards apart, up cards everyone's to see.
  const stud = player !== null && player.upCards.length > 0;
  const cardProps = (card: Card | null) => ({
    card,
    highlight: card !== null && winning.has(card),
    dim: showdown && card !== null && winning.size > 0 && !winning.has(card),
  });
  return (
    <div
      className={`${className}${stud ? " is-stud" : ""}`}
      style={style}
      data-testid={`seat-${seat.seat}`}
    >
      {stud && player && (
        <div className="seat-cards stud-cards">
          {/* A folded hand's cards leave the table, up cards too. */}
          {!player.folded && (
            <>
              <ul
                className="stud-down"
                aria-label={t(isMe ? "ownDownCards" : "downCards")}
                data-testid={`down-${seat.seat}`}
              >
                {cards.map((card, i) => (
                  <li key={`${deal}-${card ?? `down-${i}`}`}>
                    <PlayingCard width={isMe ? 34 : 26} {...cardProps(card)} />
                  </li>
                ))}
              </ul>
              <ul className="stud-up" aria-label={t("upCards")} data-testid={`up-${seat.seat}`}>
                {player.upCards.map((card) => (
                  <li key={`${deal}-${card}`}>
                    <PlayingCard width={isMe ? 34 : 30} {...cardProps(card)} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      {!stud && (
        <div className="seat-cards">
          {cards.map((card, i) => {
            // Keyed by deal and card: one turned face up is a new card, and comes in as one.
            const face = (
              <PlayingCard
                key={`${deal}-${card ?? `down-${i}`}`}
                card={card}
                width={isMe ? 46 : 34}
                highlight={card !== null && winning.has(card)}
                dim={showdown && card !== null && winning.size > 0 && !winning.has(card)}
              />
            );
            if (!selectable || card === null) return face;
            const isSelected = selected?.has(card) ?? false;
            return (
              <button
                key={card}
                type="button"
                className={`seat-card-pick${isSelected ? " is-selected" : ""}`}
                aria-pressed={isSelected}
                data-testid={`pick-${i}`}
                onClick={() => onToggle?.(card)}
              >
                {face}
              </button>
            );
          })}
        </div>
      )}
      <div className="seat-plate">
        <span className="seat-who">
          {avatar && <Avatar id={avatar} size={20} />}
          <span className="seat-name">{seat.name}</span>
        </span>
        {note}
        <span className="seat-stack" data-testid={`stack-${seat.seat}`}>
          {busted
            ? t("busted")
            : seat.status === "sittingOut"
              ? t("sittingOut")
              : chips(seat.stack)}
        </span>
        {toAct && secondsLeft && (
          <span className={`seat-clock${secondsLeft.timeBank ? " is-bank" : ""}`} role="timer">
            {t(secondsLeft.timeBank ? "clockBank" : "clock", { seconds: secondsLeft.seconds })}
          </span>
        )}
      </div>
      {isButton && (
        <span className="dealer-button" title={t("dealerButton")}>
          {t("dealer")}
        </span>
      )}
      {player?.allIn && !busted && <span className="seat-badge">{t("allIn")}</span>}
      {bringIn !== null && (
        <span className="seat-bring-in" data-testid={`bring-in-${seat.seat}`}>
          {t("bringIn", { amount: chips(bringIn) })}
        </span>
      )}
      {player && player.drew !== null && player.drew !== undefined && (
        <span className="seat-drew" data-testid={`drew-${seat.seat}`}>
          {drawLabel(player.drew)}
        </span>
      )}
    </div>
  );
}
