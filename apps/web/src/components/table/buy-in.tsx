"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFormat } from "@/i18n/format";
import { newIdempotencyKey, useErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { Dialog } from "../dialog";

type Props = {
  tableId: string;
  seat: number;
  minBuyIn: number;
  maxBuyIn: number;
  onDone: () => void;
};

/** Sit down (T-4): the buy-in comes from the wallet through the cashier, once per click; a modal dialog. */
export function BuyInForm({ tableId, seat, minBuyIn, maxBuyIn, onDone }: Props) {
  const t = useTranslations("table.buyIn");
  const { chips } = useFormat();
  const errors = useErrors();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useQuery(trpc.auth.me.queryOptions());
  const balance = useQuery({ ...trpc.cashier.balance.queryOptions(), enabled: Boolean(me.data) });
  const [amount, setAmount] = useState(Math.min(maxBuyIn, Math.max(minBuyIn, minBuyIn * 2)));
  // T-6, asked with the seat: the stack is topped up to the buy-in before each hand.
  const [autoRebuy, setAutoRebuy] = useState(false);
  const [key] = useState(newIdempotencyKey);
  const buyIn = useMutation(
    trpc.cashier.buyIn.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.cashier.balance.queryKey() });
        onDone();
      },
    }),
  );

  if (me.isPending) return null;
  if (!me.data) {
    return (
      <Dialog className="buy-in" label={t("signInLabel")} onClose={onDone}>
        <p>
          {t.rich("signIn", {
            signIn: (text) => <Link href={`/sign-in?next=/table/${tableId}`}>{text}</Link>,
            signUp: (text) => <Link href={`/sign-up?next=/table/${tableId}`}>{text}</Link>,
          })}
        </p>
        <button type="button" onClick={onDone}>
          {t("cancel")}
        </button>
      </Dialog>
    );
  }
  const fieldErrors = buyIn.error ? errors.fields(buyIn.error) : {};
  const error = buyIn.error
    ? (fieldErrors.amount ?? fieldErrors.autoRebuy ?? errors.message(buyIn.error))
    : null;
  return (
    <Dialog className="buy-in" label={t("label", { seat })} onClose={onDone}>
      <form
        aria-label={t("label", { seat })}
        onSubmit={(e) => {
          e.preventDefault();
          buyIn.mutate({
            tableId,
            seat,
            amount,
            idempotencyKey: key,
            ...(autoRebuy ? { autoRebuy: amount } : {}),
          });
        }}
      >
        <h2>{t("seat", { seat })}</h2>
        <label>
          {t("amount", { min: chips(minBuyIn), max: chips(maxBuyIn) })}
          <input
            type="number"
            name="amount"
            min={minBuyIn}
            max={maxBuyIn}
            step={1}
            value={amount}
            onChange={(e) => setAmount(Number(e.target.value))}
          />
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            name="autoRebuy"
            checked={autoRebuy}
            onChange={(e) => setAutoRebuy(e.target.checked)}
          />
          {t("autoRebuy", { amount: chips(amount) })}
        </label>
        {balance.data && (
          <p className="muted">{t("wallet", { amount: chips(balance.data.balance) })}</p>
        )}
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <div className="row">
          <button type="submit" disabled={buyIn.isPending}>
            {buyIn.isPending ? t("sittingDown") : t("sitDown")}
          </button>
          <button type="button" className="secondary" onClick={onDone}>
            {t("cancel")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
