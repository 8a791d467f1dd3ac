"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useTRPC } from "@/lib/trpc";
import { HomeBoundsForm } from "./home-bounds-form";
import { PasswordResetIssuer } from "./password-reset-issuer";
import { PayoutTables } from "./payout-tables";
import { type Stake, StakeForm } from "./stake-form";
import { StakeList } from "./stake-list";
import { TournamentForm } from "./tournament-form";
import { AdminTournamentList } from "./tournament-list";

/** Stakes, tables and tournaments for admins. The API refuses everyone else; this only explains it. */
export function AdminConsole() {
  const t = useTranslations("admin.console");
  const tReset = useTranslations("account.adminReset");
  const trpc = useTRPC();
  const me = useQuery(trpc.auth.me.queryOptions());
  const [editing, setEditing] = useState<Stake | null>(null);

  if (me.isPending) return <p className="muted">{t("loading")}</p>;
  if (me.data?.role !== "admin") {
    return (
      <p role="alert" className="error">
        {t.rich("forAdmins", { link: (chunks) => <Link href="/sign-in">{chunks}</Link> })}
      </p>
    );
  }
  return (
    <div className="admin">
      <h1>{t("title")}</h1>
      <nav className="admin-nav" aria-label={t("sections")}>
        <a href="#stakes">{t("stakes")}</a>
        <a href="#tournaments">{t("tournaments")}</a>
        <a href="#payouts">{t("payouts")}</a>
        <a href="#home-bounds">{t("homeGames")}</a>
        <a href="#players">{tReset("nav")}</a>
        <Link href="/admin/health">{t("health")}</Link>
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
      <HomeBoundsForm />
      <PasswordResetIssuer />
    </div>
  );
}
