"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useTRPC } from "@/lib/trpc";
import { type Stake, StakeForm } from "./stake-form";
import { StakeList } from "./stake-list";

/** Stakes and tables for admins. The API refuses everyone else; this only explains it. */
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
      <StakeForm editing={editing} onDone={() => setEditing(null)} />
      <StakeList onEdit={setEditing} />
    </div>
  );
}
