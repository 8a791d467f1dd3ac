"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { errorMessage, fieldErrors, newIdempotencyKey } from "@/lib/errors";
import { chips } from "@/lib/format";
import { useTRPC } from "@/lib/trpc";

type Props = {
  tableId: string;
  seat: number;
  minBuyIn: number;
  maxBuyIn: number;
  onDone: () => void;
};

/** Sit down (T-4): the buy-in comes from the wallet through the cashier, once per click. */
export function BuyInForm({ tableId, seat, minBuyIn, maxBuyIn, onDone }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useQuery(trpc.auth.me.queryOptions());
  const balance = useQuery({ ...trpc.cashier.balance.queryOptions(), enabled: Boolean(me.data) });
  const [amount, setAmount] = useState(Math.min(maxBuyIn, Math.max(minBuyIn, minBuyIn * 2)));
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
      <div className="buy-in" role="dialog" aria-label="Sign in to play">
        <p>
          <Link href={`/sign-in?next=/table/${tableId}`}>Sign in</Link> or{" "}
          <Link href={`/sign-up?next=/table/${tableId}`}>create an account</Link> to take a seat.
        </p>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    );
  }
  const error = buyIn.error ? (fieldErrors(buyIn.error).amount ?? errorMessage(buyIn.error)) : null;
  return (
    <form
      className="buy-in"
      aria-label={`Buy in at seat ${seat}`}
      onSubmit={(e) => {
        e.preventDefault();
        buyIn.mutate({ tableId, seat, amount, idempotencyKey: key });
      }}
    >
      <h2>Seat {seat}</h2>
      <label>
        Buy-in ({chips(minBuyIn)}–{chips(maxBuyIn)})
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
      {balance.data && <p className="muted">Wallet: {chips(balance.data.balance)}</p>}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <div className="row">
        <button type="submit" disabled={buyIn.isPending}>
          {buyIn.isPending ? "Sitting down…" : "Sit down"}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
