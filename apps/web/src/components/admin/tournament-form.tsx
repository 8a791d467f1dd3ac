"use client";
import type { AppRouter } from "@felt/api/router";
import { TOURNAMENT_GAMES } from "@felt/protocol";
import { SHORT_STACK_BIG_BLINDS, startingDepth } from "@felt/tournament";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterInputs } from "@trpc/server";
import { useTranslations } from "next-intl";
import { type FormEvent, type ReactNode, useState } from "react";
import { useFormat } from "@/i18n/format";
import { useErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { Field } from "../field";
import { FormFooter } from "./form-footer";

type TournamentInput = inferRouterInputs<AppRouter>["admin"]["tournaments"]["create"];

const NUMBER_FIELDS = [
  "buyIn",
  "fee",
  "startingStack",
  "seatsPerTable",
  "levelSeconds",
  "actionSeconds",
  "timeBankSeconds",
  "lateRegistrationLevels",
  "maxEntriesPerPlayer",
  "minEntrants",
  "maxEntrants",
  "guarantee",
] as const;
type NumberField = (typeof NUMBER_FIELDS)[number];
/** The rhythms a series can run at, as minutes between starts ("" = a one-off). */
const REPEATS = ["", "60", "120", "360", "1440", "10080"] as const;
/** The lobby's texts: an empty box is sent as null (none; Russian falls back to the default). */
const TEXT_FIELDS = ["nameRu", "description", "descriptionRu"] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const REBUY_FIELDS = ["chips", "price", "fee", "untilLevel"] as const;
const ADD_ON_FIELDS = ["chips", "price", "fee", "fromLevel", "untilLevel"] as const;
type RebuyField = (typeof REBUY_FIELDS)[number];
type AddOnField = (typeof ADD_ON_FIELDS)[number];

type FormState = {
  name: string;
  /** `datetime-local`: the admin's own time zone. */
  startsAt: string;
  template: TournamentInput["template"];
  game: NonNullable<TournamentInput["game"]>;
  payoutTableId: string;
  /** Minutes between the starts of a repeating series; "" = once. */
  repeatEveryMinutes: string;
  rebuy: Record<RebuyField, string> | null;
  addOn: Record<AddOnField, string> | null;
  /** H-7: a sit-and-go (starts when its seats are taken; `refill` opens the next at its start); null = scheduled. */
  sitAndGo: { seats: string; refill: boolean } | null;
} & Record<NumberField, string> &
  Record<TextField, string>;

/** A `datetime-local` value ("2025-06-14T19:30") for an epoch time, in local time. */
function localInputValue(epochMs: number): string {
  const d = new Date(epochMs);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Half an hour from now, rounded up to the next five minutes: time for players to find it. */
function defaultStart(now = Date.now()): string {
  const step = 5 * 60_000;
  return localInputValue(Math.ceil((now + 30 * 60_000) / step) * step);
}

function emptyForm(payoutTableId: string): FormState {
  return {
    name: "",
    startsAt: defaultStart(),
    template: "regular",
    game: "holdem-nl",
    payoutTableId,
    repeatEveryMinutes: "",
    buyIn: "100",
    fee: "10",
    startingStack: "10000",
    seatsPerTable: "9",
    levelSeconds: "",
    actionSeconds: "",
    timeBankSeconds: "",
    nameRu: "",
    description: "",
    descriptionRu: "",
    lateRegistrationLevels: "0",
    maxEntriesPerPlayer: "1",
    minEntrants: "2",
    maxEntrants: "",
    guarantee: "0",
    rebuy: null,
    addOn: null,
    sitAndGo: null,
  };
}

/** Empty boxes are left out, so the API's defaults (or its "is required") apply. */
function numbersOf<K extends string>(
  keys: readonly K[],
  values: Record<K, string>,
): Partial<Record<K, number>> {
  const out: Partial<Record<K, number>> = {};
  for (const key of keys) if (values[key].trim() !== "") out[key] = Number(values[key]);
  return out;
}

/** What was typed, as the API takes it; the API's schema decides what is valid. */
function toInput(form: FormState): TournamentInput {
  const numbers = numbersOf(NUMBER_FIELDS, form);
  const startsAt = form.startsAt ? new Date(form.startsAt).getTime() : Number.NaN;
  return {
    ...numbers,
    name: form.name,
    ...Object.fromEntries(
      TEXT_FIELDS.map((key) => [key, form[key].trim() === "" ? null : form[key]]),
    ),
    template: form.template,
    game: form.game,
    payoutTableId: form.payoutTableId,
    // A sit-and-go has no start time or rhythm: it starts when full (H-7).
    ...(Number.isFinite(startsAt) && !form.sitAndGo ? { startsAt } : {}),
    // An empty maximum is "no limit", which the API spells null.
    maxEntrants: numbers.maxEntrants ?? null,
    repeatEveryMinutes:
      form.repeatEveryMinutes === "" || form.sitAndGo ? null : Number(form.repeatEveryMinutes),
    sitAndGo: form.sitAndGo && {
      seats: Number(form.sitAndGo.seats),
      refill: form.sitAndGo.refill,
    },
    rebuy: form.rebuy && numbersOf(REBUY_FIELDS, form.rebuy),
    addOn: form.addOn && numbersOf(ADD_ON_FIELDS, form.addOn),
  } as TournamentInput;
}

/** Schedule a tournament from a structure template (MT-1…MT-3); the list below shows it. */
export function TournamentForm() {
  const t = useTranslations("admin.tournamentForm");
  const games = useTranslations("tournament.games");
  const { duration } = useFormat();
  const { fields: fieldErrors } = useErrors();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const templates = useQuery(trpc.admin.tournaments.templates.queryOptions());
  const payoutTables = useQuery(trpc.admin.payoutTables.list.queryOptions());
  const firstPayoutTable = payoutTables.data?.[0]?.id ?? "";
  const [form, setForm] = useState<FormState>(() => emptyForm(firstPayoutTable));
  const [saved, setSaved] = useState<string | null>(null);
  const create = useMutation(trpc.admin.tournaments.create.mutationOptions());
  const errors = fieldErrors(create.error);
  // The payout tables arrive after the form: pick the first until the admin picks one.
  const payoutTableId = form.payoutTableId || firstPayoutTable;
  const template = templates.data?.find((x) => x.id === form.template);
  // A short start is allowed, but said (issue 48, bug 12: a 1,500 hyper began at 7.5 BB).
  const stack = Number(form.startingStack);
  const depth = Number.isInteger(stack) && stack > 0 ? startingDepth(form.template, stack) : null;
  /** A template the catalogue knows is named in the viewer's language; any other as the API names it. */
  const templateText = (id: string, part: "name" | "description", fallback: string) =>
    t.has(`templates.${id}.${part}` as never) ? t(`templates.${id}.${part}` as never) : fallback;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const input = toInput({ ...form, payoutTableId });
    create.mutate(input, {
      onSuccess: async () => {
        setSaved(t("scheduled", { name: input.name.trim() }));
        setForm(emptyForm(payoutTableId));
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.tournaments.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.lobby.tournaments.queryKey() }),
        ]);
      },
    });
  };

  const set = (key: keyof FormState) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const number = (key: NumberField) => ({
    id: `tournament-${key}`,
    type: "number",
    step: 1,
    inputMode: "numeric" as const,
    value: form[key],
    "aria-invalid": Boolean(errors[key]),
    onChange: set(key),
  });
  // Rebuy and add-on start from the buy-in and the starting stack, the usual 1:1 offer.
  const toggleRebuy = (on: boolean) =>
    setForm((f) => ({
      ...f,
      rebuy: on ? { chips: f.startingStack, price: f.buyIn, fee: f.fee, untilLevel: "6" } : null,
    }));
  const toggleAddOn = (on: boolean) =>
    setForm((f) => ({
      ...f,
      addOn: on
        ? { chips: f.startingStack, price: f.buyIn, fee: f.fee, fromLevel: "6", untilLevel: "6" }
        : null,
    }));

  return (
    <form
      className="form tournament-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="tournament-form-title"
    >
      <h2 id="tournament-form-title">{t("new")}</h2>
      <OptionalGroup
        legend={t("sitAndGo")}
        on={form.sitAndGo !== null}
        onToggle={(on) =>
          setForm((f) => ({ ...f, sitAndGo: on ? { seats: "6", refill: true } : null }))
        }
        error={errors.sitAndGo}
      >
        <ChildField
          group="sitAndGo"
          field="seats"
          label={t("sitAndGoSeats")}
          value={form.sitAndGo?.seats ?? ""}
          error={errors["sitAndGo.seats"]}
          onChange={(seats) =>
            setForm((f) => ({ ...f, sitAndGo: f.sitAndGo && { ...f.sitAndGo, seats } }))
          }
        />
        <label className="inline">
          <input
            type="checkbox"
            id="tournament-sitAndGo-refill"
            checked={form.sitAndGo?.refill ?? false}
            onChange={(e) =>
              setForm((f) => ({
                ...f,
                sitAndGo: f.sitAndGo && { ...f.sitAndGo, refill: e.target.checked },
              }))
            }
          />
          {t("sitAndGoRefill")}
        </label>
      </OptionalGroup>
      <Group legend={t("basics")}>
        <Field name="tournament-name" label={t("name")} error={errors.name}>
          <input
            id="tournament-name"
            value={form.name}
            onChange={set("name")}
            aria-invalid={Boolean(errors.name)}
            placeholder={t("namePlaceholder")}
          />
        </Field>
        {!form.sitAndGo && (
          <>
            <Field
              name="tournament-startsAt"
              label={t("startsAt")}
              error={errors.startsAt}
              hint={t("startsAtHint")}
            >
              <input
                id="tournament-startsAt"
                type="datetime-local"
                value={form.startsAt}
                onChange={set("startsAt")}
                aria-invalid={Boolean(errors.startsAt)}
              />
            </Field>
            <Field
              name="tournament-repeatEveryMinutes"
              label={t("repeats")}
              error={errors.repeatEveryMinutes}
              hint={t("repeatsHint")}
            >
              <select
                id="tournament-repeatEveryMinutes"
                value={form.repeatEveryMinutes}
                onChange={set("repeatEveryMinutes")}
              >
                {REPEATS.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {t(`repeat.${minutes === "" ? "once" : minutes}`)}
                  </option>
                ))}
              </select>
            </Field>
          </>
        )}
        <Field
          name="tournament-template"
          label={t("structure")}
          error={errors.template}
          hint={template ? templateText(template.id, "description", template.description) : ""}
        >
          <select id="tournament-template" value={form.template} onChange={set("template")}>
            {(templates.data ?? []).map((x) => (
              <option key={x.id} value={x.id}>
                {templateText(x.id, "name", x.name)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          name="tournament-levelSeconds"
          label={t("levelSeconds")}
          error={errors.levelSeconds}
          hint={
            template
              ? t("levelSecondsHint", { duration: duration(template.levelSeconds * 1000) })
              : ""
          }
        >
          <input
            {...number("levelSeconds")}
            placeholder={template ? String(template.levelSeconds) : ""}
          />
        </Field>
        <Field name="tournament-game" label={t("game")} error={errors.game} hint={t("gameHint")}>
          <select id="tournament-game" value={form.game} onChange={set("game")}>
            {TOURNAMENT_GAMES.map((game) => (
              <option key={game} value={game}>
                {games(game)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          name="tournament-actionSeconds"
          label={t("actionSeconds")}
          error={errors.actionSeconds}
          hint={template ? t("actionSecondsHint", { seconds: template.actionSeconds }) : ""}
        >
          <input
            {...number("actionSeconds")}
            placeholder={template ? String(template.actionSeconds) : ""}
          />
        </Field>
        <Field
          name="tournament-timeBankSeconds"
          label={t("timeBankSeconds")}
          error={errors.timeBankSeconds}
          hint={template ? t("timeBankSecondsHint", { seconds: template.timeBankSeconds }) : ""}
        >
          <input
            {...number("timeBankSeconds")}
            placeholder={template ? String(template.timeBankSeconds) : ""}
          />
        </Field>
      </Group>
      <Group legend={t("lobbyTexts")}>
        <Field
          name="tournament-nameRu"
          label={t("nameRu")}
          error={errors.nameRu}
          hint={t("nameRuHint")}
        >
          <input
            id="tournament-nameRu"
            lang="ru"
            value={form.nameRu}
            onChange={set("nameRu")}
            aria-invalid={Boolean(errors.nameRu)}
          />
        </Field>
        <Field name="tournament-description" label={t("description")} error={errors.description}>
          <textarea
            id="tournament-description"
            rows={2}
            value={form.description}
            onChange={set("description")}
            aria-invalid={Boolean(errors.description)}
          />
        </Field>
        <Field
          name="tournament-descriptionRu"
          label={t("descriptionRu")}
          error={errors.descriptionRu}
          hint={t("descriptionRuHint")}
        >
          <textarea
            id="tournament-descriptionRu"
            lang="ru"
            rows={2}
            value={form.descriptionRu}
            onChange={set("descriptionRu")}
            aria-invalid={Boolean(errors.descriptionRu)}
          />
        </Field>
      </Group>
      <Group legend={t("prizes")}>
        <Field
          name="tournament-buyIn"
          label={t("buyIn")}
          error={errors.buyIn}
          hint={t("buyInHint")}
        >
          <input {...number("buyIn")} />
        </Field>
        <Field name="tournament-fee" label={t("fee")} error={errors.fee} hint={t("feeHint")}>
          <input {...number("fee")} />
        </Field>
        <Field
          name="tournament-startingStack"
          label={t("startingStack")}
          error={errors.startingStack}
        >
          <input {...number("startingStack")} />
          {depth?.short && (
            <small className="warning" role="status" data-testid="short-stack">
              {t("shortStack", {
                bigBlinds: depth.bigBlinds,
                bigBlind: depth.bigBlind,
                min: SHORT_STACK_BIG_BLINDS,
              })}
            </small>
          )}
        </Field>
        <Field
          name="tournament-guarantee"
          label={t("guarantee")}
          error={errors.guarantee}
          hint={t("guaranteeHint")}
        >
          <input {...number("guarantee")} />
        </Field>
        <Field
          name="tournament-payoutTableId"
          label={t("payoutTable")}
          error={errors.payoutTableId}
        >
          <select
            id="tournament-payoutTableId"
            value={payoutTableId}
            onChange={set("payoutTableId")}
            aria-invalid={Boolean(errors.payoutTableId)}
          >
            {payoutTables.data?.length === 0 && <option value="">{t("noPayoutTables")}</option>}
            {payoutTables.data?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </Field>
      </Group>
      <Group legend={t("field")}>
        <Field
          name="tournament-seatsPerTable"
          label={t("seatsPerTable")}
          error={errors.seatsPerTable}
          hint={t("seatsPerTableHint")}
        >
          <input {...number("seatsPerTable")} />
        </Field>
        <Field
          name="tournament-minEntrants"
          label={t("minEntrants")}
          error={errors.minEntrants}
          hint={t("minEntrantsHint")}
        >
          <input {...number("minEntrants")} />
        </Field>
        <Field
          name="tournament-maxEntrants"
          label={t("maxEntrants")}
          error={errors.maxEntrants}
          hint={t("maxEntrantsHint")}
        >
          <input {...number("maxEntrants")} />
        </Field>
        <Field
          name="tournament-lateRegistrationLevels"
          label={t("lateRegistrationLevels")}
          error={errors.lateRegistrationLevels}
          hint={t("lateRegistrationLevelsHint")}
        >
          <input {...number("lateRegistrationLevels")} />
        </Field>
        <Field
          name="tournament-maxEntriesPerPlayer"
          label={t("maxEntriesPerPlayer")}
          error={errors.maxEntriesPerPlayer}
          hint={t("maxEntriesPerPlayerHint")}
        >
          <input {...number("maxEntriesPerPlayer")} />
        </Field>
      </Group>
      <OptionalGroup
        legend={t("rebuys")}
        on={form.rebuy !== null}
        onToggle={toggleRebuy}
        error={errors.rebuy}
      >
        {form.rebuy &&
          REBUY_FIELDS.map((key) => (
            <ChildField
              key={key}
              group="rebuy"
              field={key}
              label={t(`rebuy.${key}`)}
              value={form.rebuy?.[key] ?? ""}
              error={errors[`rebuy.${key}`]}
              onChange={(value) =>
                setForm((f) => ({ ...f, rebuy: f.rebuy && { ...f.rebuy, [key]: value } }))
              }
            />
          ))}
      </OptionalGroup>
      <OptionalGroup
        legend={t("addOns")}
        on={form.addOn !== null}
        onToggle={toggleAddOn}
        error={errors.addOn}
      >
        {form.addOn &&
          ADD_ON_FIELDS.map((key) => (
            <ChildField
              key={key}
              group="addOn"
              field={key}
              label={t(`addOn.${key}`)}
              value={form.addOn?.[key] ?? ""}
              error={errors[`addOn.${key}`]}
              onChange={(value) =>
                setForm((f) => ({ ...f, addOn: f.addOn && { ...f.addOn, [key]: value } }))
              }
            />
          ))}
      </OptionalGroup>
      <FormFooter
        testId="tournament-form-error"
        error={create.error}
        showError={create.isError && Object.keys(errors).length === 0}
        saved={saved}
        pending={create.isPending}
        submitLabel={t("submit")}
      />
    </form>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="group">
      <legend>{legend}</legend>
      <div className="grid">{children}</div>
    </fieldset>
  );
}

/** A block of fields that is either off (null in the input) or filled in. */
function OptionalGroup({
  legend,
  on,
  onToggle,
  error,
  children,
}: {
  legend: string;
  on: boolean;
  onToggle: (on: boolean) => void;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <fieldset className="group">
      <legend>
        <label className="inline">
          <input type="checkbox" checked={on} onChange={(e) => onToggle(e.target.checked)} />
          {legend}
        </label>
      </legend>
      {on && <div className="grid">{children}</div>}
      {error && (
        <small role="alert" className="error">
          {legend} {error}
        </small>
      )}
    </fieldset>
  );
}

function ChildField({
  group,
  field,
  label,
  value,
  error,
  onChange,
}: {
  group: string;
  field: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = `tournament-${group}-${field}`;
  return (
    <Field name={id} label={label} error={error}>
      <input
        id={id}
        type="number"
        step={1}
        inputMode="numeric"
        value={value}
        aria-invalid={Boolean(error)}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
