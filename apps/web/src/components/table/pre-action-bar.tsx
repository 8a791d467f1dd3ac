"use client";
import { useTranslations } from "next-intl";
import { useFormat } from "@/i18n/format";
import { offeredPreActions, type PreActionKind } from "@/lib/pre-actions";

type Props = {
  /** What calling costs the viewer now (0: checking is free). */
  toCall: number;
  chosen: PreActionKind | null;
  onChoose: (kind: PreActionKind | null) => void;
};

/** Pre-actions, picked before one's turn as poker clients show them, tick boxes: one at a time, a second click takes it back. */
export function PreActionBar({ toCall, chosen, onChoose }: Props) {
  const t = useTranslations("table.preActions");
  const { chips } = useFormat();
  return (
    <fieldset className="pre-actions" aria-label={t("label")}>
      {offeredPreActions(toCall).map((kind) => (
        <label key={kind} className={`pre-action${chosen === kind ? " is-chosen" : ""}`}>
          <input
            type="checkbox"
            checked={chosen === kind}
            onChange={() => onChoose(chosen === kind ? null : kind)}
          />
          {kind === "call" ? t("call", { amount: chips(toCall) }) : t(kind)}
        </label>
      ))}
    </fieldset>
  );
}
