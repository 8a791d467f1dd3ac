"use client";
import type { AppRouter } from "@felt/api/router";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { inferRouterInputs } from "@trpc/server";
import { useTranslations } from "next-intl";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFormat } from "@/i18n/format";
import { useErrors } from "@/lib/errors";
import { type RouterOutputs, useTRPC } from "@/lib/trpc";
import { Field } from "../field";
import { FormFooter } from "./form-footer";

type PayoutInput = inferRouterInputs<AppRouter>["admin"]["payoutTables"]["create"];
export type PayoutTable = RouterOutputs["admin"]["payoutTables"]["list"][number];

/** One range of field sizes as typed; `key` keeps React's rows steady when a range is removed. */
type TierState = { key: number; minEntrants: string; maxEntrants: string; percentages: string[] };
type FormState = { name: string; tiers: TierState[] };

let lastKey = 0;
const tier = (minEntrants: string, maxEntrants: string, percentages: string[]): TierState => ({
  key: ++lastKey,
  minEntrants,
  maxEntrants,
  percentages,
});
const emptyForm = (): FormState => ({ name: "", tiers: [tier("2", "", ["100"])] });

const fromTable = (table: PayoutTable): FormState => ({
  name: table.name,
  tiers: table.tiers.map((t) =>
    tier(String(t.minEntrants), String(t.maxEntrants), t.percentages.map(String)),
  ),
});

/** An empty box is "missing" (entrants) or "not a number" (a place): the API says which. */
const entrants = (value: string) => (value.trim() === "" ? undefined : Number(value));
const percentage = (value: string) => (value.trim() === "" ? Number.NaN : Number(value));

/** The server's schema decides what is valid; the form sends what was typed. */
const toInput = (form: FormState): PayoutInput =>
  ({
    name: form.name,
    tiers: form.tiers.map((t) => ({
      minEntrants: entrants(t.minEntrants),
      maxEntrants: entrants(t.maxEntrants),
      percentages: t.percentages.map(percentage),
    })),
  }) as PayoutInput;

/** What a range's places add up to, in whole hundredths as the API counts them ("90", "99.5"). */
function placesTotal(percentages: string[]): string {
  const basisPoints = percentages
    .map((p) => Math.round(Number(p) * 100))
    .filter(Number.isFinite)
    .reduce((sum, bp) => sum + bp, 0);
  return String(basisPoints / 100);
}

/** The API's field names for range `i` (`tiers[1].percentages[0]`, as in payout-input.ts). */
const tierField = (i: number, field: string) => `tiers[${i}].${field}`;

/** Every field the form shows a message next to; anything else goes in the message at the foot. */
function shownFields(form: FormState): Set<string> {
  const names = new Set(["name", "tiers"]);
  form.tiers.forEach((t, i) => {
    names.add(`tiers[${i}]`);
    for (const field of ["minEntrants", "maxEntrants", "percentages"])
      names.add(tierField(i, field));
    t.percentages.forEach((_, j) => {
      names.add(tierField(i, `percentages[${j}]`));
    });
  });
  return names;
}

/** Create or edit a payout table: its name and, per range of field sizes, each place's share. */
export function PayoutForm({
  editing,
  onDone,
}: {
  editing: PayoutTable | null;
  onDone: () => void;
}) {
  const t = useTranslations("admin.payoutForm");
  const common = useTranslations("admin.common");
  const { ordinal } = useFormat();
  const { fields: fieldErrors } = useErrors();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState>(emptyForm);
  const [saved, setSaved] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const create = useMutation(trpc.admin.payoutTables.create.mutationOptions());
  const update = useMutation(trpc.admin.payoutTables.update.mutationOptions());
  const { reset: resetCreate } = create;
  const { reset: resetUpdate } = update;
  const mutation = editing ? update : create;
  const errors = fieldErrors(mutation.error);

  useEffect(() => {
    setForm(editing ? fromTable(editing) : emptyForm());
    resetCreate();
    resetUpdate();
    if (editing) {
      setSaved(null);
      // On a phone the form is a long way up from the Edit button: bring it into view.
      nameInput.current?.focus();
    }
  }, [editing, resetCreate, resetUpdate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const input = toInput(form);
    const onSuccess = (table: PayoutTable) => {
      setSaved(common("saved", { name: table.name }));
      setForm(emptyForm());
      // As in the stake form: leave editing at once, and only after an edit, not after a reload.
      if (editing) onDone();
      // The tournament form lists payout tables too.
      void queryClient.invalidateQueries({ queryKey: trpc.admin.payoutTables.pathKey() });
    };
    if (editing) update.mutate({ id: editing.id, payoutTable: input }, { onSuccess });
    else create.mutate(input, { onSuccess });
  };

  const setTier = (i: number, change: (t: TierState) => TierState) =>
    setForm((f) => ({ ...f, tiers: f.tiers.map((old, j) => (j === i ? change(old) : old)) }));
  /** Adding or removing a range moves the ranges after it: the old messages would point wrong. */
  const reshape = (change: (tiers: TierState[]) => TierState[]) => {
    mutation.reset();
    setForm((f) => ({ ...f, tiers: change(f.tiers) }));
  };
  const addRange = () =>
    reshape((tiers) => {
      const last = tiers.at(-1);
      const after = last && last.maxEntrants.trim() !== "" ? Number(last.maxEntrants) + 1 : "";
      return [...tiers, tier(String(after), "", [...(last?.percentages ?? ["100"])])];
    });
  const removeRange = (i: number) => reshape((tiers) => tiers.filter((_, j) => j !== i));

  const shown = shownFields(form);
  const unplaced = Object.keys(errors).some((name) => !shown.has(name));

  return (
    <form
      className="form payout-form"
      onSubmit={submit}
      noValidate
      data-testid="payout-form"
      aria-labelledby="payout-form-heading"
    >
      <h2 id="payout-form-heading">
        {editing ? common("editTitle", { name: editing.name }) : t("new")}
      </h2>
      <Field name="payout-name" label={t("name")} error={errors.name}>
        <input
          id="payout-name"
          ref={nameInput}
          value={form.name}
          aria-invalid={Boolean(errors.name)}
          onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
          placeholder={t("namePlaceholder")}
        />
      </Field>
      {form.tiers.map((range, i) => {
        const error = (field: string) => errors[tierField(i, field)];
        const total = placesTotal(range.percentages);
        const placesError = error("percentages") ?? errors[`tiers[${i}]`];
        const number = (field: "minEntrants" | "maxEntrants") => ({
          id: `payout-${i}-${field}`,
          type: "number",
          step: 1,
          inputMode: "numeric" as const,
          value: range[field],
          "aria-invalid": Boolean(error(field)),
          onChange: (e: { target: { value: string } }) =>
            setTier(i, (old) => ({ ...old, [field]: e.target.value })),
        });
        return (
          <fieldset key={range.key} className="group payout-range" data-testid="payout-range">
            <legend>{t("range", { n: i + 1 })}</legend>
            <div className="payout-entrants">
              <Field
                name={`payout-${i}-minEntrants`}
                label={t("minEntrants")}
                error={error("minEntrants")}
              >
                <input {...number("minEntrants")} />
              </Field>
              <Field
                name={`payout-${i}-maxEntrants`}
                label={t("maxEntrants")}
                error={error("maxEntrants")}
              >
                <input {...number("maxEntrants")} />
              </Field>
            </div>
            <div className="payout-places">
              {/* A place is its position (places come and go only at the end): keyed by it. */}
              {range.percentages.map((value, j) => {
                const name = `payout-${i}-place-${j}`;
                return (
                  <Field
                    key={j}
                    name={name}
                    label={t("placePercent", { place: ordinal(j + 1) })}
                    error={error(`percentages[${j}]`)}
                  >
                    <input
                      id={name}
                      type="number"
                      step="0.01"
                      min="0"
                      inputMode="decimal"
                      value={value}
                      aria-invalid={Boolean(error(`percentages[${j}]`))}
                      onChange={(e) =>
                        setTier(i, (old) => ({
                          ...old,
                          percentages: old.percentages.map((v, k) =>
                            k === j ? e.target.value : v,
                          ),
                        }))
                      }
                    />
                  </Field>
                );
              })}
            </div>
            <small
              className={total === "100" ? "ok" : "muted"}
              aria-live="polite"
              data-testid="payout-total"
            >
              {total === "100"
                ? t("total", { total: Number(total) })
                : t("totalShort", { total: Number(total) })}
            </small>
            {placesError && (
              <small role="alert" className="error" data-testid="payout-range-error">
                {t("places")} {placesError}
              </small>
            )}
            <div className="actions">
              <button
                type="button"
                className="secondary small"
                onClick={() =>
                  setTier(i, (old) => ({ ...old, percentages: [...old.percentages, ""] }))
                }
              >
                {t("addPlace")}
              </button>
              {range.percentages.length > 1 && (
                <button
                  type="button"
                  className="secondary small"
                  onClick={() =>
                    setTier(i, (old) => ({ ...old, percentages: old.percentages.slice(0, -1) }))
                  }
                >
                  {t("removeLastPlace")}
                </button>
              )}
              {form.tiers.length > 1 && (
                <button type="button" className="secondary small" onClick={() => removeRange(i)}>
                  {t("removeRange", { n: i + 1 })}
                </button>
              )}
            </div>
          </fieldset>
        );
      })}
      {errors.tiers && (
        <p role="alert" className="error">
          {t("ranges")} {errors.tiers}
        </p>
      )}
      <div className="actions">
        <button type="button" className="secondary" onClick={addRange}>
          {t("addRange")}
        </button>
      </div>
      <FormFooter
        testId="payout-form-error"
        error={mutation.error}
        showError={mutation.isError && (unplaced || Object.keys(errors).length === 0)}
        saved={saved}
        pending={mutation.isPending}
        submitLabel={editing ? t("save") : t("create")}
        onCancel={editing ? onDone : null}
      />
    </form>
  );
}
