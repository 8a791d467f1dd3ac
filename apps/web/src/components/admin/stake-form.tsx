"use client";
import type { AppRouter } from "@felt/api/router";
import { CHAT_MODES, DEALERS_CHOICE_GAMES, type DealersChoiceGame } from "@felt/protocol";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { useTranslations } from "next-intl";
import { type FormEvent, useEffect, useState } from "react";
import { useErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { Field } from "../field";
import { FormFooter } from "./form-footer";
import {
  DEFAULT_RUSSIAN_FORM,
  RussianRulesFields,
  type RussianRulesForm,
  rulesOf,
  russianFormOf,
} from "./russian-rules-fields";

type StakeInput = inferRouterInputs<AppRouter>["admin"]["stakes"]["create"];
export type Stake = inferRouterOutputs<AppRouter>["admin"]["stakes"]["list"][number];

const NUMBER_FIELDS = [
  "smallBlind",
  "bigBlind",
  "smallBet",
  "bigBet",
  "ante",
  "minBuyInBb",
  "maxBuyInBb",
  "seats",
  "rakePercent",
  "rakeCap",
  "actionSeconds",
  "timeBankSeconds",
  "timeBankRefillSeconds",
  "timeBankRefillHands",
] as const;
type NumberField = (typeof NUMBER_FIELDS)[number];

type FormState = {
  name: string;
  game: StakeInput["game"];
  betting: StakeInput["betting"];
  deck: NonNullable<StakeInput["deck"]>;
  wild: NonNullable<StakeInput["wild"]>;
  noFlopNoDrop: boolean;
  chat: NonNullable<StakeInput["chat"]>;
  /** Dealer's choice: the games the button picks from. */
  games: DealersChoiceGame[];
  /** Russian poker: its options and pay tables. */
  russian: RussianRulesForm;
} & Record<NumberField, string>;

const EMPTY: FormState = {
  name: "",
  game: "holdem",
  betting: "no-limit",
  deck: "52",
  wild: "none",
  noFlopNoDrop: true,
  chat: "players",
  games: [],
  russian: DEFAULT_RUSSIAN_FORM,
  smallBlind: "",
  bigBlind: "",
  smallBet: "",
  bigBet: "",
  ante: "0",
  minBuyInBb: "20",
  maxBuyInBb: "100",
  seats: "9",
  rakePercent: "0",
  rakeCap: "0",
  actionSeconds: "20",
  timeBankSeconds: "60",
  timeBankRefillSeconds: "10",
  timeBankRefillHands: "5",
};

function fromStake(stake: Stake): FormState {
  const numbers = Object.fromEntries(
    NUMBER_FIELDS.map((key) => [key, stake[key] === null ? "" : String(stake[key])]),
  ) as Record<NumberField, string>;
  return {
    ...numbers,
    name: stake.name,
    game: stake.game,
    betting: stake.betting,
    deck: stake.deck,
    wild: stake.wild,
    noFlopNoDrop: stake.noFlopNoDrop,
    chat: stake.chat,
    games: stake.games ?? [],
    russian: russianFormOf(stake.russian),
  };
}

/**
 * The server's schema is the one source of truth for what is valid: the form
 * sends what was typed (an empty box is "missing") and shows the API's
 * message under each field.
 */
function toInput(form: FormState): StakeInput {
  const numbers: Partial<Record<NumberField, number>> = {};
  for (const key of NUMBER_FIELDS) {
    if (form[key].trim() !== "") numbers[key] = Number(form[key]);
  }
  if (form.betting !== "fixed-limit" || form.game === "russian") {
    delete numbers.smallBet;
    delete numbers.bigBet;
  }
  if (form.game === "russian") {
    // The house plays the boxes: no rake, no ante, no time bank to speak of.
    for (const key of ["ante", "rakePercent", "rakeCap"] as const) delete numbers[key];
  }
  return {
    name: form.name,
    game: form.game,
    betting: form.game === "russian" ? "no-limit" : form.betting,
    deck: form.game === "russian" ? "52" : form.deck,
    wild: form.game === "russian" ? "none" : form.wild,
    noFlopNoDrop: form.noFlopNoDrop,
    chat: form.chat,
    games: form.game === "dealers-choice" ? form.games : null,
    russian: form.game === "russian" ? rulesOf(form.russian) : null,
    ...numbers,
  } as StakeInput;
}

export function StakeForm({ editing, onDone }: { editing: Stake | null; onDone: () => void }) {
  const t = useTranslations("admin.stakeForm");
  const common = useTranslations("admin.common");
  const o = useTranslations("admin.options");
  const { fields: fieldErrors } = useErrors();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState>(EMPTY);
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => setForm(editing ? fromStake(editing) : EMPTY), [editing]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
  const create = useMutation(trpc.admin.stakes.create.mutationOptions());
  const update = useMutation(trpc.admin.stakes.update.mutationOptions());
  const mutation = editing ? update : create;
  const errors = fieldErrors(mutation.error);
  const isRussian = form.game === "russian";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const input = toInput(form);
    const onSuccess = (stake: Stake) => {
      setSaved(common("saved", { name: stake.name }));
      setForm(EMPTY);
      // Leave editing now, and only after an edit: waiting for the lists to reload first would
      // throw the admin out of an edit he began meanwhile (a slow reload did, in a test).
      if (editing) onDone();
      void refresh();
    };
    if (editing) update.mutate({ id: editing.id, stake: input }, { onSuccess });
    else create.mutate(input, { onSuccess });
  };

  const text = (key: "name" | NumberField) => ({
    id: key,
    value: form[key],
    "aria-invalid": Boolean(errors[key]),
    onChange: (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [key]: e.target.value })),
  });
  const number = (key: NumberField, step = "1") => ({
    ...text(key),
    type: "number",
    step,
    inputMode: "numeric" as const,
  });

  return (
    <form
      className="form stake-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="stake-form-title"
    >
      <h2 id="stake-form-title">
        {editing ? common("editTitle", { name: editing.name }) : t("new")}
      </h2>
      <div className="grid">
        <Field name="name" label={t("name")} error={errors.name}>
          <input {...text("name")} placeholder={t("namePlaceholder")} />
        </Field>
        <Field name="game" label={t("game")} error={errors.game}>
          <select
            id="game"
            value={form.game}
            onChange={(e) => setForm((f) => ({ ...f, game: e.target.value as FormState["game"] }))}
          >
            <option value="holdem">{o("games.holdem")}</option>
            <option value="omaha">{o("games.omaha")}</option>
            <option value="draw">{o("games.draw")}</option>
            <option value="stud7">{o("games.stud7")}</option>
            <option value="stud5">{o("games.stud5")}</option>
            <option value="dealers-choice">{o("games.dealers-choice")}</option>
            <option value="russian">{o("games.russian")}</option>
          </select>
        </Field>
        {form.game === "dealers-choice" && (
          <fieldset className="field dealers-games" aria-describedby="games-hint">
            <legend>{t("games")}</legend>
            <p id="games-hint" className="muted">
              {t("gamesHint")}
            </p>
            {DEALERS_CHOICE_GAMES.map((game) => (
              <label key={game}>
                <input
                  type="checkbox"
                  name="games"
                  value={game}
                  checked={form.games.includes(game)}
                  onChange={(e) =>
                    setForm((f) => ({
                      ...f,
                      games: e.target.checked
                        ? DEALERS_CHOICE_GAMES.filter((g) => g === game || f.games.includes(g))
                        : f.games.filter((g) => g !== game),
                    }))
                  }
                />
                {o(`dealersGames.${game}`)}
              </label>
            ))}
            {errors.games && (
              <p className="error" data-testid="error-games">
                {errors.games}
              </p>
            )}
          </fieldset>
        )}
        {!isRussian && (
          <>
            <Field name="betting" label={t("betting")} error={errors.betting}>
              <select
                id="betting"
                value={form.betting}
                onChange={(e) =>
                  setForm((f) => ({ ...f, betting: e.target.value as FormState["betting"] }))
                }
              >
                <option value="no-limit">{o("betting.no-limit")}</option>
                <option value="pot-limit">{o("betting.pot-limit")}</option>
                <option value="fixed-limit">{o("betting.fixed-limit")}</option>
              </select>
            </Field>
            <Field name="deck" label={t("deck")} error={errors.deck}>
              <select
                id="deck"
                value={form.deck}
                onChange={(e) =>
                  setForm((f) => ({ ...f, deck: e.target.value as FormState["deck"] }))
                }
              >
                <option value="52">{o("decks.52")}</option>
                <option value="32">{o("decks.32")}</option>
              </select>
            </Field>
            <Field name="wild" label={t("wild")} error={errors.wild}>
              <select
                id="wild"
                value={form.wild}
                onChange={(e) =>
                  setForm((f) => ({ ...f, wild: e.target.value as FormState["wild"] }))
                }
              >
                <option value="none">{o("wild.none")}</option>
                <option value="joker">{o("wild.joker")}</option>
                <option value="two-jokers">{o("wild.two-jokers")}</option>
                <option value="bug">{o("wild.bug")}</option>
                <option value="deuces">{o("wild.deuces")}</option>
                <option value="deuces-and-joker">{o("wild.deuces-and-joker")}</option>
                <option value="one-eyed-jacks">{o("wild.one-eyed-jacks")}</option>
                <option value="lowest-in-hand">{o("wild.lowest-in-hand")}</option>
                <option value="low-hole-card">{o("wild.low-hole-card")}</option>
              </select>
            </Field>
          </>
        )}
        <Field
          name="smallBlind"
          label={isRussian ? t("minAnte") : t("smallBlind")}
          error={errors.smallBlind}
        >
          <input {...number("smallBlind")} />
        </Field>
        <Field
          name="bigBlind"
          label={isRussian ? t("maxAnte") : t("bigBlind")}
          error={errors.bigBlind}
        >
          <input {...number("bigBlind")} />
        </Field>
        {!isRussian && form.betting === "fixed-limit" && (
          <>
            <Field name="smallBet" label={t("smallBet")} error={errors.smallBet}>
              <input {...number("smallBet")} />
            </Field>
            <Field name="bigBet" label={t("bigBet")} error={errors.bigBet}>
              <input {...number("bigBet")} />
            </Field>
          </>
        )}
        {!isRussian && (
          <Field name="ante" label={t("ante")} error={errors.ante}>
            <input {...number("ante")} />
          </Field>
        )}
        <Field
          name="minBuyInBb"
          label={isRussian ? t("minBuyInAntes") : t("minBuyInBb")}
          error={errors.minBuyInBb}
          hint={t("minBuyInBbHint")}
        >
          <input {...number("minBuyInBb")} />
        </Field>
        <Field
          name="maxBuyInBb"
          label={isRussian ? t("maxBuyInAntes") : t("maxBuyInBb")}
          error={errors.maxBuyInBb}
          hint={t("maxBuyInBbHint")}
        >
          <input {...number("maxBuyInBb")} />
        </Field>
        <Field
          name="seats"
          label={t("seats")}
          error={errors.seats}
          hint={isRussian ? t("seatsHintRussian") : t("seatsHint")}
        >
          <input {...number("seats")} />
        </Field>
        {!isRussian && (
          <>
            <Field name="rakePercent" label={t("rakePercent")} error={errors.rakePercent}>
              <input {...number("rakePercent", "0.01")} inputMode="decimal" />
            </Field>
            <Field name="rakeCap" label={t("rakeCap")} error={errors.rakeCap}>
              <input {...number("rakeCap")} />
            </Field>
          </>
        )}
        <Field name="actionSeconds" label={t("actionSeconds")} error={errors.actionSeconds}>
          <input {...number("actionSeconds")} />
        </Field>
        {/* Russian poker has no time bank: the round's clock is the action clock. */}
        {!isRussian && (
          <>
            <Field
              name="timeBankSeconds"
              label={t("timeBankSeconds")}
              error={errors.timeBankSeconds}
            >
              <input {...number("timeBankSeconds")} />
            </Field>
            <Field
              name="timeBankRefillSeconds"
              label={t("timeBankRefillSeconds")}
              error={errors.timeBankRefillSeconds}
              hint={t("timeBankRefillSecondsHint")}
            >
              <input {...number("timeBankRefillSeconds")} />
            </Field>
            <Field
              name="timeBankRefillHands"
              label={t("timeBankRefillHands")}
              error={errors.timeBankRefillHands}
            >
              <input {...number("timeBankRefillHands")} />
            </Field>
          </>
        )}
        <Field name="chat" label={t("chat")} error={errors.chat} hint={t("chatHint")}>
          <select
            id="chat"
            value={form.chat}
            onChange={(e) => setForm((f) => ({ ...f, chat: e.target.value as FormState["chat"] }))}
          >
            {CHAT_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {o(`chat.${mode}`)}
              </option>
            ))}
          </select>
        </Field>
        {!isRussian && (
          <div className="field inline">
            <label>
              <input
                type="checkbox"
                checked={form.noFlopNoDrop}
                onChange={(e) => setForm((f) => ({ ...f, noFlopNoDrop: e.target.checked }))}
              />
              {t("noFlopNoDrop")}
            </label>
          </div>
        )}
      </div>
      {isRussian && (
        <RussianRulesFields
          form={form.russian}
          onChange={(russian) => setForm((f) => ({ ...f, russian }))}
          errors={errors}
          minAnte={form.smallBlind}
          maxAnte={form.bigBlind}
        />
      )}
      <FormFooter
        testId="stake-form-error"
        error={mutation.error}
        showError={mutation.isError && Object.keys(errors).length === 0}
        saved={saved}
        pending={mutation.isPending}
        submitLabel={editing ? t("save") : t("create")}
        onCancel={editing ? onDone : null}
      />
    </form>
  );
}
