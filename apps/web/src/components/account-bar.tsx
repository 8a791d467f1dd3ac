"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Avatar } from "@/components/avatar";
import { useFormat } from "@/i18n/format";
import { useErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";

const WALLET_REFRESH_MS = 10_000;

/** The header's right side: who is signed in, their balance, and a reload when broke. */
export function AccountBar() {
  const t = useTranslations("auth.account");
  const f = useFormat();
  const errors = useErrors();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const me = useQuery(trpc.auth.me.queryOptions());
  // Money also arrives from elsewhere (a prize, a refund, a cash-out at a table's hand end):
  // look again every few seconds and whenever the tab comes back, so the header is never stale.
  const wallet = useQuery({
    ...trpc.cashier.balance.queryOptions(),
    enabled: Boolean(me.data),
    refetchInterval: WALLET_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  const reload = useMutation(
    trpc.cashier.reload.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.cashier.pathKey() }),
    }),
  );
  const signOut = useMutation(
    trpc.auth.signOut.mutationOptions({
      onSuccess: async () => {
        queryClient.clear();
        router.push("/");
        router.refresh();
      },
    }),
  );

  if (me.isPending) return <nav className="account" aria-label={t("label")} />;
  if (!me.data) {
    return (
      <nav className="account" aria-label={t("label")}>
        <Link href="/sign-in">{t("signIn")}</Link>
        <Link href="/sign-up" className="button-link">
          {t("signUp")}
        </Link>
      </nav>
    );
  }
  return (
    <nav className="account" aria-label={t("label")}>
      <Link href="/hands">{t("myHands")}</Link>
      {me.data.role === "admin" && <Link href="/admin">{t("admin")}</Link>}
      <Link href="/account" className="account-link">
        {me.data.avatar && <Avatar id={me.data.avatar} size={24} />}
        {t("myAccount")}
      </Link>
      <span data-testid="display-name">{me.data.displayName}</span>
      {wallet.data && (
        <span className="balance" title={t("wallet")}>
          <span aria-hidden="true">⛀</span>{" "}
          <span data-testid="balance">{f.chips(wallet.data.balance)}</span>
        </span>
      )}
      {wallet.data?.broke && (
        <button
          type="button"
          onClick={() => reload.mutate()}
          disabled={reload.isPending || wallet.data.reloadsLeft === 0}
          title={t("reloadsLeft", {
            left: wallet.data.reloadsLeft,
            perDay: wallet.data.reloadsPerDay,
          })}
        >
          {wallet.data.reloadsLeft === 0
            ? t("noReloads")
            : t("reload", { amount: f.chips(wallet.data.reloadAmount) })}
        </button>
      )}
      {reload.isError && (
        <span role="alert" className="error">
          {errors.message(reload.error)}
        </span>
      )}
      <button type="button" className="secondary" onClick={() => signOut.mutate()}>
        {t("signOut")}
      </button>
    </nav>
  );
}
