"use client";
import { useTranslations } from "next-intl";

/**
 * The tab that lost the table to another tab of the same player (the room serves one
 * socket per player): it says so, and "Play here" takes the seat's connection back, at
 * which the other tab shows this notice (issue 48, bug 10).
 */
export function OpenElsewhere({ onPlayHere }: { onPlayHere: () => void }) {
  const t = useTranslations("table.connection");
  return (
    <div role="status" className="banner banner-row" data-testid="connection-banner">
      <span>{t("replaced")}</span>
      <button type="button" onClick={onPlayHere}>
        {t("playHere")}
      </button>
    </div>
  );
}
