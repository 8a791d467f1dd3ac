"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { errorMessage } from "@/lib/errors";
import { chips } from "@/lib/format";
import { useTRPC } from "@/lib/trpc";

/** The header's right side: who is signed in, their balance, and a reload when broke. */
export function AccountBar() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const me = useQuery(trpc.auth.me.queryOptions());
  const wallet = useQuery({ ...trpc.cashier.balance.queryOptions(), enabled: Boolean(me.data) });
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

  if (me.isPending) return <nav className="account" aria-label="Account" />;
  if (!me.data) {
    return (
      <nav className="account" aria-label="Account">
        <Link href="/sign-in">Sign in</Link>
        <Link href="/sign-up" className="button-link">
          Sign up
        </Link>
      </nav>
    );
  }
  return (
    <nav className="account" aria-label="Account">
      <Link href="/hands">My hands</Link>
      {me.data.role === "admin" && <Link href="/admin">Admin</Link>}
      <span data-testid="display-name">{me.data.displayName}</span>
      {wallet.data && (
        <span className="balance" title="Your play-money wallet">
          <span aria-hidden="true">⛀</span>{" "}
          <span data-testid="balance">{chips(wallet.data.balance)}</span>
        </span>
      )}
      {wallet.data?.broke && (
        <button
          type="button"
          onClick={() => reload.mutate()}
          disabled={reload.isPending || wallet.data.reloadsLeft === 0}
          title={`${wallet.data.reloadsLeft} of ${wallet.data.reloadsPerDay} reloads left today`}
        >
          {wallet.data.reloadsLeft === 0
            ? "No reloads left today"
            : `Reload ${chips(wallet.data.reloadAmount)}`}
        </button>
      )}
      {reload.isError && (
        <span role="alert" className="error">
          {errorMessage(reload.error)}
        </span>
      )}
      <button type="button" className="secondary" onClick={() => signOut.mutate()}>
        Sign out
      </button>
    </nav>
  );
}
