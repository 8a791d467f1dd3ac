"use client";
import { useState } from "react";
import { PayoutForm, type PayoutTable } from "./payout-form";
import { PayoutList } from "./payout-list";

/** The admin's payout tables (MT-2): the form to create or edit one, and the list. */
export function PayoutTables() {
  const [editing, setEditing] = useState<PayoutTable | null>(null);
  return (
    <div id="payouts">
      <PayoutForm editing={editing} onDone={() => setEditing(null)} />
      <PayoutList
        onEdit={setEditing}
        onDeleted={(id) => setEditing((current) => (current?.id === id ? null : current))}
      />
    </div>
  );
}
