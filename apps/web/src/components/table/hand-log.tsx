import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useFormat } from "@/i18n/format";
import { useGameName } from "@/lib/game-names";
import { groupUpCards, type LogEntry } from "@/lib/log-entries";
import { ReplayLink } from "../replayer/replay-link";
import { describeDownCards, describeEvent, describeUpCards } from "./describe-event";

type Props = {
  log: LogEntry[];
  /** A seat's name when the line kept none (it was empty then): "Seat 3". */
  nameOf: (seat: number) => string;
  /** Seated players get a link to replay each hand that ends (spectators have no history of it). */
  replayAt?: string | null;
};

/** The hand-history panel: what happened, newest at the bottom, as this player may see it. */
export function HandLog({ log, nameOf, replayAt = null }: Props) {
  const t = useTranslations("table.log");
  const { chips } = useFormat();
  const gameName = useGameName();
  const lines = groupUpCards(log)
    .map(({ event, names, upCards, downCards }, i): { key: number; text: ReactNode } => {
      const nameAt = (seat: number) => names[seat] ?? nameOf(seat);
      if (upCards)
        return { key: i, text: describeUpCards(upCards.street, upCards.deals, nameAt, t) };
      if (downCards) {
        return { key: i, text: describeDownCards(downCards.street, downCards.deals, nameAt, t) };
      }
      if (event.type === "handSettled" && replayAt !== null) {
        const text = t("replay", { number: String(event.handNumber) });
        return {
          key: i,
          text: (
            <ReplayLink tableId={replayAt} handNumber={event.handNumber}>
              {text}
            </ReplayLink>
          ),
        };
      }
      return { key: i, text: describeEvent(event, nameAt, t, chips, gameName) };
    })
    .filter((line) => line.text !== null)
    .slice(-60);
  return (
    <section className="hand-log" aria-label={t("label")}>
      <h2>{t("title")}</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls once it is long (a stud hand for eight players); the keyboard must reach it to scroll it (axe: scrollable-region-focusable). */}
      <ol data-testid="hand-log" aria-live="polite" aria-relevant="additions" tabIndex={0}>
        {lines.map((line) => (
          <li key={line.key}>{line.text}</li>
        ))}
      </ol>
    </section>
  );
}
