"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "@/lib/errors";
import { chips } from "@/lib/format";
import { useTRPC } from "@/lib/trpc";
import type { PayoutTable } from "./payout-form";

/** The API's largest field: a range that ends there covers every bigger field ("61+"). */
const MAX_ENTRANTS = 100_000;

/** "2–6: 100 · 7–18: 65/35 · 61+: 30/20/…": each range and its places' percentages. */
export function payoutSummary(tiers: PayoutTable["tiers"]): string {
  return tiers
    .map((t) => {
      const range =
        t.maxEntrants >= MAX_ENTRANTS
          ? `${chips(t.minEntrants)}+`
          : `${chips(t.minEntrants)}–${chips(t.maxEntrants)}`;
      return `${range}: ${t.percentages.join("/")}`;
    })
    .join(" · ");
}

function PayoutRow({
  table,
  onEdit,
  onDeleted,
}: {
  table: PayoutTable;
  onEdit: (table: PayoutTable) => void;
  onDeleted: (id: string) => void;
}) {
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
            <span>Delete “{table.name}”?</span>
            <button
              type="button"
              className="small danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate({ id: table.id })}
            >
              Yes, delete
            </button>
            <button type="button" className="secondary small" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </span>
        ) : (
          <span className="actions">
            <button type="button" className="secondary small" onClick={() => onEdit(table)}>
              Edit<span className="visually-hidden"> {table.name}</span>
            </button>
            <button type="button" className="secondary small" onClick={() => setConfirming(true)}>
              Delete<span className="visually-hidden"> {table.name}</span>
            </button>
          </span>
        )}
      </div>
      <p className="muted payout-summary">{payoutSummary(table.tiers)}</p>
      {remove.isError && (
        <p role="alert" className="error">
          {errorMessage(remove.error)}
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
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.payoutTables.list.queryOptions());
  if (list.isError) {
    return (
      <p role="alert" className="error">
        {errorMessage(list.error)}
      </p>
    );
  }
  return (
    <section aria-labelledby="payouts-heading">
      <h2 id="payouts-heading">Payout tables</h2>
      {list.isPending && <p className="muted">Loading payout tables…</p>}
      {list.data?.length === 0 && <p className="muted">No payout tables yet.</p>}
      <ul className="stakes">
        {list.data?.map((table) => (
          <PayoutRow key={table.id} table={table} onEdit={onEdit} onDeleted={onDeleted} />
        ))}
      </ul>
    </section>
  );
}
