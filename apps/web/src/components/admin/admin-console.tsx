"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useTRPC } from "@/lib/trpc";
import { PayoutTables } from "./payout-tables";
import { type Stake, StakeForm } from "./stake-form";
import { StakeList } from "./stake-list";
import { TournamentForm } from "./tournament-form";
import { AdminTournamentList } from "./tournament-list";

/** Stakes, tables and tournaments for admins. The API refuses everyone else; this only explains it. */
export function AdminConsole() {
  const trpc = useTRPC();
  const me = useQuery(trpc.auth.me.queryOptions());
  const [editing, setEditing] = useState<Stake | null>(null);

  if (me.isPending) return <p className="muted">Loading…</p>;
  if (me.data?.role !== "admin") {
    return (
      <p role="alert" className="error">
        This page is for admins. <Link href="/sign-in">Sign in</Link> with an admin account.
      </p>
    );
  }
  return (
    <div className="admin">
      <h1>Admin</h1>
      <nav className="admin-nav" aria-label="Admin sections">
        <a href="#stakes">Stakes and tables</a>
        <a href="#tournaments">Tournaments</a>
        <a href="#payouts">Payout tables</a>
      </nav>
      <div id="stakes">
        <StakeForm editing={editing} onDone={() => setEditing(null)} />
        <StakeList onEdit={setEditing} />
      </div>
      <div id="tournaments">
        <TournamentForm />
        <AdminTournamentList />
      </div>
      <PayoutTables />
    </div>
  );
}
