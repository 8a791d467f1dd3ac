import type { TableEvent } from "@felt/engine";
import { useTranslations } from "next-intl";
import { useFormat } from "@/i18n/format";
import { describeEvent } from "./describe-event";

type Props = {
  log: { handNumber: number; event: TableEvent }[];
  nameOf: (seat: number) => string;
};

/** The hand-history panel: what happened, newest at the bottom, as this player may see it. */
export function HandLog({ log, nameOf }: Props) {
  const t = useTranslations("table.log");
  const { chips } = useFormat();
  const lines = log
    .map(({ event }, i) => ({ key: i, text: describeEvent(event, nameOf, t, chips) }))
    .filter((line): line is { key: number; text: string } => line.text !== null)
    .slice(-60);
  return (
    <section className="hand-log" aria-label={t("label")}>
      <h2>{t("title")}</h2>
      <ol data-testid="hand-log">
        {lines.map((line) => (
          <li key={line.key}>{line.text}</li>
        ))}
      </ol>
    </section>
  );
}
