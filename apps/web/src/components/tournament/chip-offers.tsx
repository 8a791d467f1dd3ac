"use client";
import { useTranslations } from "next-intl";
import { useFormat } from "@/i18n/format";
import type { Tournament, useEntryActions } from "./use-tournament";

/**
 * Rebuy, add-on, and declining a rebuy offered after busting: shown only when
 * the tournament says you may, here and at your table.
 */
export function ChipOffers({
  t,
  actions,
}: {
  t: Tournament;
  actions: ReturnType<typeof useEntryActions>;
}) {
  const tr = useTranslations("tournament.offers");
  const f = useFormat();
  const you = t.you;
  if (!you) return null;
  const { rebuy, addOn } = t;
  return (
    <>
      {you.canRebuy && rebuy && (
        <button type="button" onClick={actions.rebuy} disabled={actions.pending}>
          {tr("rebuy", { chips: rebuy.chips, price: f.buyInText(rebuy.prize, rebuy.fee) })}
        </button>
      )}
      {you.canAddOn && addOn && (
        <button type="button" onClick={actions.addOn} disabled={actions.pending}>
          {tr("addOn", { chips: addOn.chips, price: f.buyInText(addOn.prize, addOn.fee) })}
        </button>
      )}
      {you.boughtChips > 0 && (
        <p data-testid="bought-chips">{tr("boughtChips", { chips: you.boughtChips })}</p>
      )}
      {you.rebuyOffered && (
        <button
          type="button"
          className="secondary"
          onClick={actions.declineRebuy}
          disabled={actions.pending}
        >
          {tr("declineRebuy")}
        </button>
      )}
    </>
  );
}
