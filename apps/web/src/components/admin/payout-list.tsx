"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type ReactNode, useState } from "react";
import { type Format, useFormat } from "@/i18n/format";
import { useErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import type { PayoutTable } from "./payout-form";

/** The API's largest field: a range that ends there covers every bigger field ("61+"). */
const MAX_ENTRANTS = 100_000;

/** "2–6: 100 · 7–18: 65/35 · 61+: 30/20/…": each range and its places' percentages. */
export function payoutSummary(tiers: PayoutTable["tiers"], { chips }: Format): string {
  return tiers
    .map((t) => {
      const range =
        t.maxEntrants >= MAX_ENTRANTS
          ? `${chips(t.minEntrants)}+`
          : `${chips(t.minEntrants)}–${chips(t.maxEntrants)}`;
      return `${range}: ${t.percentages.map((p) => chips(p)).join("/")}`;
    })
    .join(" · ");
}

/** The table's name after a button's word, for screen readers only ("Edit Standard"). */
const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;

function PayoutRow({
  table,
  onEdit,
  onDeleted,
}: {
  table: PayoutTable;
  onEdit: (table: PayoutTable) => void;
  onDeleted: (id: string) => void;
}) {
  const t = useTranslations("admin.payoutList");
  const common = useTranslations("admin.common");
  const format = useFormat();
  const errors = useErrors();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Deleting cannot be undone: the button asks once more before it does.
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(
    trpc.admin.payoutTables.delete.mutationOptions({
      onSuccess: async () => {
        onDeleted(table.id);
        await queryClient.invalidateQueries({ queryKey: trpc.admin.payoutTables.pathKey() });
      },
    }),
  );
  return (
    <li className="stake payout" data-testid="payout-row">
      <div className="stake-head">
        <strong>{table.name}</strong>
        {confirming ? (
          <span className="actions">
            <span>{t("confirmDelete", { name: table.name })}</span>
            <button
              type="button"
              className="small danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate({ id: table.id })}
            >
              {t("yesDelete")}
            </button>
            <button type="button" className="secondary small" onClick={() => setConfirming(false)}>
              {common("keepIt")}
            </button>
          </span>
        ) : (
          <span className="actions">
            <button type="button" className="secondary small" onClick={() => onEdit(table)}>
              {t.rich("edit", { name: table.name, hidden })}
            </button>
            <button type="button" className="secondary small" onClick={() => setConfirming(true)}>
              {t.rich("delete", { name: table.name, hidden })}
            </button>
          </span>
        )}
      </div>
      <p className="muted payout-summary">{payoutSummary(table.tiers, format)}</p>
      {remove.isError && (
        <p role="alert" className="error">
          {errors.message(remove.error)}
        </p>
      )}
    </li>
  );
}

/** Every payout table, by name, with its ranges in one line. */
export function PayoutList({
  onEdit,
  onDeleted,
}: {
  onEdit: (table: PayoutTable) => void;
  onDeleted: (id: string) => void;
}) {
  const t = useTranslations("admin.payoutList");
  const errors = useErrors();
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.payoutTables.list.queryOptions());
  if (list.isError) {
    return (
      <p role="alert" className="error">
        {errors.message(list.error)}
      </p>
    );
  }
  return (
    <section aria-labelledby="payouts-heading">
      <h2 id="payouts-heading">{t("heading")}</h2>
      {list.isPending && <p className="muted">{t("loading")}</p>}
      {list.data?.length === 0 && <p className="muted">{t("empty")}</p>}
      <ul className="stakes">
        {list.data?.map((table) => (
          <PayoutRow key={table.id} table={table} onEdit={onEdit} onDeleted={onDeleted} />
        ))}
      </ul>
    </section>
  );
}
