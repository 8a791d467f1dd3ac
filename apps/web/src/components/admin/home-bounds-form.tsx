"use client";
/**
 * The admin's bounds for home games (H-1): what a host may choose for his
 * private table. Saved whole; hosts' later choices are held to them.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type FormEvent, useEffect, useState } from "react";
import { Field } from "@/components/field";
import { useErrors } from "@/lib/errors";
import { type RouterOutputs, useTRPC } from "@/lib/trpc";

type Bounds = RouterOutputs["admin"]["homeBounds"]["get"]["bounds"];
const RANGES = ["minBuyInBb", "maxBuyInBb", "actionSeconds", "timeBankSeconds"] as const;
/** Each input's field name, as the API names it in its errors. */
const FIELDS = ["bigBlind.max", ...RANGES.flatMap((r) => [`${r}.min`, `${r}.max`])] as const;
type FieldName = (typeof FIELDS)[number];

const valuesOf = (b: Bounds): Record<FieldName, string> =>
  Object.fromEntries(
    FIELDS.map((name) => {
      const [range, end] = name.split(".") as [keyof Bounds, "min" | "max"];
      return [name, String((b[range] as Record<string, number>)[end])];
    }),
  ) as Record<FieldName, string>;

export function HomeBoundsForm() {
  const t = useTranslations("admin.homeBounds");
  const wording = useErrors();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const current = useQuery(trpc.admin.homeBounds.get.queryOptions());
  const [values, setValues] = useState<Record<FieldName, string> | null>(null);
  useEffect(() => {
    if (current.data && values === null) setValues(valuesOf(current.data.bounds));
  }, [current.data, values]);
  const save = useMutation(
    trpc.admin.homeBounds.set.mutationOptions({
      onSuccess: () =>
        queryClient.invalidateQueries({ queryKey: trpc.admin.homeBounds.get.queryKey() }),
    }),
  );
  const errors = wording.fields(save.error);
  if (!values) return null;
  const num = (name: FieldName) => Number(values[name]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const range = (r: (typeof RANGES)[number]) => ({ min: num(`${r}.min`), max: num(`${r}.max`) });
    save.mutate({
      bigBlind: { max: num("bigBlind.max") },
      minBuyInBb: range("minBuyInBb"),
      maxBuyInBb: range("maxBuyInBb"),
      actionSeconds: range("actionSeconds"),
      timeBankSeconds: range("timeBankSeconds"),
    });
  };
  const field = (name: FieldName) => {
    const id = `home-bounds-${name.replace(".", "-")}`;
    return (
      <Field
        key={name}
        name={id}
        label={t(`fields.${name.replace(".", "_")}` as Parameters<typeof t>[0])}
        error={errors[name]}
      >
        <input
          id={id}
          inputMode="numeric"
          value={values[name]}
          onChange={(e) => setValues((all) => all && { ...all, [name]: e.target.value })}
        />
      </Field>
    );
  };
  return (
    <form id="home-bounds" className="form panel" onSubmit={submit} noValidate>
      <h2>{t("title")}</h2>
      <p className="muted">{t("intro")}</p>
      <div className="grid">{FIELDS.map(field)}</div>
      {save.isError && Object.keys(errors).length === 0 && (
        <p role="alert" className="error">
          {wording.message(save.error)}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {t("save")}
        </button>
        {current.data && (
          <button type="button" onClick={() => setValues(valuesOf(current.data.defaults))}>
            {t("defaults")}
          </button>
        )}
      </div>
      <p className="ok" role="status" data-testid="home-bounds-saved">
        {save.isSuccess ? t("saved") : ""}
      </p>
    </form>
  );
}
