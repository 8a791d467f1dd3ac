"use client";
import type { AppRouter } from "@felt/api/router";
import { russian } from "@felt/engine";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { inferRouterInputs } from "@trpc/server";
import { useTranslations } from "next-intl";
import { useErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { Field } from "../field";

type Rules = NonNullable<inferRouterInputs<AppRouter>["admin"]["stakes"]["create"]["russian"]>;

/** The pay tables in the order the rules list them: the best hand first (RP-5, RP-2). */
const PAY_CATEGORIES = Object.keys(russian.DEFAULT_PAY_TABLE) as russian.PayingCategory[];
const BONUS_CATEGORIES = Object.keys(russian.DEFAULT_BONUS_PAY_TABLE) as russian.BonusCategory[];

/** The Russian section of the stake form, as typed: every box a string until it is sent. */
export type RussianRulesForm = {
  boxesPerPlayer: "3" | "4";
  bonusLimit: "ante" | "half-ante";
  improve: "once" | "exchange-then-sixth";
  antePaidOnWin: boolean;
  maxPayout: string;
  payTable: Record<russian.PayingCategory, string>;
  bonusPayTable: Record<russian.BonusCategory, string>;
};

const asText = <K extends string>(table: Record<K, number>) =>
  Object.fromEntries(Object.entries(table).map(([k, v]) => [k, String(v)])) as Record<K, string>;

export const DEFAULT_RUSSIAN_FORM: RussianRulesForm = {
  boxesPerPlayer: "4",
  bonusLimit: "ante",
  improve: "once",
  antePaidOnWin: false,
  maxPayout: "",
  payTable: asText(russian.DEFAULT_PAY_TABLE),
  bonusPayTable: asText(russian.DEFAULT_BONUS_PAY_TABLE),
};

export function russianFormOf(rules: russian.RussianTableOptions | Rules | null): RussianRulesForm {
  if (!rules) return DEFAULT_RUSSIAN_FORM;
  return {
    boxesPerPlayer: String(rules.boxesPerPlayer ?? 4) as "3" | "4",
    bonusLimit: rules.bonusLimit ?? "ante",
    improve: rules.improve ?? "once",
    antePaidOnWin: rules.antePaidOnWin ?? false,
    maxPayout: rules.maxPayout == null ? "" : String(rules.maxPayout),
    payTable: asText({ ...russian.DEFAULT_PAY_TABLE, ...rules.payTable }),
    bonusPayTable: asText({ ...russian.DEFAULT_BONUS_PAY_TABLE, ...rules.bonusPayTable }),
  };
}

/** An empty box is sent as missing, so the API names it; the engine checks the numbers. */
const asNumbers = <K extends string>(table: Record<K, string>) =>
  Object.fromEntries(
    Object.entries(table).flatMap(([k, v]) =>
      (v as string).trim() === "" ? [] : [[k, Number(v)]],
    ),
  ) as Record<K, number>;

export function rulesOf(form: RussianRulesForm): Rules {
  return {
    boxesPerPlayer: form.boxesPerPlayer === "3" ? 3 : 4,
    bonusLimit: form.bonusLimit,
    improve: form.improve,
    antePaidOnWin: form.antePaidOnWin,
    maxPayout: form.maxPayout.trim() === "" ? null : Number(form.maxPayout),
    payTable: asNumbers(form.payTable),
    bonusPayTable: asNumbers(form.bonusPayTable),
  };
}

/**
 * Boxes, bonus limit, improvements, maximum payout, and the pay and bonus
 * tables of a Russian poker stake, with the theoretical RTP of the rules as
 * typed (the server's `admin.stakes.russianRtp`, the run of `felt simulate`).
 * `errors` are the stake form's field errors, under names like
 * `russian.payTable.flush`.
 */
export function RussianRulesFields({
  form,
  onChange,
  errors,
  minAnte,
  maxAnte,
}: {
  form: RussianRulesForm;
  onChange: (next: RussianRulesForm) => void;
  errors: Record<string, string>;
  minAnte: string;
  maxAnte: string;
}) {
  const t = useTranslations("admin.russianRules");
  const category = useTranslations("russian.category");
  const bonusCategory = useTranslations("russian.bonusCategory");
  const { fields } = useErrors();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Asked for on a click, not on every keystroke: each figure is a second of the server's CPU.
  const rtp = useMutation({
    mutationFn: (input: inferRouterInputs<AppRouter>["admin"]["stakes"]["russianRtp"]) =>
      queryClient.fetchQuery(trpc.admin.stakes.russianRtp.queryOptions(input)),
  });
  const rtpErrors = fields(rtp.error);
  const errorOf = (name: string) => errors[`russian.${name}`] ?? rtpErrors[`rules.${name}`];
  const set = (patch: Partial<RussianRulesForm>) => onChange({ ...form, ...patch });
  const ante = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : undefined);

  const computeRtp = () => {
    const min = ante(minAnte);
    const max = ante(maxAnte);
    rtp.mutate({
      rules: rulesOf(form),
      ...(min === undefined ? {} : { minAnte: min }),
      ...(max === undefined || (min !== undefined && max < min) ? {} : { maxAnte: max }),
    });
  };

  const multiplierField = (table: "payTable" | "bonusPayTable", key: string, label: string) => {
    const name = `russian.${table}.${key}`;
    const values = form[table] as Record<string, string>;
    return (
      <Field key={name} name={name} label={label} error={errorOf(`${table}.${key}`)}>
        <input
          id={name}
          type="number"
          step="1"
          min="0"
          inputMode="numeric"
          value={values[key] ?? ""}
          aria-invalid={Boolean(errorOf(`${table}.${key}`))}
          onChange={(e) => set({ [table]: { ...values, [key]: e.target.value } })}
        />
      </Field>
    );
  };

  return (
    <fieldset className="field russian-rules" aria-describedby="russian-rules-hint">
      <legend>{t("legend")}</legend>
      <p id="russian-rules-hint" className="muted">
        {t("hint")}
      </p>
      <div className="grid">
        <Field
          name="russian.boxesPerPlayer"
          label={t("boxesPerPlayer")}
          error={errorOf("boxesPerPlayer")}
        >
          <select
            id="russian.boxesPerPlayer"
            value={form.boxesPerPlayer}
            onChange={(e) => set({ boxesPerPlayer: e.target.value as "3" | "4" })}
          >
            <option value="4">4</option>
            <option value="3">3</option>
          </select>
        </Field>
        <Field name="russian.bonusLimit" label={t("bonusLimit")} error={errorOf("bonusLimit")}>
          <select
            id="russian.bonusLimit"
            value={form.bonusLimit}
            onChange={(e) => set({ bonusLimit: e.target.value as RussianRulesForm["bonusLimit"] })}
          >
            <option value="ante">{t("bonusLimits.ante")}</option>
            <option value="half-ante">{t("bonusLimits.half-ante")}</option>
          </select>
        </Field>
        <Field name="russian.improve" label={t("improve")} error={errorOf("improve")}>
          <select
            id="russian.improve"
            value={form.improve}
            onChange={(e) => set({ improve: e.target.value as RussianRulesForm["improve"] })}
          >
            <option value="once">{t("improves.once")}</option>
            <option value="exchange-then-sixth">{t("improves.exchange-then-sixth")}</option>
          </select>
        </Field>
        <Field
          name="russian.maxPayout"
          label={t("maxPayout")}
          error={errorOf("maxPayout")}
          hint={t("maxPayoutHint")}
        >
          <input
            id="russian.maxPayout"
            type="number"
            step="1"
            inputMode="numeric"
            value={form.maxPayout}
            aria-invalid={Boolean(errorOf("maxPayout"))}
            onChange={(e) => set({ maxPayout: e.target.value })}
          />
        </Field>
        <div className="field inline">
          <label>
            <input
              type="checkbox"
              checked={form.antePaidOnWin}
              onChange={(e) => set({ antePaidOnWin: e.target.checked })}
            />
            {t("antePaidOnWin")}
          </label>
        </div>
      </div>
      <h3>{t("payTable")}</h3>
      <div className="grid">
        {PAY_CATEGORIES.map((key) => multiplierField("payTable", key, category(key)))}
      </div>
      <h3>{t("bonusPayTable")}</h3>
      <div className="grid">
        {BONUS_CATEGORIES.map((key) => multiplierField("bonusPayTable", key, bonusCategory(key)))}
      </div>
      <p className="muted">{t("appliesBetweenRounds")}</p>
      <div className="russian-rtp">
        <button type="button" onClick={computeRtp} disabled={rtp.isPending}>
          {rtp.isPending ? t("rtpComputing") : t("rtpCompute")}
        </button>
        {rtp.data && !rtp.isPending && (
          <p role="status" data-testid="russian-rtp">
            {t("rtp", {
              rtp: rtp.data.rtp,
              edge: rtp.data.houseEdge,
              low: rtp.data.ci95[0],
              high: rtp.data.ci95[1],
            })}{" "}
            <small className="muted">
              {t("rtpHow", {
                hands: rtp.data.hands,
                seed: rtp.data.seed,
                strategy: rtp.data.strategy,
              })}
            </small>
          </p>
        )}
        {rtp.isError && Object.keys(rtpErrors).length === 0 && (
          <p role="alert" className="error" data-testid="russian-rtp-error">
            {t("rtpFailed")}
          </p>
        )}
      </div>
    </fieldset>
  );
}
