import { type Card, isJoker, RANKS, rankOf, suitOf } from "@felt/engine/cards";
import { useTranslations } from "next-intl";

/** Suit order matches the engine's encoding: c, d, h, s. A four-colour deck reads at a glance. */
const SUITS = [
  { symbol: "♣", color: "#1f7a3a" },
  { symbol: "♦", color: "#1d5fc4" },
  { symbol: "♥", color: "#c62828" },
  { symbol: "♠", color: "#1b1b1b" },
] as const;

const RANK_NAMES = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

type CardMessages = ReturnType<typeof useTranslations<"table.cards">>;
type RankKey = "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "T" | "J" | "Q" | "K" | "A";
type SuitKey = "c" | "d" | "h" | "s";

/** The card in words for assistive tools, in the viewer's language: "ace of spades", "туз пик". */
export function cardLabel(card: Card, t: CardMessages): string {
  const rank = (RANKS[rankOf(card)] ?? "A") as RankKey;
  const suit = ("cdhs"[suitOf(card)] ?? "s") as SuitKey;
  return t("card", { rank: t(`ranks.${rank}`), suit: t(`suits.${suit}`) });
}

type Props = {
  /** The card, or null for a face-down card. */
  card: Card | null;
  /** Width in CSS pixels; the card keeps the standard 5:7 shape. */
  width?: number;
  /** Highlighted (the five cards that won). */
  highlight?: boolean;
  /** Dimmed (not part of the winning hand). */
  dim?: boolean;
};

type FrameProps = {
  className: string;
  width: number;
  label: string;
  /** The card in text ("Ah", "Jk"), for tests and assistive tools; absent when face down. */
  code?: string;
  children: React.ReactNode;
};

/** The card's outline, size and accessible name: one shape for every face. */
function CardFrame({ className, width, label, code, children }: FrameProps) {
  return (
    <svg
      className={className}
      width={width}
      height={Math.round((width * 7) / 5)}
      viewBox="0 0 50 70"
      role="img"
      aria-label={label}
      data-card={code}
    >
      {children}
    </svg>
  );
}

/** A crisp vector playing card: sharp at any size and on any screen density. */
export function PlayingCard({ card, width = 48, highlight = false, dim = false }: Props) {
  const className = ["playing-card", highlight && "is-highlighted", dim && "is-dimmed"]
    .filter(Boolean)
    .join(" ");
  const t = useTranslations("table.cards");
  const frame = { className, width };
  if (card === null) {
    return (
      <CardFrame {...frame} label={t("faceDown")}>
        <defs>
          <pattern
            id="card-back"
            width="6"
            height="6"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <rect width="6" height="6" fill="#7a1f2b" />
            <rect width="3" height="6" fill="#922636" />
          </pattern>
        </defs>
        <rect x="0.5" y="0.5" width="49" height="69" rx="4" fill="#fff" stroke="#999" />
        <rect x="3" y="3" width="44" height="64" rx="3" fill="url(#card-back)" />
      </CardFrame>
    );
  }
  if (isJoker(card)) {
    return (
      <CardFrame {...frame} label={t("joker")} code="Jk">
        <rect x="0.5" y="0.5" width="49" height="69" rx="4" fill="#fdfdfb" stroke="#8a8a8a" />
        <g fill="#6a1b9a" fontFamily="system-ui, sans-serif" fontWeight="700">
          <text x="5" y="17" fontSize="11">
            JKR
          </text>
          <text x="25" y="52" fontSize="26" textAnchor="middle">
            ★
          </text>
        </g>
      </CardFrame>
    );
  }
  const suit = SUITS[suitOf(card)] ?? SUITS[0];
  const rank = RANK_NAMES[rankOf(card)] ?? "?";
  return (
    <CardFrame
      {...frame}
      label={cardLabel(card, t)}
      code={`${RANKS[rankOf(card)]}${"cdhs"[suitOf(card)]}`}
    >
      <rect x="0.5" y="0.5" width="49" height="69" rx="4" fill="#fdfdfb" stroke="#8a8a8a" />
      <g fill={suit.color} fontFamily="system-ui, sans-serif" fontWeight="700">
        <text x="5" y="19" fontSize={rank.length > 1 ? 15 : 17}>
          {rank}
        </text>
        <text x="5" y="34" fontSize="14">
          {suit.symbol}
        </text>
        <text x="31" y="58" fontSize="26" textAnchor="middle">
          {suit.symbol}
        </text>
      </g>
    </CardFrame>
  );
}
