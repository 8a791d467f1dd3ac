"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { useFormat } from "@/i18n/format";
import { newIdempotencyKey, useErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { Dialog } from "../dialog";

type Props = {
  tableId: string;
  minBuyIn: number;
  maxBuyIn: number;
  /** The viewer's chips on the table: his stack as it is now plus chips waiting for the next hand. */
  have: number;
  /** T-6: the amount his stack is topped up to before each hand, or null. */
  autoRebuy: number | null;
  onAutoRebuy: (upTo: number | null) => void;
  onClose: () => void;
};

type Mode = "off" | "topUp" | "rebuy";

/**
 * The amounts a player may add now (T-5): up to the table maximum, and a stack
 * below the minimum must reach at least it. Null when he is at the maximum.
 */
export function addChipsRange(
  have: number,
  minBuyIn: number,
  maxBuyIn: number,
): { min: number; max: number } | null {
  const max = maxBuyIn - have;
  if (max <= 0) return null;
  return { min: Math.min(max, Math.max(1, minBuyIn - have)), max };
}

/**
 * Chips at the table: add chips now (T-5, from the next hand when a hand is
 * on) and choose the top-up before each hand (T-6): off, to the table
 * maximum, or to an amount of one's own. The wallet in the header follows at once.
 */
export function ChipsDialog({
  tableId,
  minBuyIn,
  maxBuyIn,
  have,
  autoRebuy,
  onAutoRebuy,
  onClose,
}: Props) {
  const t = useTranslations("table.chips");
  const { chips } = useFormat();
  const errors = useErrors();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ids = useId();
  const wallet = useQuery(trpc.cashier.balance.queryOptions());
  const range = addChipsRange(have, minBuyIn, maxBuyIn);
  const [amount, setAmount] = useState(range?.max ?? 0);
  // Once chips are added (or the stack changes) the offer is filling up to the maximum again.
  useEffect(() => {
    if (range) setAmount(range.max);
  }, [range?.max]);
  // One key per amount chosen: a double click adds once, a new amount is a new request.
  const [key, setKey] = useState(newIdempotencyKey);
  const add = useMutation(
    trpc.cashier.buyIn.mutationOptions({
      onSuccess: (result) => {
        queryClient.setQueryData(trpc.cashier.balance.queryKey(), (old) =>
          old ? { ...old, balance: result.balance } : old,
        );
        void queryClient.invalidateQueries({ queryKey: trpc.cashier.pathKey() });
        setKey(newIdempotencyKey());
      },
    }),
  );

  const [mode, setMode] = useState<Mode>(
    autoRebuy === null ? "off" : autoRebuy >= maxBuyIn ? "topUp" : "rebuy",
  );
  const [rebuyTo, setRebuyTo] = useState(
    autoRebuy !== null && autoRebuy < maxBuyIn ? autoRebuy : minBuyIn,
  );
  const chosenUpTo =
    mode === "off"
      ? null
      : mode === "topUp"
        ? maxBuyIn
        : Math.min(maxBuyIn, Math.max(minBuyIn, rebuyTo));

  const error = add.error ? (errors.fields(add.error).amount ?? errors.message(add.error)) : null;
  return (
    <Dialog className="chips-dialog" label={t("label")} onClose={onClose}>
      <h2>{t("title")}</h2>
      <p className="muted" data-testid="chips-have">
        {t("have", { amount: chips(have), min: chips(minBuyIn), max: chips(maxBuyIn) })}
      </p>
      {wallet.data && (
        <p className="muted">{t("wallet", { amount: chips(wallet.data.balance) })}</p>
      )}
      {range ? (
        <form
          aria-label={t("addLabel")}
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate({ tableId, amount, idempotencyKey: key });
          }}
        >
          <label>
            {t("amount", { min: chips(range.min), max: chips(range.max) })}
            <input
              type="number"
              name="amount"
              min={range.min}
              max={range.max}
              step={1}
              value={amount}
              onChange={(e) => setAmount(Number(e.target.value))}
            />
          </label>
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
          {add.isSuccess && !add.isPending && (
            <p role="status" className="muted" data-testid="chips-added">
              {add.data.effective === "now"
                ? t("added", { amount: chips(add.variables.amount) })
                : t("addedNextHand", { amount: chips(add.variables.amount) })}
            </p>
          )}
          <button type="submit" disabled={add.isPending}>
            {t("add", { amount: chips(amount) })}
          </button>
        </form>
      ) : (
        <p className="muted">{t("atMaximum")}</p>
      )}

      <form
        aria-label={t("autoLabel")}
        onSubmit={(e) => {
          e.preventDefault();
          onAutoRebuy(chosenUpTo);
        }}
      >
        <fieldset>
          <legend>{t("autoLegend")}</legend>
          {(["off", "topUp", "rebuy"] as const).map((m) => (
            <label key={m} className="radio">
              <input
                type="radio"
                name={`${ids}-auto`}
                value={m}
                checked={mode === m}
                onChange={() => setMode(m)}
              />
              {m === "off"
                ? t("autoOff")
                : m === "topUp"
                  ? t("autoTopUp", { max: chips(maxBuyIn) })
                  : t("autoRebuy")}
            </label>
          ))}
          {mode === "rebuy" && (
            <label>
              {t("rebuyTo", { min: chips(minBuyIn), max: chips(maxBuyIn) })}
              <input
                type="number"
                min={minBuyIn}
                max={maxBuyIn}
                step={1}
                value={rebuyTo}
                onChange={(e) => setRebuyTo(Number(e.target.value))}
              />
            </label>
          )}
        </fieldset>
        <p className="muted" data-testid="auto-rebuy-now">
          {autoRebuy === null ? t("autoIsOff") : t("autoIsOn", { amount: chips(autoRebuy) })}
        </p>
        <button type="submit" disabled={chosenUpTo === autoRebuy}>
          {t("autoSave")}
        </button>
      </form>
      <button type="button" className="secondary" onClick={onClose}>
        {t("close")}
      </button>
    </Dialog>
  );
}
